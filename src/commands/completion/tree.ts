import type { Command, Option } from 'commander';
import { kindOfArgument, kindOfOption, type ValueKind } from './kinds';

/** A flag as completion sees it. `kind` names what its value is ('' for free text). */
export interface FlagSpec {
  names: string[];
  description: string;
  takesValue: boolean;
  kind: ValueKind | '';
}

/** One command of the program: where it is, what follows it, and what its arguments are. */
export interface CommandSpec {
  /** Canonical names from the program down, e.g. ['teams', 'members', 'add']; [] is the program. */
  path: string[];
  subcommands: { name: string; aliases: string[]; summary: string }[];
  /** Its own flags and --help (the program's global flags are in `ProgramSpec.globals`). */
  flags: FlagSpec[];
  /** What each positional argument is ('' for free text); `variadic` repeats the last one. */
  args: (ValueKind | '')[];
  variadic: boolean;
}

export interface ProgramSpec {
  /** Flags every command accepts (commander reads the program's options anywhere on the line). */
  globals: FlagSpec[];
  commands: CommandSpec[];
}

/** Global flags whose values the scripts pass on to `__complete`, so it looks in the same place. */
export const TARGET_FLAGS = ['--db', '--url', '--token', '--profile', '--org', '--as'];

function flagOf(option: Option, path: string[]): FlagSpec {
  const names = [option.long, option.short].filter((n): n is string => Boolean(n));
  // Only a mandatory value is skipped over: `--json [fields]` is usually followed by a command word.
  const takesValue = option.required;
  return { names, description: option.description, takesValue, kind: takesValue ? kindOfOption(option.long ?? '', path) : '' };
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
      args: args.map((a) => kindOfArgument(path, a.name())),
      variadic: Boolean(args.at(-1)?.variadic),
    });
    for (const child of visible) visit(child, [...path, child.name()]);
  };
  visit(program, []);
  return { globals, commands: specs };
}
