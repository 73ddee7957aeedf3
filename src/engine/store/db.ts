import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { migrations } from './migrations/index';

export type Db = Database.Database;

// Defined only in the single executable's build (scripts/package.js, docs/distribution.md): loads the
// addon the executable carries as an asset. Elsewhere the name is undeclared and `typeof` is 'undefined'.
declare const __DOCSCTL_SEA_NATIVE_BINDING__: (() => object) | undefined;

let binding: string | object | undefined;

/** better-sqlite3's addon: its path in node_modules, or the loaded addon inside the single executable. */
function nativeBinding(): string | object {
  // Naming the addon directly skips the `bindings` package's search of the file system at every start.
  binding ??=
    typeof __DOCSCTL_SEA_NATIVE_BINDING__ === 'function'
      ? __DOCSCTL_SEA_NATIVE_BINDING__()
      : createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');
  return binding;
}

/** Opens (creating if needed) a database file, sets the pragmas and runs pending migrations. */
export function openDb(file: string): Db {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // The typings know only the path form; better-sqlite3 also takes the loaded addon object.
  const db = new Database(file, { nativeBinding: nativeBinding() as string });
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
