import table from '../bin/global-flags.json';

/** A flag every command takes (`--db`, `--json`…), as bin/global-flags.json lists it. */
export interface GlobalFlag {
  name: string;
  /** The name of its value in help (`--db <file>`). */
  value: string;
  /** The value may be left out (`--json` alone prints whole objects). */
  optionalValue?: boolean;
  /** It says where commands run (local file, remote URL, user, organization): completion passes it on. */
  target?: boolean;
  /** Its values are a fixed list, given where the program is built (`formats`: output/format.ts). */
  choices?: 'formats';
  description: string;
}

/** The one table of global flags: the program, the code-cache runner, the registry and completion read it. */
export const GLOBAL_FLAGS: readonly GlobalFlag[] = table.flags as GlobalFlag[];

/** Flags whose next word is always their value, so it is not the command word. */
export const VALUE_FLAGS: ReadonlySet<string> = new Set(GLOBAL_FLAGS.filter((f) => !f.optionalValue).map((f) => f.name));

/** Flags whose values the completion scripts pass on to `__complete`, so it looks in the same place. */
export const TARGET_FLAGS: readonly string[] = GLOBAL_FLAGS.filter((f) => f.target).map((f) => f.name);
