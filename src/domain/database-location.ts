/**
 * Where a database is: a SQLite file (a path, `sqlite:FILE`, or `:memory:`) or a PostgreSQL server
 * (`postgres://user:password@host:port/database`, or `postgresql://`).
 */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** The file of a SQLite location (`sqlite:./acme.db` → `./acme.db`). */
export function sqliteFile(location: string): string {
  return location.replace(/^sqlite:(\/\/)?/i, '');
}

/** A database location as it may be shown or logged: a URL's password is replaced by `***`. */
export function databaseLabel(location: string): string {
  return location.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, '$1***@');
}
