import Database from 'better-sqlite3';
import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { createRequire } from 'node:module';
import { migrations } from './migrations/index';
import { NewerDatabase } from '../errors';

export { NewerDatabase };

export type Db = Database.Database;

// Defined only in the single executable's build (scripts/package.js, docs/distribution.md): loads the
// addon the executable carries as an asset. Elsewhere the name is undeclared and `typeof` is 'undefined'.
declare const __DOCSCTL_SEA_NATIVE_BINDING__: (() => object) | undefined;

let binding: string | object | undefined;
// Rewritten into the bundle's own require by the builds (scripts/sea-require-plugin.js).
const load = createRequire(import.meta.url);

/** better-sqlite3's addon: its path in node_modules, or the loaded addon inside the single executable. */
function nativeBinding(): string | object {
  // Naming the addon directly skips the `bindings` package's search of the file system at every start.
  binding ??=
    typeof __DOCSCTL_SEA_NATIVE_BINDING__ === 'function'
      ? __DOCSCTL_SEA_NATIVE_BINDING__()
      : load.resolve('better-sqlite3/build/Release/better_sqlite3.node');
  return binding;
}

/**
 * The database holds the signing secret, share keys and token hashes: only its owner may read it. A new
 * file is created 0600 (its folder 0700); an existing one, and its -wal and -shm, are narrowed to 0600
 * (SQLite gives -wal and -shm the main file's mode when it creates them).
 */
function keepPrivate(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if (statSync(path).mode & 0o077) chmodSync(path, 0o600);
    } catch {
      // absent (-wal, -shm), or not ours to change: SQLite will say if it cannot open it
    }
  }
}

/**
 * Opens (creating if needed) a database file, sets the pragmas and runs pending migrations. Bytes of a
 * serialized database (`db.serialize()`) open as an in-memory copy of it: the tests' engines start from
 * one migrated database instead of migrating each their own.
 */
export function openDb(file: string | Buffer): Db {
  if (typeof file === 'string' && file !== ':memory:') keepPrivate(file);
  // The typings know only the path form; better-sqlite3 also takes the loaded addon object.
  const db = new Database(file, { nativeBinding: nativeBinding() as string });
  // One call for the four: each `pragma()` prepares its own statement, a measurable part of a command's start.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
  migrate(db);
  return db;
}

/** Opens a database file to read only: no pragmas, no migrations, nothing written (a backup being checked). */
export function openReadOnly(file: string): Db {
  return new Database(file, { readonly: true, fileMustExist: true, nativeBinding: nativeBinding() as string });
}

/** How many migrations this docsctl knows: a database whose `user_version` is higher was written by a newer one. */
export const SCHEMA_VERSION = migrations.length;

/**
 * A write of a docsctl older than the database (another one migrated it since this one opened it) is
 * refused, inside the transaction, before it changes anything: it would write rows the newer schema
 * does not expect (docs/deployment.md, "Upgrading").
 */
export function refuseNewerSchema(version: number, known = SCHEMA_VERSION): void {
  if (version > known) throw new NewerDatabase(version, known);
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > migrations.length) {
    db.close();
    throw new NewerDatabase(current, migrations.length);
  }
  for (let version = current; version < migrations.length; version++) {
    db.transaction(() => {
      db.exec(migrations[version]);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}
