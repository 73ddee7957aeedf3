import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool, PoolClient, PoolConfig } from 'pg';
import { STILL_KEPT, type AlongsideRead, type ChangeVersions, type Statement, type Store, type StoredTable, type TransactionOptions, type WriteScope } from './store';
import { lockOrder, scopeCovers, scopeWithin } from './write-scope';
import { postgresDialect, toPostgres } from './postgres-dialect';
import { postgresMigrations } from './migrations/postgres';
import { NewerDatabase, refuseNewerSchema } from './db';
import { DatabaseUnavailable, SetUpRefused } from '../errors';
import { passwordOf, type DatabaseCredentials } from './postgres-password';

/** One transaction in progress: its connection, how deep its savepoints go, and what waits for its commit. */
interface Transaction {
  /** The organizations it may write (undefined: any, the instance's write lock held alone). */
  scope: WriteScope;
  client: PoolClient;
  depth: number;
  committed: (() => void)[];
  /** Statements sent with the COMMIT (`runAtCommit`). */
  atCommit: { text: string; args: readonly unknown[] }[];
  /** `TransactionOptions.undoneWholeIfFirstFails`. */
  undoneWholeIfFirstFails: boolean;
  /** Whether it has run a statement that may write (anything but a SELECT). */
  wrote: boolean;
  /** Tables written in bulk (`wroteMany`): their columns and rows, statistics refreshed after the commit. */
  many: Map<string, { columns: Set<string>; rows: number }>;
  /** The failure of a transaction inside it that ran without a savepoint: it can only be undone whole. */
  doomed?: unknown;
  /** Rows read with the BEGIN (`TransactionOptions.readAhead`), by `readKey`, kept until the transaction writes. */
  readAhead: Map<string, QueryAnswer>;
}

type QueryAnswer = { rows: unknown[]; rowCount: number | null };

/**
 * Every write transaction of every replica takes this one transaction-level advisory lock first:
 * writes are serialized across replicas as SQLite serializes writers, so every invariant the engine
 * checks inside a transaction (the last admin, dense change-request numbers, sibling order) holds with
 * any number of `serve` processes; reads never wait for it (docs/decisions.md).
 */
const WRITE_LOCK = 0x646f6373; // "docs"
/** Tells every replica that the database changed: what they remember is dropped at their next request. */
const BUMP_CHANGES = 'UPDATE docsctl_changes SET version = version + 1';
/**
 * A write of some organizations only (issue 33) holds WRITE_LOCK shared, so writes of other
 * organizations run beside it while a write of the whole instance waits for them all (and they for
 * it), then moves each organization's change version: the row it updates stays locked until the
 * commit, which is what makes two writes of one organization wait for each other (the rows are
 * taken in the order of the organizations' ids, so two writes of several never wait in a circle).
 */
const ORGANIZATION_WRITE = (organizations: string) => `BEGIN; SELECT pg_advisory_xact_lock_shared(${WRITE_LOCK});
  INSERT INTO docsctl_org_changes (organization_id, version) SELECT o, 1 FROM unnest(${organizations}) WITH ORDINALITY AS t(o, n) ORDER BY n
    ON CONFLICT (organization_id) DO UPDATE SET version = docsctl_org_changes.version + 1;
  ${SCHEMA_NOW}`;
/** The schema version, read as a write begins: an older docsctl refuses to write to a newer schema. */
const SCHEMA_NOW = 'SELECT version FROM docsctl_schema';
/** Held while migrations run, so the first replica to start runs them and the others wait. */
const MIGRATION_LOCK = 0x6d696772; // "migr"

/** What `Store.open` needs beyond the URL: the schema (tests use one per engine) and pool bounds. */
export interface PostgresOptions {
  schema?: string;
  /** How long a statement waits for a connection of the pool (DATABASE_WAIT_MS). */
  connectionTimeoutMillis?: number;
  /** Where a password the URL lacks comes from (the process's environment unless given). */
  credentials?: DatabaseCredentials;
  max?: number;
  idleTimeoutMillis?: number;
}

/**
 * Before set-up or a migration: whether this role may do what they need, so a missing privilege is
 * named with its fix instead of failing half-way with the server's "permission denied" (docs/
 * deployment.md, "PostgreSQL"). PostgreSQL 15 and later let only the database's owner create in the
 * public schema, and `citext` (a trusted extension) needs CREATE on the database unless installed.
 */
async function checkPrivileges(client: PoolClient, schema: string): Promise<void> {
  const { rows } = await client.query(
    `SELECT current_user AS role, current_database() AS db,
       has_database_privilege(current_database(), 'CREATE') AS create_db,
       has_schema_privilege($1, 'CREATE') AS create_schema,
       EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citext') AS citext`,
    [schema],
  );
  const { role, db, create_db: createDb, create_schema: createSchema, citext } = rows[0] as { role: string; db: string; create_db: boolean; create_schema: boolean; citext: boolean };
  const missing: string[] = [];
  if (!citext && !createDb) missing.push(`CREATE on database ${db} (to install the citext extension; or have an admin run CREATE EXTENSION citext there)`);
  if (!createSchema) missing.push(`CREATE on schema ${schema} (PostgreSQL 15 and later give it to the database's owner only)`);
  if (missing.length) {
    throw new SetUpRefused(`role ${role} may not set up database ${db}: it lacks ${missing.join(', and ')}. Make ${role} the database's owner (createdb --owner=${role} …, or ALTER DATABASE ${db} OWNER TO ${role}), or grant it: GRANT CREATE ON DATABASE ${db} TO ${role}; GRANT CREATE ON SCHEMA ${schema} TO ${role}`);
  }
}

/** Whether the database is set up at this docsctl's schema version (a newer one is refused). */
async function upToDate(client: PoolClient): Promise<boolean> {
  if (!(await client.query("SELECT to_regclass('docsctl_schema') IS NOT NULL AS set_up")).rows[0].set_up) return false;
  const current = Number((await client.query('SELECT version FROM docsctl_schema')).rows[0]?.version ?? 0);
  if (current > postgresMigrations.length) throw new NewerDatabase(current, postgresMigrations.length);
  return current === postgresMigrations.length;
}

/**
 * How long a statement waits for a connection (a free one of the pool, or a new one to the server)
 * before it fails as DatabaseUnavailable: while the server restarts, requests are answered 503 within
 * about this bound instead of hanging (docs/deployment.md, "When the database goes away").
 */
export const DATABASE_WAIT_MS = 5000;

/** Errors that say the server or the connection went away, not that a statement was wrong. */
function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  // 08: connection exceptions; 57P01-03: the server shuts down, crashed, or cannot accept connections yet.
  if (/^(08|57P0[123]$|ECONNREFUSED$|ECONNRESET$|ETIMEDOUT$|EPIPE$|EHOSTUNREACH$|ENETUNREACH$|EAI_AGAIN$)/.test(code)) return true;
  return typeof e?.message === 'string' && /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/.test(e.message);
}

/** A connection failure as DatabaseUnavailable (its message kept); any other error as it is. */
function unavailableOr(error: unknown): unknown {
  return isConnectionFailure(error) && !(error instanceof DatabaseUnavailable) ? new DatabaseUnavailable(`the database is unavailable: ${(error as Error).message}`) : error;
}

/** Numbers: COUNT and SUM answer bigint (int8) and AVG numeric, which pg gives as strings. */
function numericTypes(pg: { types: typeof import('pg').types }): PoolConfig['types'] {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === 20 || oid === 1700 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as never,
  };
}

/**
 * The PostgreSQL driver (node-postgres, a pool). A transaction holds one connection of the pool for
 * all its statements, found through AsyncLocalStorage as with SQLite; statements outside one go to
 * any connection. The change version that tells the engine to forget what it remembers is a row every
 * write transaction moves, so a replica sees another's commit at its next request.
 */
export class PostgresStore implements Store {
  readonly backend = 'postgres' as const;
  readonly dialect = postgresDialect;
  private readonly context = new AsyncLocalStorage<Transaction>();

  private constructor(private readonly pool: Pool) {}

  /** Connects, refuses a server older than 15 or a database newer than this docsctl, and migrates. */
  static async open(url: string, options: PostgresOptions = {}): Promise<PostgresStore> {
    const pg = (await import('pg')).default;
    const { parse } = await import('pg-connection-string');
    const connection = parse(url) as Omit<PoolConfig, 'password'> & { password?: string };
    const password = passwordOf(url, options.credentials ?? { env: process.env });
    const pool = new pg.Pool({
      // Parsed here rather than passed as connectionString, which would set an empty password over ours.
      ...connection,
      // Asked only when the server wants one and the URL has none (a URL's own password wins).
      password: connection.password || password.password,
      max: options.max ?? 10,
      idleTimeoutMillis: options.idleTimeoutMillis ?? 10_000,
      connectionTimeoutMillis: options.connectionTimeoutMillis ?? DATABASE_WAIT_MS,
      types: numericTypes(pg),
      ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
    });
    // No driver error ends the process: an idle connection the server dropped (the pool's 'error'), or
    // one in use (the client's own 'error', which has no listener otherwise; the statement under way
    // fails with it anyway).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const store = new PostgresStore(pool);
    try {
      await store.migrate(options.schema);
    } catch (error) {
      await pool.end();
      throw password.missing() ?? error;
    }
    return store;
  }

  private async migrate(schema: string | undefined): Promise<void> {
    const client = await this.pool.connect();
    try {
      const version = Number((await client.query('SHOW server_version_num')).rows[0].server_version_num);
      if (version < 150000) throw new Error(`PostgreSQL 15 or later is required; this server is ${Math.floor(version / 10000)}`);
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        if (schema) await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replace(/"/g, '')}"`);
        // Up to date: nothing to create, so a role that may only read and write rows opens it too.
        if (await upToDate(client)) return;
        await checkPrivileges(client, schema ?? 'public');
        await client.query('CREATE EXTENSION IF NOT EXISTS citext SCHEMA public').catch((error: { code?: string }) => {
          if (error.code !== '23505' && error.code !== '42710') throw error;
        });
        await client.query('CREATE TABLE IF NOT EXISTS docsctl_schema (version INTEGER NOT NULL)');
        await client.query('INSERT INTO docsctl_schema (version) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM docsctl_schema)');
        await client.query('CREATE TABLE IF NOT EXISTS docsctl_changes (version BIGINT NOT NULL)');
        await client.query('INSERT INTO docsctl_changes (version) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM docsctl_changes)');
        const current = Number((await client.query('SELECT version FROM docsctl_schema')).rows[0].version);
        if (current > postgresMigrations.length) throw new NewerDatabase(current, postgresMigrations.length);
        for (let step = current; step < postgresMigrations.length; step++) {
          // Under the write lock: no write of any replica runs across a migration, and the first to
          // begin after it sees the new version (an older replica then refuses it).
          await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${WRITE_LOCK}); ${BUMP_CHANGES}`);
          try {
            await client.query(postgresMigrations[step]);
            await client.query('UPDATE docsctl_schema SET version = $1', [step + 1]);
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK');
            throw new Error(`migration ${step + 1} failed: ${(error as Error).message}`);
          }
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  private async query(sql: string, args: readonly unknown[]) {
    const tx = this.context.getStore();
    const text = toPostgres(sql);
    if (tx) {
      mayWrite(tx, !/^\s*SELECT\b/i.test(text));
      // Read ahead: the same rows as running it now, as long as the transaction has written nothing
      // (no other write of its organizations runs meanwhile). Copies: a caller may change its rows.
      const read = tx.readAhead.size ? tx.readAhead.get(readKey(text, args)) : undefined;
      if (read) return { rows: read.rows.map((row) => ({ ...(row as object) })), rowCount: read.rowCount };
    }
    try {
      return await (tx ?? { client: this.pool }).client.query({ text, values: args as unknown[], name: preparedName(text) });
    } catch (error) {
      if (isConnectionFailure(error)) throw unavailableOr(error);
      // The statement goes with the error into the server's log (never to the client: a 500 says no more).
      if (error instanceof Error && (error as { code?: string }).code !== '40001') error.message += ` (in: ${text.replace(/\s+/g, ' ').slice(0, 300)})`;
      throw error;
    }
  }

  async get<T>(sql: string, args: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.query(sql, args)).rows[0] as T | undefined;
  }

  async all<T>(sql: string, args: readonly unknown[] = []): Promise<T[]> {
    return (await this.query(sql, args)).rows as T[];
  }

  async run(sql: string, args: readonly unknown[] = []): Promise<number> {
    const changed = (await this.query(sql, args)).rowCount ?? 0;
    // A change outside a transaction moves the change version too, as any commit moves SQLite's.
    if (!this.inTransaction()) await this.query(BUMP_CHANGES, []);
    return changed;
  }

  async runMany(statements: readonly Statement[]): Promise<number> {
    const tx = this.context.getStore();
    const texts = tx && statements.length > 1 ? simpleTexts(statements) : undefined;
    if (!tx || !texts) {
      let changed = 0;
      for (const { sql, args } of statements) changed += await this.run(sql, args);
      return changed;
    }
    mayWrite(tx, true);
    try {
      // One round trip: the simple protocol runs them in turn, and stops at the first that fails.
      const results = (await tx.client.query(texts.join(';\n'))) as unknown as QueryAnswer[];
      return results.reduce((changed, result) => changed + (result.rowCount ?? 0), 0);
    } catch (error) {
      if (isConnectionFailure(error)) throw unavailableOr(error);
      if (error instanceof Error) error.message += ` (in one of ${statements.length} statements sent at once: ${texts[0].replace(/\s+/g, ' ').slice(0, 200)})`;
      throw error;
    }
  }

  async runAtCommit(sql: string, args: readonly unknown[] = []): Promise<void> {
    const tx = this.context.getStore();
    if (!tx) return void (await this.run(sql, args));
    // It runs at the COMMIT: until then every read, ahead or not, reads what it would read without it.
    mayWrite(tx, true, { deferred: true });
    const text = toPostgres(sql);
    withValues(text, args); // refuses a value that cannot be written in now, not at the COMMIT
    tx.atCommit.push({ text, args });
  }

  inTransaction(): boolean {
    return this.context.getStore() !== undefined;
  }

  afterCommit(fn: () => void): void {
    const current = this.context.getStore();
    if (current) current.committed.push(fn);
    else fn();
  }

  async wroteMany(table: string, columns: string[], rows: number): Promise<void> {
    const tx = this.context.getStore();
    if (!tx) return await this.refreshStatistics(new Map([[table, { columns: new Set(columns), rows }]]));
    const written = tx.many.get(table) ?? { columns: new Set<string>(), rows: 0 };
    for (const column of columns) written.columns.add(column);
    written.rows += rows;
    tx.many.set(table, written);
  }

  /**
   * ANALYZE of some columns when `rows` is past ANALYZE_AFTER_ROWS and past a tenth of the rows the
   * table had at its last statistics (autovacuum's own scale factor): a search right after a merge of
   * 10,000 pages otherwise plans with a table it thinks empty (docs/decisions.md). Outside any
   * transaction and any lock; a failure (the role may not own the table) leaves autovacuum to do it.
   */
  private async refreshStatistics(written: Transaction['many']): Promise<void> {
    const many = [...written].filter(([, { rows }]) => rows >= ANALYZE_AFTER_ROWS);
    if (!many.length) return;
    try {
      // Every table's in one round trip, and their ANALYZEs in one more.
      const known = (await this.pool.query('SELECT t.name, c.reltuples FROM unnest($1::text[]) AS t(name) LEFT JOIN pg_class c ON c.oid = to_regclass(t.name)', [many.map(([table]) => table)])).rows as { name: string; reltuples: number | null }[];
      const due = many.filter(([table, { rows }]) => rows > 0.1 * Number(known.find((k) => k.name === table)?.reltuples ?? -1));
      if (due.length) await this.pool.query(due.map(([table, { columns }]) => `ANALYZE ${table} (${[...columns].join(', ')})`).join(';\n'));
    } catch {
      // Statistics are the planner's guide, not the data: the write stands either way.
    }
  }

  async transaction<T>(fn: () => Promise<T>, scope?: WriteScope, options: TransactionOptions = {}): Promise<T> {
    const current = this.context.getStore();
    if (current) {
      scopeWithin(current.scope, scope);
      return this.savepoint(current, fn);
    }
    // One round trip (the statements have no parameters: the simple protocol runs them in turn).
    if (scope === undefined) return await this.begin(`BEGIN; SELECT pg_advisory_xact_lock(${WRITE_LOCK}); ${BUMP_CHANGES}; ${SCHEMA_NOW}`, fn, undefined, options);
    return await this.begin(ORGANIZATION_WRITE(`ARRAY[${lockOrder(scope).map(escapeLiteral).join(', ')}]::text[]`), fn, scope, options);
  }

  covers(organizationId: string): boolean {
    return scopeCovers(this.context.getStore()?.scope, organizationId);
  }

  writeScope(): WriteScope {
    return this.context.getStore()?.scope;
  }

  async changeVersions(of?: { organization: string } | { space: string }, alongside: AlongsideRead[] = []): Promise<ChangeVersions> {
    // Each read alongside as one column of the same statement: its row as JSON (one round trip, one
    // snapshot); one with `unless` only when a version moved since (else a mark: STILL_KEPT).
    const organizationVersion = of === undefined ? '0' : 'organization' in of ? '(SELECT version FROM docsctl_org_changes WHERE organization_id = ?)' : 'o.version';
    const columns = alongside.map(({ sql, unless }, n) => {
      const read = `(SELECT row_to_json(a) FROM (${sql}) a LIMIT 1)`;
      return `, ${unless ? `CASE WHEN (SELECT version FROM docsctl_changes) = ? AND ${organizationVersion} = ? THEN json_build_object('${STILL_KEPT}', 1) ELSE ${read} END` : read} AS a${n}`;
    }).join('');
    const values = alongside.flatMap(({ args, unless }) => [
      ...(unless ? [unless.instance, ...(of && 'organization' in of ? [of.organization] : []), unless.organization] : []), ...args,
    ]);
    const [sql, args] = of === undefined
      ? [`SELECT (SELECT version FROM docsctl_changes) AS instance, NULL AS organization, 0 AS version${columns}`, values]
      : 'organization' in of
        ? [`SELECT (SELECT version FROM docsctl_changes) AS instance, ?::text AS organization, (SELECT version FROM docsctl_org_changes WHERE organization_id = ?) AS version${columns}`, [of.organization, of.organization, ...values]]
        : [`SELECT (SELECT version FROM docsctl_changes) AS instance, s.organization_id AS organization, o.version${columns}
           FROM (SELECT 1) one LEFT JOIN spaces s ON s.id = ? LEFT JOIN docsctl_org_changes o ON o.organization_id = s.organization_id`, [...values, of.space]];
    const row = (await this.query(sql, args)).rows[0] as Record<string, unknown> & { instance: number | string; organization: string | null; version: number | string | null };
    return {
      instance: Number(row.instance), organization: row.organization ?? undefined, version: Number(row.version ?? 0),
      alongside: alongside.map((_, n) => {
        const read = (row[`a${n}`] ?? undefined) as Record<string, unknown> | undefined;
        return read && STILL_KEPT in read ? STILL_KEPT : read;
      }),
    };
  }

  async bookkeeping<T>(fn: () => Promise<T>): Promise<T> {
    if (this.context.getStore()) return await this.transaction(fn);
    return await this.begin(`BEGIN; SET LOCAL synchronous_commit = off; ${SCHEMA_NOW}`, fn);
  }

  /**
   * Runs `fn` in a transaction opened by `opening` (which ends with SCHEMA_NOW) on a connection of its
   * own; calls what waits for the commit after it.
   */
  private async begin<T>(opening: string, fn: () => Promise<T>, scope?: WriteScope, options: TransactionOptions = {}): Promise<T> {
    const client = await this.pool.connect().catch((error: unknown) => { throw unavailableOr(error); });
    const tx: Transaction = { scope, client, depth: 0, committed: [], atCommit: [], many: new Map(), undoneWholeIfFirstFails: options.undoneWholeIfFirstFails === true, wrote: false, readAhead: new Map() };
    // Read after the lock, in the same round trip (the simple protocol runs them in turn).
    const ahead = readsAhead(options.readAhead);
    let value: T;
    let broken = false;
    try {
      const preparing = new Map<string, string>();
      const reads = ahead.map((a) => preparedTexts(client, a.text, a.args, preparing));
      const results = (await sentPrepared(client, [opening, ...reads.flat()].join(';\n'), preparing)) as unknown as QueryAnswer[];
      let at = results.length - reads.reduce((n, r) => n + r.length, 0) - 1;
      refuseNewerSchema(Number((results[at].rows[0] as { version: number }).version), postgresMigrations.length);
      ahead.forEach((a, n) => tx.readAhead.set(a.key, results[(at += reads[n].length)]));
      value = await this.context.run(tx, fn);
      if (tx.doomed !== undefined) {
        // Undone whole, as the transaction inside it would have been alone (it wrote first).
        await client.query('ROLLBACK');
        return value;
      }
      // One round trip: the simple protocol runs them in turn, and stops at the first that fails (the
      // transaction then rolls back below).
      const committing = new Map<string, string>();
      const writes = tx.atCommit.flatMap((w) => preparedTexts(client, w.text, w.args, committing));
      await sentPrepared(client, [...writes, 'COMMIT'].join(';\n'), committing);
    } catch (error) {
      // A statement PREPAREd before the one that failed stays on the connection, unknown to the driver
      // (which would PREPARE it again): the connection is dropped.
      broken = isConnectionFailure(error) || uncertain.has(client);
      if (!broken) await client.query('ROLLBACK').catch(() => undefined);
      throw unavailableOr(error);
    } finally {
      // A connection that failed is dropped, not handed to the next caller.
      client.release(broken);
    }
    for (const committed of tx.committed) committed();
    await this.refreshStatistics(tx.many);
    return value;
  }

  /**
   * A transaction inside a transaction: undone alone if it fails, kept only if the outer one commits.
   * The first inside one that has written nothing yet, when its caller undoes it whole if this one
   * fails (`TransactionOptions.undoneWholeIfFirstFails`), needs no savepoint (two round trips fewer):
   * its failure dooms the outer one instead.
   */
  private async savepoint<T>(tx: Transaction, fn: () => Promise<T>): Promise<T> {
    const waiting = tx.committed.length;
    const statements = tx.atCommit.length;
    const name = tx.undoneWholeIfFirstFails && !tx.wrote && tx.depth === 0 ? undefined : `s${tx.depth + 1}`;
    tx.depth++;
    if (name) await tx.client.query(`SAVEPOINT ${name}`);
    try {
      const value = await fn();
      if (name) await tx.client.query(`RELEASE SAVEPOINT ${name}`);
      return value;
    } catch (error) {
      tx.committed.length = waiting;
      tx.atCommit.length = statements;
      if (name) {
        await tx.client.query(`ROLLBACK TO SAVEPOINT ${name}`);
        await tx.client.query(`RELEASE SAVEPOINT ${name}`);
      } else {
        tx.doomed = error;
      }
      throw error;
    } finally {
      tx.depth--;
    }
  }

  async changeVersion(): Promise<number> {
    return Number((await this.query('SELECT version FROM docsctl_changes', [])).rows[0].version);
  }

  async schemaVersion(): Promise<number> {
    return Number((await this.query('SELECT version FROM docsctl_schema', [])).rows[0].version);
  }

  /** Runs `fn` only if no other replica runs the job of that name now (a session advisory lock); false if one does. */
  async exclusively(job: string, fn: () => Promise<void>): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      const got = (await client.query('SELECT pg_try_advisory_lock(hashtext($1)) AS got', [job])).rows[0].got as boolean;
      if (!got) return false;
      try {
        await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [job]);
      }
      return true;
    } finally {
      client.release();
    }
  }

  async tables(): Promise<StoredTable[]> {
    const names = (await this.query(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname NOT LIKE 'docsctl\\_%' ORDER BY c.oid`, [],
    )).rows as { name: string }[];
    const columns = (await this.query(
      `SELECT table_name, column_name, is_generated, is_identity FROM information_schema.columns
       WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`, [],
    )).rows as { table_name: string; column_name: string; is_generated: string; is_identity: string }[];
    return names.map(({ name }) => {
      const own = columns.filter((c) => c.table_name === name);
      return { name, columns: own.filter((c) => c.is_generated === 'NEVER').map((c) => c.column_name), numbered: own.filter((c) => c.is_identity === 'YES').map((c) => c.column_name) };
    });
  }

  async afterCopy(table: StoredTable): Promise<void> {
    for (const column of table.numbered) {
      await this.query(`SELECT setval(pg_get_serial_sequence('${table.name}', '${column}'), COALESCE((SELECT MAX(${column}) FROM ${table.name}), 0) + 1, false)`, []);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * Statements are prepared on their connection (named), each planned once there: planning the access
 * rules' recursive counts took longer than running them (~0.6 ms of ~1 ms), and inside a write that
 * time is spent holding the organization's lock (docs/performance.md). Bounded: past
 * PREPARED_STATEMENTS distinct texts (the engine has a few hundred; one with a list of placeholders
 * has a text per length) the rest go unnamed, planned each time as before.
 */
export const PREPARED_STATEMENTS = 1_000;

/** Rows written at once past which a table's statistics are refreshed after the commit (`wroteMany`). */
export const ANALYZE_AFTER_ROWS = 1_000;
const prepared = new Map<string, string>();

function preparedName(text: string): string | undefined {
  let name = prepared.get(text);
  if (name === undefined && prepared.size < PREPARED_STATEMENTS) prepared.set(text, (name = `docsctl_${prepared.size}`));
  return name;
}

/**
 * A statement with its `$n` parameters written in as literals, for the simple protocol (which takes
 * none): strings quoted as the driver quotes them, numbers as they are, null as NULL.
 */
export function withValues(text: string, args: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = args[Number(n) - 1];
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    if (typeof value === 'string') return escapeLiteral(value);
    throw new Error(`runAtCommit: a ${typeof value} cannot be written into a statement`);
  });
}

/**
 * Notes that a transaction may have written (`writes`: the statement is anything but a SELECT; `deferred`: sent with the COMMIT), and refuses every statement
 * of one that a failure doomed: its caller undoes it whole, so nothing it ran after would be kept.
 */
function mayWrite(tx: Transaction, writes: boolean, options: { deferred?: boolean } = {}): void {
  if (tx.doomed !== undefined) throw new Error('a write of this transaction failed, and it is undone whole: no statement may follow (TransactionOptions.undoneWholeIfFirstFails)');
  if (writes) {
    tx.wrote = true;
    // What was read ahead may be what it changes (not yet for a statement sent with the COMMIT).
    if (!options.deferred) tx.readAhead.clear();
  }
}

/** Connections where a text that PREPAREd statements failed: which of them ran is not known. */
const uncertain = new WeakSet<PoolClient>();

/** The driver's record of the statements it has prepared on a connection, by name (undefined if this driver keeps none). */
function preparedOn(client: PoolClient): Record<string, string> | undefined {
  const parsed = (client as unknown as { connection?: { parsedStatements?: unknown } }).connection?.parsedStatements;
  return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, string>) : undefined;
}

/**
 * A statement for a text of the simple protocol (which takes no parameters): EXECUTE of it as prepared
 * on the connection (`preparedName`, the name the driver's own runs of it use), preceded by its
 * PREPARE the first time (noted in `preparing`). Planned like every statement the driver sends, where
 * its text with the values written in was planned at every run: the reads a PATCH of a member sends
 * with its BEGIN took 2 ms of planning for 0.5 ms of work (docs/performance.md). The values are
 * written as quoted literals, which PostgreSQL reads as the parameters' types, as it reads the
 * driver's text values. With no name left (PREPARED_STATEMENTS), the text with its values written in.
 */
function preparedTexts(client: PoolClient, text: string, args: readonly unknown[], preparing: Map<string, string>): string[] {
  const prepared = preparedOn(client);
  const name = prepared && preparedName(text);
  if (!prepared || name === undefined) return [withValues(text, args)];
  const count = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  const execute = `EXECUTE ${name}${count ? `(${Array.from({ length: count }, (_, n) => parameterLiteral(args[n])).join(', ')})` : ''}`;
  if (prepared[name] === text || preparing.has(name)) return [execute];
  preparing.set(name, text);
  return [`PREPARE ${name} AS ${text}`, execute];
}

/** Sends `text` (of `preparedTexts`) and tells the driver what it prepared once it ran. */
async function sentPrepared(client: PoolClient, text: string, preparing: Map<string, string>): Promise<unknown> {
  try {
    const answer = await client.query(text);
    const prepared = preparedOn(client)!;
    for (const [name, statement] of preparing) prepared[name] = statement;
    return answer;
  } catch (error) {
    if (preparing.size) uncertain.add(client);
    throw error;
  }
}

/** A value as a quoted literal: PostgreSQL reads it as the parameter's type, as it reads the driver's text values. */
function parameterLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return `'${value}'`;
  if (typeof value === 'boolean') return value ? "'true'" : "'false'";
  if (typeof value === 'string') return escapeLiteral(value);
  throw new Error(`a ${typeof value} cannot be written into a statement`);
}

/** What a statement read ahead answers: its text (as sent) and values. */
function readKey(text: string, args: readonly unknown[]): string {
  return `${text}\0${JSON.stringify(args)}`;
}

/** `TransactionOptions.readAhead`, each with its key; a read whose values cannot be written in is left to run itself. */
function readsAhead(reads: Statement[] = []): { key: string; text: string; args: readonly unknown[] }[] {
  return reads.flatMap(({ sql, args }) => {
    const text = toPostgres(sql);
    try {
      withValues(text, args);
      return [{ key: readKey(text, args), text, args }];
    } catch {
      return [];
    }
  });
}

/** Statements as texts for the simple protocol, their values written in; undefined if one's cannot be. */
function simpleTexts(statements: readonly Statement[]): string[] | undefined {
  try {
    return statements.map(({ sql, args }) => withValues(toPostgres(sql), args));
  } catch {
    return undefined;
  }
}

/** A string as an SQL literal whatever `standard_conforming_strings` says: quotes doubled, and backslashes in an E'' string. */
function escapeLiteral(value: string): string {
  const quoted = value.replace(/'/g, "''");
  return value.includes('\\') ? ` E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
}
