import { openDb } from './db';
import { SqliteStore } from './sqlite-store';
import type { PostgresOptions } from './postgres-store';
import type { Store } from './store';
import { isPostgresUrl, sqliteFile } from '../../domain/database-location';

/**
 * The store a database location names: a `postgres://` URL, or a SQLite file (a path, or a
 * `sqlite:` URL such as `sqlite:./acme.db`; `:memory:` for a database that lives as long as the process).
 */
export async function openStore(location: string, options: PostgresOptions = {}): Promise<Store> {
  // Loaded only for PostgreSQL: its driver, dialect and migrations are start-up a SQLite command never uses.
  if (isPostgresUrl(location)) return (await import('./postgres-store')).PostgresStore.open(location, options);
  return new SqliteStore(openDb(sqliteFile(location)));
}
