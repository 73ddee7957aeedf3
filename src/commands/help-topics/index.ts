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
