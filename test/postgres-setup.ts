// The PostgreSQL run of the suite (vitest project "postgres", whose workers have
// DOCSCTL_TEST_BACKEND=postgres): one throwaway cluster for the whole run.
// Test engines take a schema each in their worker's own database of it, new or emptied
// (test/helpers/engine.ts, helpers/schema-pool.ts); tests that need a database of their own create one. Without PostgreSQL installed, this fails the run: it never skips.
export default async function setup(): Promise<() => void> {
  const { startCluster } = (await import('../scripts/pg-cluster.js' as string)) as { startCluster: () => Promise<{ url: string; stop: () => void }> };
  const cluster = await startCluster();
  process.env.DOCSCTL_TEST_POSTGRES = cluster.url;
  return () => cluster.stop();
}
