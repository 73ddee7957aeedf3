import type { Command } from 'commander';
import { buildProgram } from '../../src/main';
import { HELP_TOPICS, helpTopicText, type HelpTopic } from '../../src/commands/help-topics/index';
import { commandPart } from './shell-words';

export interface Example {
  /** Where it is documented: a command path ('' for the program) or `help <topic>`. */
  source: string;
  /** The command path's first word, which decides the sandbox it runs in. */
  group: string;
  /** The command's own name, to run destructive verbs last. */
  verb: string;
  line: string;
}

const silentIO = () => ({
  stdout: { write: () => true },
  stderr: { write: () => true },
  stdin: process.stdin,
  env: {},
  cwd: process.cwd(),
});

export function helpText(command: Command): string {
  let text = '';
  command.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
  command.outputHelp();
  return text;
}

/** `$ docsctl …` lines of a help text, without their descriptions. */
export function examplesIn(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('$ ') && /\bdocsctl\b/.test(l))
    .map((l) => commandPart(l.slice(2)).trim());
}

/** The whole program, every group registered, as `docsctl --help` builds it. */
export async function fullProgram(): Promise<Command> {
  return (await buildProgram(silentIO(), [])).program;
}

/** Every visible command with its path, the program first. */
export function commandsOf(program: Command): { path: string[]; command: Command }[] {
  const found: { path: string[]; command: Command }[] = [];
  const visit = (command: Command, path: string[]) => {
    found.push({ path, command });
    for (const child of command.commands) {
      if ((child as unknown as { _hidden: boolean })._hidden || child.name() === 'help') continue;
      visit(child, [...path, child.name()]);
    }
  };
  visit(program, []);
  return found;
}

/** Every example of the program's help, its commands' help and the help topics. */
export async function allExamples(): Promise<Example[]> {
  const program = await fullProgram();
  const examples: Example[] = [];
  for (const { path, command } of commandsOf(program)) {
    for (const line of examplesIn(helpText(command))) {
      examples.push({ source: path.join(' ') || '(program)', group: path[0] ?? '(program)', verb: path.at(-1) ?? '', line });
    }
  }
  for (const topic of Object.keys(HELP_TOPICS) as HelpTopic[]) {
    for (const line of examplesIn(await helpTopicText(topic))) examples.push({ source: `help ${topic}`, group: `help ${topic}`, verb: '', line });
  }
  return examples;
}
