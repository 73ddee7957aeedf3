import type { Command } from 'commander';

/** `docsctl help <topic>`: pages about docsctl as a whole rather than one command. */
export const HELP_TOPICS = {
  environment: 'environment variables docsctl reads',
  'exit-codes': 'what each exit code means',
  output: 'tables, TSV, CSV, --json FIELDS, --jq, --all, colour',
  profiles: 'local and remote mode, login, and which setting wins',
} as const;

export type HelpTopic = keyof typeof HELP_TOPICS;

export function isHelpTopic(word: string | undefined): word is HelpTopic {
  return word !== undefined && Object.hasOwn(HELP_TOPICS, word);
}

/** The line the program's help ends with. */
export const TOPICS_LINE = `Help topics: ${Object.keys(HELP_TOPICS).join(', ')} (docsctl help <topic>)`;

/** `docsctl help WORD` where WORD is neither a topic nor a command: the message to fail with. */
export function unknownHelpSubject(program: Command, argv: string[]): string | undefined {
  const word = argv[0] === 'help' ? argv[1] : undefined;
  if (word === undefined || word.startsWith('-') || isHelpTopic(word)) return undefined;
  if (program.commands.some((c) => c.name() === word || c.aliases().includes(word))) return undefined;
  return `no help topic or command "${word}" (topics: ${Object.keys(HELP_TOPICS).join(', ')}; commands: docsctl help)`;
}

/** Edit distance of two short words (at most a few letters apart is "did you mean"). */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

/**
 * `docsctl GROUP WORD --help` where WORD is no command of GROUP (`openapi validat --help`): the message
 * to fail with (exit 2), where commander alone would print GROUP's help and exit 0, as if the command
 * existed. `argv` has been through normalizeJsonFlag (every --json carries its value after `=`), so a
 * flag's value is the next word exactly when the flag requires one. Only words before the first leaf
 * command are looked at: after it, words are its arguments.
 */
export function unknownSubcommand(program: Command, argv: string[]): string | undefined {
  if (!argv.some((word) => word === '--help' || word === '-h')) return undefined;
  let command = program;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--') return undefined;
    if (word.startsWith('-')) {
      const option = [command, program].flatMap((c) => c.options).find((o) => o.long === word || o.short === word);
      if (option?.required) i++;
      continue;
    }
    // A leaf, or a command that takes arguments itself: the rest are its arguments.
    if (!command.commands.length || (command as unknown as { _actionHandler?: unknown })._actionHandler) return undefined;
    const next = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) {
      if (command === program && word === 'help') return undefined;
      const path = [];
      for (let c: Command | null = command; c; c = c.parent) path.unshift(c.name());
      const names = command.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden).map((c) => c.name());
      const near = names.filter((name) => name.startsWith(word) || word.startsWith(name) || distance(name, word) <= 2);
      return `unknown command '${word}' for ${path.join(' ')}${near.length ? ` (did you mean ${near.join(' or ')}?)` : ''}; its commands: ${path.join(' ')} --help`;
    }
    command = next;
  }
  return undefined;
}

/** The text of a topic; loaded only when asked for. */
export async function helpTopicText(topic: HelpTopic): Promise<string> {
  switch (topic) {
    case 'environment':
      return (await import('./environment')).environment;
    case 'exit-codes':
      return (await import('./exit-codes')).exitCodes();
    case 'output':
      return (await import('./output')).output;
    case 'profiles':
      return (await import('./profiles')).profiles;
  }
}
