import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { migrations } from './migrations/index';

export type Db = Database.Database;

// Naming the addon directly skips the `bindings` package's search of the file system at every start.
const nativeBinding = createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');

/** Opens (creating if needed) a database file, sets the pragmas and runs pending migrations. */
export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file, { nativeBinding });
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version]);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}
