import pg from 'pg';

let databases = 0;

/** A new, empty database on the test cluster (DOCSCTL_TEST_POSTGRES); answers its URL. */
export async function freshDatabase(prefix: string): Promise<string> {
  const cluster = process.env.DOCSCTL_TEST_POSTGRES;
  if (!cluster) throw new Error('DOCSCTL_TEST_POSTGRES is not set: run this test in the "postgres" project (test/postgres-setup.ts)');
  const name = `${prefix}_${process.pid}_${++databases}`;
  const client = new pg.Client(cluster);
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return cluster.replace(/\/[^/]*$/, `/${name}`);
}
