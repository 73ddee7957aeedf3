import { randomBytes } from 'node:crypto';
import { promises as fs, readFileSync } from 'node:fs';
import { homedir, userInfo } from 'node:os';
import { join } from 'node:path';
import { PasswordMissing } from '../errors';

/** Where a PostgreSQL password may come from besides the URL: the environment and a file named by the caller. */
export interface DatabaseCredentials {
  env: Record<string, string | undefined>;
  /** `--database-password-file` (or DOCSCTL_DATABASE_PASSWORD_FILE): a file holding the password alone. */
  passwordFile?: string;
}


/**
 * The password of a connection whose URL has none, asked for only when the server wants one (docs/
 * deployment.md, "Passwords"): PGPASSWORD, then the password file given, then a libpq password file
 * (PGPASSFILE, else ~/.pgpass; ignored unless only its owner may read it). Never on the command line,
 * where `ps` shows it. When none is found, the server is sent a password it cannot accept, so that
 * it closes the connection at once (a client that gives up leaves it open until the server's
 * authentication timeout, a minute), and `missing()` then says so to the caller.
 */
export function passwordOf(url: string, credentials: DatabaseCredentials) {
  let missing: PasswordMissing | undefined;
  return {
    password: async (): Promise<string> => {
      const { env, passwordFile } = credentials;
      if (env.PGPASSWORD) return env.PGPASSWORD;
      if (passwordFile) {
        try {
          return readFileSync(passwordFile, 'utf8').replace(/\r?\n$/, '');
        } catch (error) {
          missing = new PasswordMissing(`--database-password-file ${passwordFile}: cannot read it (${(error as { code?: string }).code ?? (error as Error).message})`);
          return randomBytes(16).toString('hex');
        }
      }
      const target = new URL(url);
      const user = decodeURIComponent(target.username) || env.PGUSER || userInfo().username;
      const fromFile = await fromPasswordFile({
        host: target.hostname || 'localhost', port: target.port || '5432', database: decodeURIComponent(target.pathname.slice(1)) || user, user,
      }, env);
      if (fromFile !== undefined) return fromFile;
      missing = new PasswordMissing(`the PostgreSQL server asks a password of user ${user || '(none)'} and none was given: set PGPASSWORD, put it in a password file (PGPASSFILE, or ~/.pgpass), or name a file holding it with --database-password-file FILE (not in the URL on a command line: ps shows it)`);
      return randomBytes(16).toString('hex');
    },
    /** Why the last login failed, when it was for want of a password. */
    missing: (): PasswordMissing | undefined => missing,
  };
}

/**
 * The password a libpq password file holds for this connection, if any: the first line
 * `host:port:database:user:password` whose fields match (`*` matches anything; a backslash escapes the next character),
 * from PGPASSFILE or ~/.pgpass. As libpq does, a file others may read is ignored.
 */
async function fromPasswordFile(connection: { host: string; port: string; database: string; user: string }, env: DatabaseCredentials['env']): Promise<string | undefined> {
  const file = env.PGPASSFILE || join(env.HOME || homedir(), '.pgpass');
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile() || (process.platform !== 'win32' && (stat.mode & 0o077) !== 0)) return undefined;
  const wanted = [connection.host, connection.port, connection.database, connection.user];
  for (const line of (await fs.readFile(file, 'utf8')).split(/\r?\n/)) {
    if (!line || line.startsWith('#')) continue;
    const fields = pgpassFields(line);
    if (fields.length < 5) continue;
    if (wanted.every((value, i) => fields[i] === '*' || fields[i] === value)) return fields.slice(4).join(':');
  }
  return undefined;
}

/** A password file's line split at its unescaped colons, escapes undone. */
export function pgpassFields(line: string): string[] {
  const fields = [''];
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\\' && i + 1 < line.length) fields[fields.length - 1] += line[++i];
    else if (line[i] === ':') fields.push('');
    else fields[fields.length - 1] += line[i];
  }
  return fields;
}
