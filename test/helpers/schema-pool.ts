import pg from 'pg';

/**
 * Schemas of the test cluster, migrated once and used again (issue 55): a test engine on PostgreSQL took
 * ~280 ms to create a schema and run every migration, ~70 ms to empty one already migrated and open it.
 * A schema is taken again only once the test file that had it is done: its process has ended, or the
 * process (a worker runs file after file, one at a time) is on another file. It is emptied (no
 * migration inserts rows), its sequences started again and its change counter set back to 0, as a new
 * schema has them.
 */
const POOL = 'docsctl_test_schemas';

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
    await client.query(`CREATE TABLE IF NOT EXISTS public.${POOL} (name TEXT PRIMARY KEY, owner INTEGER NOT NULL, file TEXT NOT NULL, tables INTEGER NOT NULL, version INTEGER NOT NULL)`);
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

/** A schema's tables besides docsctl's own two, and its version (undefined when unreadable). */
async function shapeOf(db: pg.Pool, schema: string): Promise<{ tables: string[]; version: number | undefined }> {
  const tables = await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 AND tablename NOT IN ('docsctl_schema', 'docsctl_changes')", [schema]);
  const version = await db.query<{ version: number }>(`SELECT version FROM "${schema}".docsctl_schema`).catch(() => ({ rows: [] as { version: number }[] }));
  return { tables: tables.rows.map((t) => t.name), version: version.rows[0] === undefined ? undefined : Number(version.rows[0].version) };
}

/** The test file this process is running (vitest imported here, not above: the run's set-up imports this file too). */
const currentFile = async () => (await import('vitest')).expect.getState().testPath ?? '';

/** A migrated schema no running test file has, emptied and now this file's; undefined when there is none. */
export async function takeSchema(url: string): Promise<string | undefined> {
  const db = adminOf(url);
  const file = await currentFile();
  const { rows } = await db.query<{ name: string; owner: number; file: string; tables: number; version: number }>(`SELECT name, owner, file, tables, version FROM public.${POOL} WHERE NOT (owner = $1 AND file = $2)`, [process.pid, file]);
  for (const row of rows) {
    if (row.owner !== process.pid && alive(row.owner)) continue;
    // Whoever changes the owner first has it.
    const taken = await db.query(`UPDATE public.${POOL} SET owner = $1, file = $2 WHERE name = $3 AND owner = $4 AND file = $5`, [process.pid, file, row.name, row.owner, row.file]);
    if (taken.rowCount !== 1) continue;
    // DELETE with foreign keys off (session_replication_role) is ~5x faster than TRUNCATE on tables this
    // small; the identity column's sequence starts again as a new schema's does.
    // A test may have left it other than migrations made it (a newer version written, a table dropped):
    // such a schema leaves the pool.
    const { tables, version } = await shapeOf(db, row.name);
    if (tables.length !== row.tables || version !== row.version) {
      await db.query(`DELETE FROM public.${POOL} WHERE name = $1`, [row.name]);
      continue;
    }
    const sequences = await db.query<{ name: string }>('SELECT sequencename AS name FROM pg_sequences WHERE schemaname = $1', [row.name]);
    const quoted = (name: string) => `"${row.name}"."${name}"`;
    await db.query([
      'SET session_replication_role = replica',
      ...tables.map((table) => `DELETE FROM ${quoted(table)}`),
      ...sequences.rows.map((q) => `ALTER SEQUENCE ${quoted(q.name)} RESTART`),
      `UPDATE ${quoted('docsctl_changes')} SET version = 0`,
      'RESET session_replication_role',
    ].join('; '));
    return row.name;
  }
  return undefined;
}

/** Records a schema this file made (and migrated), for a later file to take. */
export async function keepSchema(url: string, name: string): Promise<void> {
  // As migrations left it: its tables besides the two of docsctl's own, and its version.
  const db = adminOf(url);
  const { tables, version } = await shapeOf(db, name);
  await db.query(`INSERT INTO public.${POOL} (name, owner, file, tables, version) VALUES ($1, $2, $3, $4, $5)`, [name, process.pid, await currentFile(), tables.length, version]);
}
