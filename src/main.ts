import { Command, CommanderError, Option } from 'commander';
import { createContext, type IO } from './context';
import { palette } from './output/palette';
import { colorEnabled } from './output/terminal';
import { CliError, EXIT, exitCodeOf } from './errors';
import { ApiError, TransportError } from './api/errors';
import { DatabaseUnavailable, EngineError } from './engine/errors';
import { registerCommands } from './commands/index';
import { helpTopicText, isHelpTopic, TOPICS_LINE, unknownHelpSubject, unknownSubcommand } from './commands/help-topics/index';
import { VERSION } from './version';
import { GLOBAL_FLAGS } from './global-flags';
import type { GlobalFlags } from './config';
import { FORMATS } from './output/format';
import { normalizeJsonFlag } from './output/json-argv';
import { processWriter } from './output/process-writer';
import { wrapHelp } from './output/help-wrap';

export async function buildProgram(io: IO, argv: string[] = []) {
  const program = new Command('docsctl');
  const ctx = createContext(io, () => program.opts<GlobalFlags>());
  ctx.wholeProgram = async () => (await buildProgram(io, [])).program;
  program
    .description('Administer a documentation platform: embedded engine on SQLite, or a remote instance over HTTP.')
    .version(VERSION, '-V, --version', 'print the version');
  for (const flag of GLOBAL_FLAGS) {
    const option = new Option(flag.optionalValue ? `${flag.name} [${flag.value}]` : `${flag.name} <${flag.value}>`, flag.description);
    program.addOption(flag.choices === 'formats' ? option.choices([...FORMATS]) : option);
  }
  program
    .exitOverride()
    .configureOutput({
      // At the width commander wraps its own help at (the terminal's, else 80), so that the text added
      // after it (an event list, notes) breaks at words too.
      writeOut: (s) => io.stdout.write(wrapHelp(s, (process.stdout.isTTY && process.stdout.columns) || 80)),
      writeErr: (s) => io.stderr.write(wrapHelp(s, (process.stderr.isTTY && process.stderr.columns) || 80)),
      // Errors go out as written: one line each, whole for scripts that read them.
      outputError: (s) => io.stderr.write(s),
    })
    .showHelpAfterError('(run with --help for usage)')
    .addHelpText(
      'after',
      `
Examples:
  $ docsctl init --sample             create the local database with a sample organization
  $ docsctl members list              members of your organization, as a table
  $ docsctl teams sync -f teams.yaml  plan team membership changes (add --apply to apply)
  $ docsctl serve --port 8080         serve the API over HTTP

Exit codes: 0 ok, 1 error, 2 usage or cancelled, 4 not allowed, 5 not found, 6 conflict, 7 rate limited.
${TOPICS_LINE}`,
    );
  await registerCommands(program, ctx, argv);
  return { program, ctx };
}

/** Runs docsctl with `argv` (without node and script) and returns the exit code. */
/** `error:`, in red for a person at a colour terminal. */
function errorLabel(io: IO): string {
  return palette(colorEnabled(io.env, Boolean((io.stderr as { isTTY?: boolean }).isTTY)))('error:', 'bad');
}

export async function main(argv: string[], partial: Partial<IO> = {}): Promise<number> {
  let stderr: IO['stderr'] | undefined;
  const io: IO = {
    stdout: partial.stdout ?? processWriter(1),
    // A getter, as stdin: a command that writes nothing to stderr never makes its stream.
    get stderr() {
      return (stderr ??= partial.stderr ?? processWriter(2));
    },
    // A getter: creating process.stdin costs milliseconds of start-up, and most commands never read it.
    get stdin() {
      return partial.stdin ?? process.stdin;
    },
    env: partial.env ?? process.env,
    cwd: partial.cwd ?? process.cwd(),
    prompter: partial.prompter,
    now: partial.now,
  };
  // `docsctl help teams get` is the help of `teams get` (commander alone would show that of `teams`).
  if (argv[0] === 'help' && argv.length > 2 && argv.every((word) => !word.startsWith('-'))) argv = [...argv.slice(1), '--help'];
  if (argv[0] === 'help' && isHelpTopic(argv[1])) {
    io.stdout.write(await helpTopicText(argv[1]));
    return EXIT.ok;
  }
  const { program, ctx } = await buildProgram(io, argv);
  const unknownHelp = unknownHelpSubject(program, argv) ?? unknownSubcommand(program, normalizeJsonFlag(program, argv));
  if (unknownHelp) {
    io.stderr.write(`error: ${unknownHelp}\n`);
    return EXIT.usage;
  }
  try {
    await program.parseAsync(normalizeJsonFlag(program, argv), { from: 'user' });
    await ctx.flush();
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help'
        ? EXIT.ok
        : EXIT.usage;
    }
    // Output queued before the failure (e.g. JSON filtered by --jq) still comes out first.
    await ctx.flush().catch(() => undefined);
    const code = exitCodeOf(error);
    const known = error instanceof CliError || error instanceof ApiError || error instanceof EngineError || error instanceof TransportError;
    const message = error instanceof Error ? error.message : String(error);
    const database = databaseFailure(error);
    io.stderr.write(`${errorLabel(io)} ${known ? message : database ?? `unexpected failure: ${message}`}\n`);
    // A refusal for lack of role says how to go on (act as another member, another token).
    const hint = known ? await ctx.refusalHint(error, argv).catch(() => undefined) : undefined;
    if (hint) io.stderr.write(`hint: ${hint}\n`);
    if (!known && io.env.DOCSCTL_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
    return code;
  } finally {
    await ctx.close();
  }
}

/**
 * What the database said, for a failure of its driver (PostgreSQL's errors carry a severity and a
 * SQLSTATE code; a lost connection, a node error code): named as the database's, not as a bug of ours.
 */
export function databaseFailure(error: unknown): string | undefined {
  if (error instanceof DatabaseUnavailable) return error.message;
  const e = error as { severity?: unknown; code?: unknown; message?: unknown } | null;
  if (typeof e?.message !== 'string') return undefined;
  if (typeof e.severity === 'string' && typeof e.code === 'string') return `the database refused: ${e.message} (PostgreSQL ${e.code})`;
  if (/^(Connection terminated|terminating connection|Client has encountered a connection error)/.test(e.message)) return `the database connection was lost: ${e.message}`;
  return undefined;
}
