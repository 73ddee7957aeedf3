import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Tests run the shipped entry (bin/docsctl.cjs → dist/) as well as the source: build it first when it is
// missing or older than what it is built from, so a stale bundle can never pass.
// Returns the run's teardown: the sample database the workers made (test/helpers/teams.ts) goes.
export default async function setup(): Promise<() => void> {
  const { buildIfStale } = (await import('../scripts/build-if-stale.js' as string)) as { buildIfStale: () => boolean };
  buildIfStale();
  return () => rmSync(join(tmpdir(), `docsctl-sample-${process.pid}.db`), { force: true });
}
