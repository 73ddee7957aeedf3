import type { Prompter } from '../../src/output/prompts';
import { serveHandles } from '../../src/commands/serve';
import { startServe } from '../helpers/serve';
import { describeExamples, type Box, type ExampleRunner } from './run-examples';

/** Every example of docsctl's help, run in-process through `main(argv)` (see run-examples.ts). */

/** A person at a terminal: yes to every question, the first choice of a pick-list. */
const prompter: Prompter = { confirm: async () => true, pick: async (_message, choices) => choices.slice(0, 1).map((c) => c.value) };

/** Runs `serve` on a free port until it listens, then stops it (and only it). */
async function runServe(box: Box, argv: string[]) {
  const args = argv.map((a, i) => (argv[i - 1] === '--port' ? '0' : a));
  if (!args.includes('--port')) args.push('--port', '0');
  const before = new Set(serveHandles);
  let done = false;
  const serving = box.run(args).finally(() => (done = true));
  let handle: (() => void) | undefined;
  while (!done && !handle) {
    await new Promise((r) => setTimeout(r, 10));
    handle = [...serveHandles].find((h) => !before.has(h));
  }
  handle?.();
  return serving;
}

const inProcess: ExampleRunner = {
  run: (box, argv, { tty, env, stdin }) => box.run(argv, { tty, prompter, env, stdin }),
  serve: runServe,
  startServer: (box) => startServe(box),
};

await describeExamples('every example in help runs against the sample database', inProcess);
