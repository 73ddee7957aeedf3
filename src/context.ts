import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ApiClient } from './api/client';
import type { SiteFetcher } from './static-site/fetcher';
import type { Transport } from './api/transports/transport';
import { ConfigError, resolveTarget, type Env, type GlobalFlags, type Target } from './config';
import { CliError, UsageError, EXIT } from './errors';
import { createOutput, type Output } from './output/output';
import { inquirerPrompter, type Prompter } from './output/prompts';
import type { Engine, openEngine as OpenEngine } from './engine/index';
import { routes } from './api/routes/index';
import { VERSION } from './version';
import type { Writer } from './output/render';
import { withSpinner } from './output/spinner';
import { createProgress } from './output/progress';
import { resolveOutputMode } from './output/format';
import { colorEnabled, isCI, isDumbTerminal } from './output/terminal';
import type { ImportLimits } from './domain/import-limits';
import { databaseLabel, isPostgresUrl, sqliteFile } from './domain/database-location';
import { maxFileSizeOf } from './domain/file-size';
import type { DatabaseCredentials } from './engine/store/postgres-password';
import { FileStoreFailed, FileStoreRefused, NewerDatabase, PasswordMissing, SetUpRefused } from './engine/errors';
import { s3SettingsOf, type S3Settings } from './engine/content/s3-file-store';

export interface IO {
  stdout: Writer & { isTTY?: boolean; columns?: number };
  stderr: Writer & { isTTY?: boolean; columns?: number };
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  env: Env;
  cwd: string;
  prompter?: Prompter;
  /** The clock relative times are read against (tests fix it); the system clock by default. */
  now?: () => Date;
}

/**
 * Opens the engine on a database location, turning what a user can fix into a clear error: a database
 * written by a newer docsctl, a server that cannot be reached, a login refused, a database missing.
 */
export async function openDatabase(location: string, options: Parameters<typeof OpenEngine>[1] = {}): Promise<Engine> {
  // The engine loads here, not at start-up: a remote command never sets up its modules.
  const { openEngine } = await import('./engine/index');
  return await opening(location, () => openEngine(location, options));
}

/** Runs `open` on a database location, turning its failures a user can fix into CliErrors (see openDatabase). */
export async function opening<T>(location: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    if (error instanceof NewerDatabase) throw new CliError(`${databaseLabel(location)}: ${error.message}`, EXIT.conflict);
    if (error instanceof SetUpRefused || error instanceof PasswordMissing) throw new CliError(`cannot open ${databaseLabel(location)}: ${error.message}`);
    if (error instanceof FileStoreRefused) throw new UsageError(error.message);
    if (error instanceof FileStoreFailed) throw new CliError(error.message);
    const code = (error as { code?: unknown } | null)?.code;
    // Connection refused or unknown host, a login refused (28xxx), a missing database (3D000).
    // And any other refusal of PostgreSQL's (a privilege, 42501): its own words, naming the location.
    if (typeof code === 'string' && (/^(ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|28|3D000)/.test(code) || typeof (error as { severity?: unknown }).severity === 'string')) {
      throw new CliError(`cannot open ${databaseLabel(location)}: ${(error as Error).message}`);
    }
    throw error;
  }
}

/**
 * A SQLite database file that does not exist is an error (exit 2) naming it and `docsctl init`, which
 * alone creates one (docs/cli.md, "Where a command goes"): a mistyped --db must not create a folder, a
 * database and an organization. `:memory:` and PostgreSQL (whose database exists or fails to connect)
 * are not files. `target.db` is the resolved location (context's `target()`).
 */
export function requireDatabase(target: { db: string; source: string }): void {
  if (target.db === ':memory:' || isPostgresUrl(target.db) || existsSync(sqliteFile(target.db))) return;
  const named = target.source === 'default' ? 'the default location' : `from ${target.source}`;
  const init = target.source === '--db' || target.source === '--database' ? `docsctl ${target.source} ${quoteWord(target.db)} init` : 'docsctl init';
  throw new UsageError(`no database at ${target.db} (${named}): create it with \`${init}\` (--sample fills it with a sample organization), or name an existing one`);
}

/** A word as a shell reads it back: quoted when it holds anything but plain path characters. */
function quoteWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** What a command may use. Everything is built on first use, so `--version` or `--help` open nothing. */
export function createContext(io: IO, flags: () => GlobalFlags) {
  let target: Target | undefined;
  let output: Output | undefined;
  let engine: Engine | undefined;
  let client: Promise<ApiClient> | undefined;

  const ctx = {
    io,
    env: io.env,
    flags,
    /**
     * The program with every command group registered (set by main.ts): what `completion` describes.
     * A callback rather than an import, so commands never import the entry point.
     */
    wholeProgram: undefined as (() => Promise<import('commander').Command>) | undefined,
    /** Import bounds for the local engine, set by a command before it opens the engine (`content import --max-pages`). */
    importLimits: undefined as Partial<ImportLimits> | undefined,
    /** The largest file a space takes, from DOCSCTL_MAX_FILE_SIZE (undefined: the engine's default, 100 MiB). */
    maxFileSize(): number | undefined {
      const text = io.env.DOCSCTL_MAX_FILE_SIZE;
      return text === undefined || text === '' ? undefined : maxFileSizeOf(text, 'DOCSCTL_MAX_FILE_SIZE');
    },
    /** A person is at the keyboard: prompts and spinners are allowed (never piped, never under CI). */
    get interactive(): boolean {
      return Boolean(io.stdout.isTTY && io.stdin.isTTY && !isCI(io.env));
    },
    /** Now, from the one clock of this run: relative times and deadlines are read against it. */
    now(): Date {
      return io.now ? io.now() : new Date();
    },
    get out(): Output {
      const tty = Boolean(io.stdout.isTTY);
      output ??= createOutput({
        stdout: io.stdout,
        stderr: io.stderr,
        mode: resolveOutputMode(flags(), tty),
        color: colorEnabled(io.env, tty),
        width: io.stdout.columns,
        now: () => ctx.now(),
        terminal: tty,
      });
      return output;
    },
    /** Output still queued (jq runs asynchronously): written, and its failure thrown, before exiting. */
    async flush(): Promise<void> {
      await output?.flush();
    },
    target(): Target {
      if (!target) {
        try {
          target = resolveTarget(flags(), io.env);
          // A relative database path is the command's folder's, as every other path it is given (in-process callers pass a cwd of their own).
          if (target.mode === 'local' && !isPostgresUrl(target.db) && target.db !== ':memory:') target = { ...target, db: resolve(io.cwd, sqliteFile(target.db)) };
        } catch (error) {
          if (error instanceof ConfigError) throw new UsageError(error.message);
          throw error;
        }
      }
      return target;
    },
    /** Where a PostgreSQL password the URL lacks comes from: the environment, and --database-password-file. */
    credentials(): DatabaseCredentials {
      return { env: io.env, passwordFile: flags().databasePasswordFile ?? io.env.DOCSCTL_DATABASE_PASSWORD_FILE };
    },
    /**
     * Where new files' bytes go (`--files`, DOCSCTL_FILES), the folder a relative one is in, and how an
     * S3-compatible store is reached (`--files-endpoint`, DOCSCTL_FILES_ENDPOINT, the AWS_* variables).
     */
    files(): { files?: string; cwd: string; s3: S3Settings } {
      return { files: flags().files ?? (io.env.DOCSCTL_FILES || undefined), cwd: io.cwd, s3: s3SettingsOf(io.env, flags().filesEndpoint) };
    },
    /** The embedded engine on the local database (local mode only). */
    async localEngine(purpose = 'this command'): Promise<Engine> {
      const t = ctx.target();
      if (t.mode !== 'local') {
        throw new UsageError(`${purpose} works on a local database; it cannot run against ${t.url} (drop --url/--profile, or use --db FILE)`);
      }
      if (!engine) {
        requireDatabase(t);
        engine = await openDatabase(t.db, { publicUrl: io.env.DOCSCTL_PUBLIC_URL, importLimits: ctx.importLimits, maxFileSize: ctx.maxFileSize(), credentials: ctx.credentials(), ...ctx.files() });
        const installation = await engine.install();
        if (installation.created) {
          io.stderr.write(`Created database ${databaseLabel(t.db)} with a first organization (${installation.organizationId}) and admin user (${installation.userId}).\n`);
        }
      }
      return engine;
    },
    /** What reads published sites as a visitor does (`sites build`): the local engine's reader, or a remote `serve`. */
    async siteFetcher(): Promise<SiteFetcher> {
      const t = ctx.target();
      if (t.mode === 'remote') {
        const { request } = await import('undici');
        return async (path, headers = {}) => {
          const answer = await request(new URL(path, t.url), { method: 'GET', headers: { 'user-agent': `docsctl/${VERSION}`, ...headers } });
          const body = Buffer.from(await answer.body.arrayBuffer());
          return { status: answer.statusCode, headers: Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')])), body };
        };
      }
      const [{ siteReader }, { collect }] = await Promise.all([import('./server/site/reader'), import('./api/transports/local')]);
      const read = siteReader(await ctx.localEngine());
      return async (path, headers = {}) => {
        const answer = await read({ method: 'GET', url: path, headers: { host: 'docsctl.build', ...headers } });
        if (!answer) return { status: 404, headers: {}, body: Buffer.alloc(0) };
        const body = answer.stream ? await collect(answer.stream.chunks) : Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body ?? '');
        return { status: answer.status, headers: answer.headers, body };
      };
    },
    client(): Promise<ApiClient> {
      client ??= (async () => new ApiClient(await openTransport()))();
      return client;
    },
    /** The organization a command acts on: --org, DOCSCTL_ORG, the profile's, or the caller's only one. */
    async organizationId(): Promise<string> {
      const t = ctx.target();
      if (t.org) return t.org;
      const api = await ctx.client();
      const orgs = await api.call(routes.listOrganizations, { query: { limit: 20 } });
      if (orgs.items.length === 1) return orgs.items[0].id;
      if (t.mode === 'local') {
        const first = (await (await ctx.localEngine()).installation()).organizationId;
        if (first && orgs.items.some((o) => o.id === first)) return first;
      }
      if (!orgs.items.length) throw new CliError('you are not a member of any organization', EXIT.notFound);
      throw new UsageError(`you belong to ${orgs.count} organizations: pass --org ID (${orgs.items.map((o) => `${o.id} "${o.title}"`).join(', ')})`);
    },
    /**
     * What to do after a refusal for lack of role (403), printed under the error: in local mode, act as
     * an admin with --as (naming some, and the command again); in remote mode, the token of someone who
     * may (--as is for local mode), or one of a wider scope. `argv` is the command as run.
     */
    async refusalHint(error: unknown, argv: string[]): Promise<string | undefined> {
      if ((error as { status?: unknown } | null)?.status !== 403 || !(error instanceof Error)) return undefined;
      const t = ctx.target();
      if (t.mode === 'remote') {
        if (/this token's scope/.test(error.message)) return 'use a token whose scope allows it (--scope admin for organization administration): --token TOKEN or DOCSCTL_TOKEN';
        return `the token's user may not do this; use the token of a member who may: --token TOKEN, DOCSCTL_TOKEN or docsctl login (--as, acting as another member, is for local mode only)`;
      }
      if (!engine) return undefined;
      const [{ findUser }, { roleAndAdmins }] = await Promise.all([import('./engine/users'), import('./engine/members')]);
      const installation = await engine.installation();
      const user = t.as ? await findUser(engine.core, t.as) : installation.userId ? { id: installation.userId, email: undefined } : undefined;
      if (!user) return undefined;
      const email = user.email ?? (await findUser(engine.core, user.id))?.email ?? user.id;
      const { role, admins } = await roleAndAdmins(engine.core, user.id, t.org);
      const who = `this ran as ${email}${role !== undefined ? ` (role ${role ?? 'guest'})` : ''}`;
      if (!admins.length || role === 'admin') return `${who}; to act as another member, add --as USER (their id or e-mail)`;
      const rest: string[] = [];
      for (let i = 0; i < argv.length; i++) {
        if (argv[i] === '--as') i++;
        else if (!argv[i].startsWith('--as=')) rest.push(argv[i]);
      }
      const words = ['docsctl', '--as', admins[0], ...rest].map(quoteWord);
      return `${who}; act as an admin with --as (${admins.join(', ')}):\n  ${words.join(' ')}`;
    },
    /** Why nothing can be asked, for errors that name the flag to pass instead. */
    whyNoPrompt(): string {
      return isCI(io.env) ? 'CI is set: nothing is asked' : 'no terminal to confirm on';
    },
    /** Shows a spinner while `work` runs, only for a person at a terminal (never piped, never under CI). */
    spin<T>(text: string, work: () => Promise<T>): Promise<T> {
      return withSpinner(io.stderr, ctx.interactive && liveTerminal(), text, work, colorEnabled(io.env, true));
    },
    /** A progress line (objects done / total, bytes), for a person at a terminal only, like the spinner. */
    progress(label: string): ReturnType<typeof createProgress> {
      return createProgress(io.stderr, ctx.interactive && liveTerminal(), label);
    },
    /** A question that only offers something (no harm either way): false wherever nothing can be asked. */
    async ask(question: string): Promise<boolean> {
      return ctx.interactive && (await (io.prompter ?? inquirerPrompter).confirm(question));
    },
    /** Destructive verbs: ask on a terminal, demand --yes anywhere else. */
    async confirm(question: string, yes: boolean | undefined): Promise<void> {
      if (yes) return;
      if (!ctx.interactive) throw new UsageError(`${question.replace(/\?$/, '')}: refusing without --yes (${ctx.whyNoPrompt()})`);
      const ok = await (io.prompter ?? inquirerPrompter).confirm(question);
      if (!ok) throw new UsageError('cancelled');
    },
    async close(): Promise<void> {
      if (client) await (await client.catch(() => undefined))?.close();
      await engine?.close();
    },
  };

  /** stderr can show a line that rewrites itself (a pseudo-terminal without a size, columns 0, cannot: ora's line counting loops forever). */
  function liveTerminal(): boolean {
    return Boolean(io.stderr.isTTY) && (io.stderr.columns ?? 0) > 0 && !isDumbTerminal(io.env);
  }

  async function openTransport(): Promise<Transport> {
    const t = ctx.target();
    if (t.mode === 'remote') {
      const { remoteTransport } = await import('./api/transports/remote');
      return remoteTransport({ baseUrl: t.url, token: t.token, userAgent: `docsctl/${VERSION}` });
    }
    const local = await ctx.localEngine();
    const [{ findUser }, { createApp }, { localTransport }] = await Promise.all([import('./engine/users'), import('./server/app'), import('./api/transports/local')]);
    let userId = (await local.installation()).userId!;
    if (t.as) {
      const user = await findUser(local.core, t.as);
      if (!user) throw new CliError(`--as: no user ${t.as} in ${databaseLabel(t.db)}`, EXIT.notFound);
      userId = user.id;
    }
    // The engine's own failures answer 500 as through serve; DOCSCTL_DEBUG shows what they were.
    const onError = io.env.DOCSCTL_DEBUG ? (error: unknown) => void io.stderr.write(`internal error: ${error instanceof Error ? error.stack : String(error)}\n`) : undefined;
    return localTransport(createApp({ engine: local, onError }), { userId });
  }

  return ctx;
}

export type Context = ReturnType<typeof createContext>;
