import { randomUUID } from 'node:crypto';
import { Option, type Command } from 'commander';
import { CliError, EXIT, UsageError } from '../errors';
import { importLimitsOf, wholeNumberFlag, withImportLimitFlags } from './shared/import-limits';
import { createApp, errorResponse, type ApiRequest, type ApiResponse, type App, type RequestTrace, type BodyPolicy } from '../server/app';
import { openDatabase, requireDatabase, type Context } from '../context';
import { holdForServer } from '../engine/store/server-lock';
import type { AccessEntry, LogFormat } from '../server/access-log';
import { databaseLabel, isPostgresUrl, sqliteFile } from '../domain/database-location';
import { maxFileSizeOf } from '../domain/file-size';
import { webhookLeaseOf, webhookRetryBaseOf } from '../domain/webhook-events';
import { DatabaseUnavailable, FileStoreFailed, NewerDatabase } from '../engine/errors';
import type { Engine } from '../engine/index';
import { isProcessStdout, nodeStreamOf } from '../output/process-writer';

interface Opts {
  port: string;
  host: string;
  publicUrl?: string;
  rateLimit: string;
  rateWindow: string;
  refusePrivateAddresses?: boolean;
  allowPrivateAddresses?: boolean;
  openapiMaxTime: string;
  openapiMaxExpansion: string;
  logFormat?: string;
  shutdownTimeout: string;
  shutdownGrace: string;
  maxConnections?: string;
  maxConnectionsPerAddress: string;
  metricsPort?: string;
  maxFileSize?: string;
  filesPresign?: string | boolean;
  webhookDelivery: boolean;
  [limit: string]: unknown;
}

/** How long a presigned download URL lives by default (`--files-presign` alone): enough to start a download, short enough that a leaked URL soon stops working. */
const DEFAULT_PRESIGN_SECONDS = 300;

/** What `--files` and the environment say of the file store, with serve's `--files-presign`. */
function filesOf(ctx: Context, presignSeconds: number | undefined) {
  const files = ctx.files();
  return { ...files, s3: { ...files.s3, ...(presignSeconds !== undefined ? { presignSeconds } : {}) } };
}

/** The file store the database keeps its files in answers, and can presign when asked to; else serve does not start. */
async function checkFileStore(engine: Engine, presign: boolean): Promise<void> {
  const files = engine.core.files;
  if (presign && !files?.presign) {
    throw new UsageError(`--files-presign: ${files ? `this database keeps its files in ${files.location}` : 'this database keeps its files in itself'}; presigned downloads need an S3-compatible store (--files s3://BUCKET/PREFIX)`);
  }
  try {
    await files?.check?.();
  } catch (error) {
    if (error instanceof FileStoreFailed) throw new CliError(error.message);
    throw error;
  }
}

export function registerServe(program: Command, ctx: Context): void {
  const command = program
    .command('serve')
    .description('serve the API over HTTP from the local database (clients authenticate with tokens create)')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '8080')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--public-url <url>', 'base URL clients see, used in urls.location (default: the listening address)')
    .option('--rate-limit <n>', 'requests per window per token', '1000')
    .option('--rate-window <seconds>', 'rate-limit window in seconds', '60')
    .option('--allow-private-addresses', 'let content imports, OpenAPI source URLs and webhooks reach loopback, private, link-local and this machine\'s own addresses (refused by default: editors must not reach your internal network)')
    // The default since issue 13; still accepted so scripts that pass it keep working.
    .addOption(new Option('--refuse-private-addresses').hideHelp())
    .option('--openapi-max-time <seconds>', 'longest the validation of one OpenAPI document may take, 1-600 (default 20); past it the spec gets PARSE_ERROR', '20')
    .option('--openapi-max-expansion <times>', 'how many times the $refs of an OpenAPI document may multiply it, 0-1000000 (0: no bound; default 100; at least 1,000,000 nodes always pass); past it the spec gets PARSE_ERROR before any validation', '100')
    .option('--max-file-size <size>', 'largest file a space takes (uploads, base64 in write batches, imported files): bytes or with a unit, 100MiB, 50MB; at most 1 GiB (default 100MiB)')
    .option('--files-presign [seconds]', `with files in S3-compatible storage (--files s3://…): a file's download answers a redirect to a URL of the store, presigned for this many seconds (default ${DEFAULT_PRESIGN_SECONDS}), instead of streaming the bytes through serve`)
    .option('--no-webhook-delivery', 'record webhook events but send none from this process: another replica, or `docsctl webhooks flush` run on a schedule, sends them')
    .option('--metrics-port <port>', 'serve Prometheus metrics at GET /metrics on this port of 127.0.0.1, without a token (off by default)')
    .option('--max-connections <n>', 'connections open at once in all; past it new ones are closed at once (default: what the open-file limit allows, less 128 for the database and files, at most 10000)')
    .option('--max-connections-per-address <n>', 'connections open at once from one client address; past it a new one is answered 503 (0: no bound; raise it behind a load balancer, whose connections all come from its own addresses)', '256')
    .option('--shutdown-grace <seconds>', 'on SIGTERM, how long /readyz answers 503 while requests are still served (each answer closing its connection) before new connections are refused, so a load balancer notices first; 0-600 (Ctrl-C skips it)', '5')
    .option('--shutdown-timeout <seconds>', 'on SIGTERM or Ctrl-C, how long requests under way may take to finish after the grace; past it each is answered 503, 0-600', '10')
    .addOption(new Option('--log-format <format>', 'one access-log line per request on stdout: json, text, or off (default: text on a terminal, json otherwise)').choices(['json', 'text', 'off']));
  withImportLimitFlags(command, 'import-')
    .addHelpText('after', '\nExamples:\n  $ docsctl serve --port 8080\n  $ docsctl serve --port 0 --json          # prints {"url": ...} once listening\n  $ docsctl serve --host 0.0.0.0 --public-url https://docs.acme.example')
    .action(async (opts: Opts) => {
      // Access-log lines and warnings queue when their reader is slow rather than stall the requests.
      nodeStreamOf(ctx.io.stdout);
      nodeStreamOf(ctx.io.stderr);
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port: must be a whole number from 0 to 65535');
      const limit = Number(opts.rateLimit);
      const windowSeconds = Number(opts.rateWindow);
      if (!(limit >= 1) || !(windowSeconds >= 1)) throw new UsageError('--rate-limit and --rate-window: must be positive numbers');
      if (opts.allowPrivateAddresses && opts.refusePrivateAddresses) throw new UsageError('--allow-private-addresses and --refuse-private-addresses contradict each other');
      const importLimits = { ...importLimitsOf(opts, 'import-'), refusePrivateAddresses: !opts.allowPrivateAddresses };
      const openapiSeconds = wholeNumberFlag(opts.openapiMaxTime, '--openapi-max-time', 1, 600);
      const openapiExpansion = wholeNumberFlag(opts.openapiMaxExpansion, '--openapi-max-expansion', 0, 1_000_000);
      const shutdownSeconds = wholeNumberFlag(opts.shutdownTimeout, '--shutdown-timeout', 0, 600);
      const graceSeconds = wholeNumberFlag(opts.shutdownGrace, '--shutdown-grace', 0, 600);
      const maxConnections = opts.maxConnections === undefined ? undefined : wholeNumberFlag(opts.maxConnections, '--max-connections', 1, 1_000_000);
      const perAddress = wholeNumberFlag(opts.maxConnectionsPerAddress, '--max-connections-per-address', 0, 1_000_000);
      const maxFileSize = opts.maxFileSize === undefined ? undefined : maxFileSizeOf(opts.maxFileSize, '--max-file-size');
      const presignSeconds = opts.filesPresign === undefined ? undefined : opts.filesPresign === true ? DEFAULT_PRESIGN_SECONDS : wholeNumberFlag(opts.filesPresign, '--files-presign', 1, 604_800);
      const metricsPort = opts.metricsPort === undefined ? undefined : wholeNumberFlag(opts.metricsPort, '--metrics-port', 0, 65535);
      const retryBaseMs = webhookRetryBaseOf(ctx.env.DOCSCTL_WEBHOOK_RETRY_BASE_MS);
      const leaseMs = webhookLeaseOf(ctx.env.DOCSCTL_WEBHOOK_LEASE_MS);
      const target = ctx.target();
      if (target.mode !== 'local') throw new UsageError(`serve needs a local database; it cannot serve ${target.url}`);
      // A server does not invent an organization: a database file that does not exist is created by init.
      requireDatabase(target);
      const { createHttpServer, listen, send } = await import('../server/http');
      // Listen first: with --port 0 the public URL is only known once the socket is bound.
      let app: App | undefined;
      // A file store that fails (S3 down, a key revoked) is said in its own words, not as a stack trace.
      const report = (error: unknown) => ctx.io.stderr.write(error instanceof FileStoreFailed ? `serve: ${error.message}\n` : `internal error: ${(error as Error)?.stack ?? String(error)}\n`);
      const logFormat = opts.logFormat ?? (ctx.io.stdout.isTTY ? 'text' : 'json');
      const { batchedLines, formatAccessEntry, formatDeliveryAttempt } = await import('../server/access-log');
      const lines = batchedLines((text) => ctx.io.stdout.write(text));
      const log = logFormat === 'off' ? undefined : (entry: AccessEntry) => lines.line(formatAccessEntry(entry, logFormat as LogFormat));
      // Metrics (prom-client) load only when asked for.
      const metrics = metricsPort === undefined ? undefined : await import('../server/metrics').then(async (m) => ({ ...m, counts: m.createMetrics(await import('prom-client')) }));
      const answered = log || metrics ? (entry: AccessEntry) => (log?.(entry), metrics?.counts.observe(entry)) : undefined;
      // Until the database is open, a request is told to come back (never a crash on the missing app).
      const starting = () => errorResponse(503, 'the server is starting: retry in a moment', { 'retry-after': '1' });
      const { createStopping } = await import('../server/stopping');
      const stopping = createStopping();
      // Published sites are read by visitors' browsers on the same listener (server/site/reader.ts).
      let readSite: ((req: ApiRequest, trace?: RequestTrace) => Promise<ApiResponse | undefined>) | undefined;
      // A site's MCP endpoint takes a POST body of its own bound (server/site/mcp.ts).
      let siteBodyPolicy: ((req: Omit<ApiRequest, 'body'>) => BodyPolicy | undefined) | undefined;
      const server = createHttpServer({
        handleAsync: async (req, o) => (app ? ((await readSite?.(req, o?.trace)) ?? (await app.handleAsync(req, o))) : starting()),
        bodyPolicy: async (req) => (app ? (siteBodyPolicy?.(req) ?? await app.bodyPolicy(req)) : { read: false, maxBodyBytes: 0 }),
      }, report, answered, stopping);
      const { boundConnections, openFileLimit, FILES_BESIDE_CONNECTIONS, DEFAULT_MAX_CONNECTIONS } = await import('../server/connection-bounds');
      // Past the open-file limit a process can accept nothing at all: the bound in all stays under it.
      const fileLimit = openFileLimit();
      const fits = fileLimit === undefined ? DEFAULT_MAX_CONNECTIONS : Math.max(1, Math.min(DEFAULT_MAX_CONNECTIONS, fileLimit - FILES_BESIDE_CONNECTIONS));
      const total = maxConnections === undefined ? fits : Math.min(maxConnections, fileLimit === undefined ? maxConnections : Math.max(1, fileLimit - FILES_BESIDE_CONNECTIONS));
      if (maxConnections !== undefined && total < maxConnections) {
        ctx.io.stderr.write(`serve: the open-file limit is ${fileLimit}, too low for --max-connections ${maxConnections} (each connection is an open file, and serve keeps ${FILES_BESIDE_CONNECTIONS} for the rest): at most ${total} connections. Raise the limit (ulimit -n, or LimitNOFILE= for systemd) to serve more.\n`);
      } else if (maxConnections === undefined && total < LOW_CONNECTIONS) {
        ctx.io.stderr.write(`serve: the open-file limit is ${fileLimit}: at most ${total} connections at once. Raise it (ulimit -n, or LimitNOFILE= for systemd) to serve more.\n`);
      }
      boundConnections(server, { total, perAddress });
      const metricsServer = metrics?.createMetricsServer(metrics.counts);
      const metricsAddress = metricsServer ? await listenOn(listen, metricsServer, metricsPort!, '127.0.0.1', '--metrics-port') : undefined;
      // A promise some request left behind that fails later is reported, never fatal to the server.
      process.on('unhandledRejection', report);
      // A fatal start-up error (a port in use, a database newer than this docsctl or unreachable) ends the
      // process with its error and exit code: no socket left open, so a supervisor never sees a live
      // server that answers nothing.
      const abandon = (error: unknown): never => {
        process.off('unhandledRejection', report);
        metricsServer?.close();
        metricsServer?.closeAllConnections();
        server.close();
        server.closeAllConnections();
        throw error;
      };
      const address = await listenOn(listen, server, port, opts.host, '--port').catch(abandon);
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const url = `http://${host}:${address.port}`;
      const publicUrl = opts.publicUrl ?? ctx.env.DOCSCTL_PUBLIC_URL ?? url;
      const engine = await openDatabase(target.db, { publicUrl, importLimits, openapiLimits: { processTimeoutMs: openapiSeconds * 1000, maxExpansion: openapiExpansion }, maxFileSize: maxFileSize ?? ctx.maxFileSize(), credentials: ctx.credentials(), ...filesOf(ctx, presignSeconds) }).catch(abandon);
      // The file store answers (a bucket that exists, credentials it takes) before the first request needs it.
      await checkFileStore(engine, presignSeconds !== undefined).catch(async (error: unknown) => {
        await engine.close().catch(() => undefined);
        return abandon(error);
      });
      const installation = await engine.install().catch(async (error: unknown) => {
        await engine.close().catch(() => undefined);
        return abandon(error);
      });
      // `db restore` refuses a database a server holds.
      // Replicas share a PostgreSQL database by design; a SQLite file has one server.
      const release = target.db === ':memory:' || isPostgresUrl(target.db) ? () => undefined : holdForServer(sqliteFile(target.db));
      app = createApp({ engine, rateLimit: { limit, windowSeconds }, onError: report, stopping: () => stopping.stopping });
      readSite = (await import('../server/site/reader')).siteReader(engine);
      siteBodyPolicy = (await import('../server/site/mcp')).mcpBodyPolicy;
      const { publishedSites } = await import('../engine/sites/reader/locate');
      // Deleted spaces and audit records past their retention go when the engine opens, and then every
      // hour, by one server at a time when several share a PostgreSQL database.
      const purging = setInterval(async () => {
        try {
          const ran = await engine.core.store.exclusively('purge', async () => void (await engine.purgeExpired({ sweepFiles: true })));
          metrics?.counts.job('purge', ran ? 'ok' : 'skipped');
        } catch (error) {
          metrics?.counts.job('purge', 'failed');
          report(error);
        }
      }, PURGE_INTERVAL_MS);
      purging.unref();
      // Webhooks: what this process's writes record goes at once; what other processes (local commands,
      // other replicas) record, and retries coming due, within a poll interval. None with --no-webhook-delivery.
      const { startDeliveryLoop } = await import('../server/webhook-loop');
      const { hostname } = await import('node:os');
      const deliveries = !opts.webhookDelivery ? undefined : startDeliveryLoop(engine.webhookDeliverer({
        refusePrivateAddresses: importLimits.refusePrivateAddresses, retryBaseMs, leaseMs, worker: `${hostname()}:${process.pid}:${randomUUID()}`,
        onAttempt: (attempt) => {
          if (logFormat !== 'off') lines.line(formatDeliveryAttempt(attempt, logFormat as LogFormat));
          metrics?.counts.webhook(attempt);
        },
      }), { onError: (error) => (error instanceof NewerDatabase || error instanceof DatabaseUnavailable ? undefined : report(error)) });
      const unwatch = deliveries ? engine.onWebhookEvents(deliveries.wake) : () => true;
      // Stop handlers before the announcement: whoever reads it may send SIGTERM at once.
      const stopped = new Promise<void>((resolve) => {
        const stop = (grace: boolean) => () => {
          if (stopping.stopping) return;
          void drainAndClose({ server, stopping, graceMs: grace ? graceSeconds * 1000 : 0, timeoutMs: shutdownSeconds * 1000, send: (res, answer) => send(res, answer, report) })
            .finally(() => metricsServer?.close())
            .then(() => resolve(), () => resolve());
        };
        process.once('SIGINT', stop(false));
        process.once('SIGTERM', stop(true));
        // In-process (tests): as Ctrl-C.
        serveHandles.add(stop(false));
      });
      const metricsUrl = metricsAddress ? `http://127.0.0.1:${metricsAddress.port}/metrics` : undefined;
      // The published sites, as visitors open them (a share-link site also needs its key: `docsctl sites open`).
      const sites = await publishedSites(engine.core);
      if (ctx.out.json) ctx.out.raw({ url, publicUrl, database: databaseLabel(target.db), organization: installation.organizationId, pid: process.pid, ...(metricsUrl ? { metrics: metricsUrl } : {}), sites });
      else {
        ctx.out.message(`Serving ${databaseLabel(target.db)} on ${url} (public URL ${publicUrl})${metricsUrl ? `, metrics on ${metricsUrl}` : ''}. Stop with Ctrl-C.`);
        for (const site of sites) ctx.out.message(`  ${site.title}: ${site.url}${site.visibility === 'public' || site.visibility === 'unlisted' ? '' : ` (${site.visibility}: docsctl sites open ${site.id})`}`);
      }
      await stopped;
      serveHandles.clear();
      clearInterval(purging);
      unwatch();
      await deliveries?.stop();
      lines.flush();
      // Last: nothing under way uses the database any more (or it was given up on after SETTLE_MS).
      await engine.close();
      release();
      // A handler given up on may still fail against the closed database: reported, never fatal.
      if (!isProcessStdout(ctx.io.stdout)) process.off('unhandledRejection', report);
      // Run as the process (not in-process, as tests do): what requests left behind (a fetch past the
      // bound, keep-alive sockets of outbound fetches) must not hold the process once it has drained.
      if (isProcessStdout(ctx.io.stdout)) setTimeout(() => process.exit(), 50).unref();
    });
}

const PURGE_INTERVAL_MS = 3_600_000;
/** Fewer connections than this, for want of open files, is worth a word at start. */
const LOW_CONNECTIONS = 1000;
/** After the shutdown timeout, how long handlers still running may take to let go of the database. */
const SETTLE_MS = 2000;

type Stopping = import('../server/stopping').Stopping;

/**
 * Stops serving without dropping a request (docs/deployment.md, "Stopping a replica"): `/readyz` says
 * 503 at once and every answer closes its connection; after the grace, new connections are refused and
 * idle ones closed; requests under way finish, and those still running at the timeout are answered 503.
 * Resolves once the handlers under way have finished (or SETTLE_MS after the timeout).
 */
async function drainAndClose(options: { server: import('node:http').Server; stopping: Stopping; graceMs: number; timeoutMs: number; send: Parameters<Stopping['cutOff']>[0] }): Promise<void> {
  const { server, stopping } = options;
  stopping.begin();
  if (options.graceMs > 0) await new Promise((resolve) => setTimeout(resolve, options.graceMs));
  // No new connections; node closes the idle ones; the others close after their answer (Connection: close).
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), options.timeoutMs)));
  if (await Promise.race([closed.then(() => false), timedOut])) {
    stopping.cutOff(options.send);
    // Each 503 closes its connection once written; whatever is left a second later is closed outright.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000))]);
    server.closeAllConnections();
    await closed;
  }
  clearTimeout(timer);
  await stopping.settled(SETTLE_MS);
}

type Listen = typeof import('../server/http').listen;

/** Binds a server; a port in use or not allowed is an error naming the flag and the address (exit 1). */
async function listenOn(listen: Listen, server: Parameters<Listen>[0], port: number, host: string, flag: string) {
  try {
    return await listen(server, port, host);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
    if (code === 'EADDRINUSE') throw new CliError(`${flag} ${port}: ${where} is already in use (another server?); pick another port, or 0 for a free one`, EXIT.error);
    if (code === 'EACCES') throw new CliError(`${flag} ${port}: not allowed to listen on ${where} (ports below 1024 need privileges)`, EXIT.error);
    if (code === 'EADDRNOTAVAIL') throw new CliError(`--host ${host}: not an address of this machine`, EXIT.error);
    throw error;
  }
}

/** Stops running `serve` commands started in this process (tests run serve in-process). */
export const serveHandles = new Set<() => void>();
export function stopServers(): void {
  for (const stop of serveHandles) stop();
}
