import { openDb } from './db';
import { SqliteStore } from './sqlite-store';
import { PostgresStore, type PostgresOptions } from './postgres-store';
import type { Store } from './store';
import { isPostgresUrl, sqliteFile } from '../../domain/database-location';

/**
 * The store a database location names: a `postgres://` URL, or a SQLite file (a path, or a
 * `sqlite:` URL such as `sqlite:./acme.db`; `:memory:` for a database that lives as long as the process).
 */
export async function openStore(location: string, options: PostgresOptions = {}): Promise<Store> {
  if (isPostgresUrl(location)) return PostgresStore.open(location, options);
  return new SqliteStore(openDb(sqliteFile(location)));
}
