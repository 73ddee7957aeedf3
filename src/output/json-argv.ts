import type { Command } from 'commander';
import { looksLikeFields } from './fields';

const subcommand = (command: Command, word: string) => command.commands.find((c) => c.name() === word || c.aliases().includes(word));

/**
 * `--json` takes an optional field list, but it is also written right before command words
 * (`docsctl --json spaces list`) and before arguments, so commander must not swallow the next word.
 * The word after `--json` becomes its value only when it is not a flag, not a subcommand of the command
 * reached so far, and reads as a field list (lower-case names, dots and commas: `id,user.email`);
 * `--json=FIELDS` is always fields. Every `--json` leaves here as `--json=` (bare) or `--json=FIELDS`.
 */
export function normalizeJsonFlag(program: Command, argv: string[]): string[] {
  const out: string[] = [];
  let current = program;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--') {
      out.push(...argv.slice(i));
      break;
    }
    if (word === '--json') {
      const next = argv[i + 1];
      if (next !== undefined && !next.startsWith('-') && !subcommand(current, next) && looksLikeFields(next)) {
        out.push(`--json=${next}`);
        i++;
      } else {
        out.push('--json=');
      }
      continue;
    }
    if (!word.startsWith('-')) current = subcommand(current, word) ?? current;
    out.push(word);
  }
  return out;
}
