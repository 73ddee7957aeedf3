import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** The file `serve` keeps beside its database while it runs: its process id. */
const lockFile = (database: string) => `${database}.serve-pid`;

/** Marks `database` as held by this process (a running `serve`); the returned function lets go. */
export function holdForServer(database: string): () => void {
  const file = lockFile(database);
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  return () => {
    // Only our own mark: another serve may have started on the file since (and then owns it).
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** The process id of a `serve` that holds `database` and is still running, if any (a stale mark is ignored). */
export function serverHolding(database: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(lockFile(database), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
