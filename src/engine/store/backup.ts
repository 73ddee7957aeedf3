import { chmodSync, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { openReadOnly, SCHEMA_VERSION, type Db } from './db';

/** A backup that cannot be used: not a database, damaged, not docsctl's, or from a newer docsctl. */
export class BackupError extends Error {}

/**
 * Checks that `file` is a sound docsctl database this binary can run: SQLite's `integrity_check` says
 * ok, it has docsctl's installation record, and its schema is not newer than this docsctl's.
 */
export function verifyDatabase(file: string): { schemaVersion: number } {
  let db: Db | undefined;
  try {
    db = openReadOnly(file);
    const problems = db.pragma('integrity_check', { simple: false }) as { integrity_check: string }[];
    if (problems.length !== 1 || problems[0].integrity_check !== 'ok') {
      throw new BackupError(`${file} is damaged: ${problems.slice(0, 3).map((p) => p.integrity_check).join('; ')}`);
    }
    const schemaVersion = db.pragma('user_version', { simple: true }) as number;
    const installed = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get() as { n: number };
    if (!installed.n || !db.prepare("SELECT value FROM meta WHERE key = 'admin_user_id'").get()) throw new BackupError(`${file} is not a docsctl database`);
    if (schemaVersion > SCHEMA_VERSION) {
      throw new BackupError(`${file} was written by a newer docsctl (schema ${schemaVersion}; this one knows ${SCHEMA_VERSION}): upgrade docsctl to use it`);
    }
    return { schemaVersion };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a database docsctl can read: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
}

/**
 * A consistent copy of a live database, taken with SQLite's online backup while other connections
 * (a running `serve`) go on reading and writing. Written beside the target and renamed into place
 * once verified, so `file` is either the whole checked backup or absent; private (0600), as the
 * database holds secrets.
 */
export async function backupDatabase(db: Db, file: string): Promise<{ bytes: number; schemaVersion: number }> {
  const partial = `${file}.partial-${process.pid}`;
  try {
    // The folder is made if needed (`db backup backups/today.db` in a fresh checkout).
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    await db.backup(partial);
    chmodSync(partial, 0o600);
    const { schemaVersion } = verifyDatabase(partial);
    renameSync(partial, file);
    return { bytes: statSync(file).size, schemaVersion };
  } finally {
    rmSync(partial, { force: true });
  }
}

/**
 * Puts a verified backup in place of the database file `target`. Nothing may have the target open:
 * its write-ahead log belongs to the old content and is removed, and the copy is renamed into place.
 */
export function restoreDatabase(backup: string, target: string): { schemaVersion: number } {
  const { schemaVersion } = verifyDatabase(backup);
  const partial = `${target}.restore-${process.pid}`;
  try {
    copyFileSync(backup, partial);
    chmodSync(partial, 0o600);
    for (const leftover of [`${target}-wal`, `${target}-shm`]) if (existsSync(leftover)) rmSync(leftover);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
  return { schemaVersion };
}
