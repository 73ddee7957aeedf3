import pg from 'pg';

/**
 * Schemas of the test cluster, migrated once and used again (issue 55): a test engine on PostgreSQL took
 * ~280 ms to create a schema and run every migration, ~20 ms to empty one already migrated and open it.
 * A schema is taken again once the test that had it is done (test/postgres-release.ts frees it after
 * each test, its store kept open), or once the test file that made it in a `beforeAll` is done: its
 * process has ended, or the process (a worker runs file after file, one at a time) is on another file.
 * It is emptied (no migration inserts rows), its sequences started again, its change counter set back
 * to 0 and its statistics dropped, as a new schema has them.
 */
const POOL = 'docsctl_test_schemas';
/** The pool's `file` of a schema no test holds. */
const FREE = '';

let workerDatabase: Promise<string> | undefined;

/**
 * The URL of this worker process's own database of the cluster, made on first use with the pool's table:
 * PostgreSQL's advisory locks (the migration lock, the write lock of every write) hold across a whole
 * database, so engines of workers sharing one waited on each other's migrations and writes.
 */
export function workerDatabaseOf(clusterUrl: string): Promise<string> {
  return (workerDatabase ??= (async () => {
    const name = `worker_${process.pid}`;
    const client = new pg.Client({ connectionString: clusterUrl });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42P04') throw error; // made by an earlier file of this worker
    } finally {
      await client.end();
    }
    const url = new URL(clusterUrl);
    url.pathname = `/${name}`;
    await createSchemaPool(url.href);
    return url.href;
  })());
}

/** Creates the pool's table in a database. */
async function createSchemaPool(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS public.${POOL} (name TEXT PRIMARY KEY, owner INTEGER NOT NULL, file TEXT NOT NULL, version INTEGER NOT NULL)`);
  } finally {
    await client.end();
  }
}

let admin: pg.Pool | undefined;
const adminOf = (url: string) => (admin ??= new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 100, allowExitOnIdle: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * What migrations make at a version: the tables besides docsctl's own two, and the sequences. Read from
 * the catalog once a process and version: PostgreSQL's pg_tables and pg_sequences views scan the whole
 * catalog, ~10 ms each in a database of a few hundred schemas, where emptying a schema takes ~20.
 */
const shapes = new Map<number, Promise<{ tables: string[]; sequences: string[] }>>();
function shapeAt(db: pg.Pool, schema: string, version: number) {
  let shape = shapes.get(version);
  if (!shape) {
    shape = (async () => {
      const tables = await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 AND tablename NOT IN ('docsctl_schema', 'docsctl_changes')", [schema]);
      const sequences = await db.query<{ name: string }>('SELECT sequencename AS name FROM pg_sequences WHERE schemaname = $1', [schema]);
      return { tables: tables.rows.map((t) => t.name), sequences: sequences.rows.map((s) => s.name) };
    })();
    shapes.set(version, shape);
  }
  return shape;
}

/** A schema's version (undefined when unreadable). */
async function versionOf(db: pg.Pool, schema: string): Promise<number | undefined> {
  const { rows } = await db.query<{ version: number }>(`SELECT version FROM "${schema}".docsctl_schema`).catch(() => ({ rows: [] as { version: number }[] }));
  return rows[0] === undefined ? undefined : Number(rows[0].version);
}

/** How many tables a schema holds now (a test may have made one of its own). */
async function tableCount(db: pg.Pool, schema: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>("SELECT count(*) AS n FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind IN ('r', 'p')", [`"${schema}"`]);
  return Number(rows[0].n);
}

/** The test file this process is running (vitest imported here, not above: the run's set-up imports this file too). */
const currentFile = async () => (await import('vitest')).expect.getState().testPath ?? '';

/** Empties a schema as migrations left it; false when a test changed what it holds (a table dropped). */
async function empty(db: pg.Pool, schema: string, version: number): Promise<boolean> {
  const { tables, sequences } = await shapeAt(db, schema, version);
  const quoted = (name: string) => `"${schema}"."${name}"`;
  // DELETE with foreign keys off (session_replication_role) is ~5x faster than TRUNCATE on tables this
  // small; the identity columns' sequences start again as a new schema's do.
  const statements = [
    'SET session_replication_role = replica',
    ...tables.map((table) => `DELETE FROM ${quoted(table)}`),
    ...sequences.map((sequence) => `ALTER SEQUENCE ${quoted(sequence)} RESTART`),
    `UPDATE ${quoted('docsctl_changes')} SET version = 0`,
    // No statistics of earlier rows (a test reads which columns an ANALYZE refreshed); the test cluster's user is its superuser.
    `DELETE FROM pg_statistic WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = '"${schema}"'::regnamespace)`,
  ].join('; ');
  try {
    await db.query(statements);
    return true;
  } catch {
    return false;
  } finally {
    await db.query('RESET session_replication_role');
  }
}

/** A migrated schema no running test has, emptied and now this file's; undefined when there is none. */
export async function takeSchema(url: string): Promise<string | undefined> {
  const db = adminOf(url);
  const file = await currentFile();
  const { rows } = await db.query<{ name: string; owner: number; file: string; version: number }>(
    `SELECT name, owner, file, version FROM public.${POOL} WHERE file = $3 OR NOT (owner = $1 AND file = $2) ORDER BY file = $3 DESC`,
    [process.pid, file, FREE],
  );
  for (const row of rows) {
    if (row.file !== FREE && row.owner !== process.pid && alive(row.owner)) continue;
    // Whoever changes the owner first has it.
    const taken = await db.query(`UPDATE public.${POOL} SET owner = $1, file = $2 WHERE name = $3 AND owner = $4 AND file = $5`, [process.pid, file, row.name, row.owner, row.file]);
    if (taken.rowCount !== 1) continue;
    // A test may have left it other than migrations made it (a newer version written, a table made or
    // dropped): such a schema leaves the pool.
    const same = (await versionOf(db, row.name)) === row.version && (await tableCount(db, row.name)) === (await shapeAt(db, row.name, row.version)).tables.length + 2;
    if (!same || !(await empty(db, row.name, row.version))) {
      await db.query(`DELETE FROM public.${POOL} WHERE name = $1`, [row.name]);
      continue;
    }
    return row.name;
  }
  return undefined;
}

/** Records a schema this file made (and migrated), for a later test to take. */
export async function keepSchema(url: string, name: string): Promise<void> {
  const db = adminOf(url);
  const version = await versionOf(db, name);
  if (version === undefined) return;
  await shapeAt(db, name, version);
  await db.query(`INSERT INTO public.${POOL} (name, owner, file, version) VALUES ($1, $2, $3, $4)`, [name, process.pid, await currentFile(), version]);
}

/** What a test's engine ran on: a schema's store, open or closed by the test. */
export interface HeldStore {
  close(): Promise<void>;
  /** Whether the test closed it (an engine's `close`). */
  closed(): boolean;
}

/** Schemas taken inside the running test, with their stores. */
const held = new Map<string, HeldStore>();
/**
 * Stores of free schemas this process keeps open for the next test that takes them: their connections
 * are warm. A new connection reads the catalog again for every table it touches, and that cost more
 * of PostgreSQL's time than the tests' own statements.
 */
const warm = new Map<string, HeldStore>();

/** The open store of a schema just taken, when this process kept one. */
export function warmStore<T extends HeldStore>(name: string): T | undefined {
  const store = warm.get(name) as T | undefined;
  warm.delete(name);
  return store && !store.closed() ? store : undefined;
}

/**
 * Notes a schema a test (or its `beforeEach`) took: it is freed when that test ends. vitest's current
 * test, not expect's state: with workers kept across files, that still names the last file's last test
 * during a `beforeAll`.
 */
export async function holdForTest(name: string, store: HeldStore): Promise<void> {
  if ((await import('vitest/suite')).getCurrentTest()) held.set(name, store);
}

/** Frees the schemas of the test that just ended, their stores kept open for the next (test/postgres-release.ts). */
export async function releaseTestSchemas(): Promise<void> {
  if (held.size === 0 || !admin) return;
  const names = [...held.keys()];
  for (const [name, store] of held) if (!store.closed()) warm.set(name, store);
  held.clear();
  await admin.query(`UPDATE public.${POOL} SET file = $1 WHERE name = ANY($2) AND owner = $3`, [FREE, names, process.pid]);
}
