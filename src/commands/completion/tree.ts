import type { Command, Option } from 'commander';
import { kindOfArgument, kindOfOption, type ValueKind } from './kinds';

/**
 * What completes a value: ids or files (a ValueKind), one of fixed words (`=a,b,c`, from commander's
 * `.choices()`), or nothing ('' for free text).
 */
export type ValueCompletion = ValueKind | '' | `=${string}`;

/** A flag as completion sees it. `kind` says what completes its value. */
export interface FlagSpec {
  names: string[];
  description: string;
  takesValue: boolean;
  kind: ValueCompletion;
}

/** `=a,b,c` for fixed words, so the scripts can keep it in one word of their tables. */
const choicesOf = (words: readonly string[] | undefined): ValueCompletion | undefined => (words?.length ? `=${words.join(',')}` : undefined);

/** The words of a `=a,b,c` completion, or undefined for any other kind. */
export function choiceWords(kind: string): string[] | undefined {
  return kind.startsWith('=') ? kind.slice(1).split(',') : undefined;
}

/** One command of the program: where it is, what follows it, and what its arguments are. */
export interface CommandSpec {
  /** Canonical names from the program down, e.g. ['teams', 'members', 'add']; [] is the program. */
  path: string[];
  subcommands: { name: string; aliases: string[]; summary: string }[];
  /** Its own flags and --help (the program's global flags are in `ProgramSpec.globals`). */
  flags: FlagSpec[];
  /** What completes each positional argument; `variadic` repeats the last one. */
  args: ValueCompletion[];
  variadic: boolean;
}

export interface ProgramSpec {
  /** Flags every command accepts (commander reads the program's options anywhere on the line). */
  globals: FlagSpec[];
  commands: CommandSpec[];
}

export { TARGET_FLAGS } from '../../global-flags';

function flagOf(option: Option, path: string[]): FlagSpec {
  const names = [option.long, option.short].filter((n): n is string => Boolean(n));
  // Only a mandatory value is skipped over: `--json [fields]` is usually followed by a command word.
  const takesValue = option.required;
  const kind = takesValue ? (choicesOf(option.argChoices) ?? kindOfOption(option.long ?? '', path)) : '';
  return { names, description: option.description, takesValue, kind };
}

const HELP_FLAG: FlagSpec = { names: ['--help', '-h'], description: 'display help for command', takesValue: false, kind: '' };

/**
 * Walks the program after every group is registered and describes each command, so the completion
 * scripts follow the real commands, flags and arguments (hidden commands are left out).
 */
export function describeProgram(program: Command): ProgramSpec {
  const globals = program.options.map((o) => flagOf(o, []));
  const specs: CommandSpec[] = [];
  const visit = (command: Command, path: string[]) => {
    const visible = command.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden && c.name() !== 'help');
    const own = path.length ? command.options.map((o) => flagOf(o, path)) : [];
    const args = command.registeredArguments;
    specs.push({
      path,
      subcommands: visible.map((c) => ({ name: c.name(), aliases: c.aliases(), summary: c.summary() || c.description().split('\n')[0] })),
      flags: [...own, HELP_FLAG],
      args: args.map((a) => choicesOf(a.argChoices) ?? kindOfArgument(path, a.name())),
      variadic: Boolean(args.at(-1)?.variadic),
    });
    for (const child of visible) visit(child, [...path, child.name()]);
  };
  visit(program, []);
  return { globals, commands: specs };
}
