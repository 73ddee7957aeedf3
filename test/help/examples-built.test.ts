import { BIN, runBuilt, spawnBuiltServe, startBuiltServer } from '../helpers/built';
import { describeExamples, type ExampleRunner } from './run-examples';

/**
 * Every example of docsctl's help again, through what users run: `bin/docsctl.cjs` (the esbuild bundle,
 * its vendor bundles and code cache) as a child process, with the sandbox as its only HOME, on a real
 * terminal (script(1)) where the in-process run pretends one, and a built `serve` for the remote examples.
 */

// Slow on purpose: a lifecycle test. Each group's examples run one after another as child processes of
// the built CLI (the spaces group: 40 of them, ~15 s on an idle machine), while the suite's other long
// builds run beside it.

const built: ExampleRunner = {
  run: (box, argv, { tty, env, stdin }) => runBuilt(box, argv, { tty, env, stdin }),
  async serve(box, argv) {
    const args = argv.map((a, i) => (argv[i - 1] === '--port' ? '0' : a)).filter((a) => a !== 'serve');
    if (!args.includes('--port')) args.push('--port', '0');
    const server = spawnBuiltServe(box, args);
    await server.listening;
    return server.stop();
  },
  startServer: startBuiltServer,
};

await describeExamples(`every example in help runs through the built ${BIN.split('/').slice(-2).join('/')}`, built);
