import type { Command, Option } from 'commander';
import { looksLikeFields } from './fields';

const subcommand = (command: Command, word: string) => command.commands.find((c) => c.name() === word || c.aliases().includes(word));

/** The option `word` names on `command` or a command above it (global flags live on the program). */
function optionOf(command: Command, word: string): Option | undefined {
  for (let c: Command | null = command; c; c = c.parent) {
    const found = c.options.find((o) => o.long === word || o.short === word);
    if (found) return found;
  }
  return undefined;
}

/** How many of `words` are positional arguments of `command`: not flags, not the values flags take. */
function positionals(command: Command, words: string[]): number {
  let count = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    if (word === '--') return count + words.length - i - 1;
    if (!word.startsWith('-')) count++;
    else if (!word.includes('=') && optionOf(command, word)?.required) i++;
  }
  return count;
}

/**
 * `--json` takes an optional field list, but it is also written right before command words
 * (`docsctl --json spaces list`) and before arguments, so commander must not swallow the next word.
 * The word after `--json` becomes its value only when it is not a flag, not a subcommand of the command
 * reached so far, reads as a field list (lower-case names, dots and commas: `id,user.email`), and is not
 * needed as one of the command's required arguments (`spaces get --json ID`, where an id can read as a
 * field name); `--json=FIELDS` is always fields. Every `--json` leaves here as `--json=` (bare) or
 * `--json=FIELDS`.
 */
export function normalizeJsonFlag(program: Command, argv: string[]): string[] {
  const out: string[] = [];
  let current = program;
  // Where the words of the command reached so far begin: its positional arguments are counted from there.
  let start = 0;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--') {
      out.push(...argv.slice(i));
      break;
    }
    if (word === '--json') {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('-') && !subcommand(current, next) && looksLikeFields(next) && !neededAsArgument(current, argv, start, i)) {
        out.push(`--json=${next}`);
        i++;
      } else {
        out.push('--json=');
      }
      continue;
    }
    if (!word.startsWith('-')) {
      const child = subcommand(current, word);
      if (child) {
        current = child;
        start = i + 1;
      }
    }
    out.push(word);
  }
  return out;
}

/** Whether the word after the `--json` at `at` must be one of `command`'s required arguments, the others given or not. */
function neededAsArgument(command: Command, argv: string[], start: number, at: number): boolean {
  const required = command.registeredArguments.filter((a) => a.required).length;
  if (!required) return false;
  const given = positionals(command, argv.slice(start, at).filter((w) => w !== '--json')) + positionals(command, argv.slice(at + 2));
  return given < required;
}
