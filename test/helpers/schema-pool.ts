import pg from 'pg';

/**
 * Schemas of the test cluster, migrated once and used again (issue 55): a test engine on PostgreSQL took
 * ~280 ms to create a schema and run every migration, ~70 ms to empty one already migrated and open it.
 * A schema is taken again only once the test process that had it has ended (its pid is gone), so nothing
 * still running in a file (a timer, a pool) can write into the next file's schema; it is emptied (no
 * migration inserts rows), its sequences started again and its change counter set back to 0, as a new
 * schema has them.
 */
export const POOL = 'docsctl_test_schemas';

/** Creates the pool's table: once a run, by test/postgres-setup.ts. */
export async function createSchemaPool(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS public.${POOL} (name TEXT PRIMARY KEY, owner INTEGER NOT NULL)`);
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

/** A migrated schema no live process has, emptied and now this process's; undefined when there is none. */
export async function takeSchema(url: string): Promise<string | undefined> {
  const db = adminOf(url);
  const { rows } = await db.query<{ name: string; owner: number }>(`SELECT name, owner FROM public.${POOL} WHERE owner <> $1`, [process.pid]);
  for (const row of rows) {
    if (alive(row.owner)) continue;
    // Whoever changes the owner first has it.
    const taken = await db.query(`UPDATE public.${POOL} SET owner = $1 WHERE name = $2 AND owner = $3`, [process.pid, row.name, row.owner]);
    if (taken.rowCount !== 1) continue;
    // DELETE with foreign keys off (session_replication_role) is ~5x faster than TRUNCATE on tables this
    // small; the identity column's sequence starts again as a new schema's does.
    const tables = await db.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = $1 AND tablename NOT IN ('docsctl_schema', 'docsctl_changes')", [row.name]);
    const sequences = await db.query<{ name: string }>('SELECT sequencename AS name FROM pg_sequences WHERE schemaname = $1', [row.name]);
    const quoted = (name: string) => `"${row.name}"."${name}"`;
    await db.query([
      'SET session_replication_role = replica',
      ...tables.rows.map((t) => `DELETE FROM ${quoted(t.name)}`),
      ...sequences.rows.map((q) => `ALTER SEQUENCE ${quoted(q.name)} RESTART`),
      `UPDATE ${quoted('docsctl_changes')} SET version = 0`,
      'RESET session_replication_role',
    ].join('; '));
    return row.name;
  }
  return undefined;
}

/** Records a schema this process made (and migrated), for a later process to take. */
export async function keepSchema(url: string, name: string): Promise<void> {
  await adminOf(url).query(`INSERT INTO public.${POOL} (name, owner) VALUES ($1, $2)`, [name, process.pid]);
}
