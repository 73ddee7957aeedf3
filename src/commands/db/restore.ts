import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../../context';
import { CliError, EXIT, UsageError } from '../../errors';
import { BackupError, restoreDatabase } from '../../engine/store/backup';
import { serverHolding } from '../../engine/store/server-lock';
import { isPostgresUrl, sqliteFile } from '../../domain/database-location';

export function registerRestore(group: Command, ctx: Context): void {
  group
    .command('restore')
    .argument('<file>', 'a backup written by `docsctl db backup`')
    .option('--yes', 'do not ask for confirmation')
    .description('replace the database with a backup (refused while a serve holds it)')
    .addHelpText('after', `
The backup is checked first (integrity_check, a docsctl database, not from a newer docsctl); then it
replaces the database file. Everything written since the backup is lost. Stop \`docsctl serve\` first:
a database a running server holds is refused. An older backup is brought up to date (migrated) the
next time docsctl opens it.

Examples:
  $ docsctl db backup before-upgrade.db
  $ docsctl db restore before-upgrade.db --yes`)
    .action(async (file: string, opts: { yes?: boolean }) => {
      const t = ctx.target();
      if (t.mode !== 'local' || t.db === ':memory:') throw new UsageError('db restore works on a local database file (--db FILE)');
      if (isPostgresUrl(t.db)) throw new UsageError('db restore works on a SQLite file; for PostgreSQL, restore with pg_restore (docs/deployment.md)');
      const backup = resolve(ctx.io.cwd, file);
      const database = resolve(sqliteFile(t.db));
      if (backup === database) throw new UsageError(`${file} is the database itself`);
      const pid = serverHolding(database);
      if (pid !== undefined) throw new CliError(`a docsctl serve (process ${pid}) holds ${t.db}: stop it, then restore`, EXIT.conflict);
      await ctx.confirm(`Replace ${t.db} with ${file}? Everything written since that backup is lost`, opts.yes);
      let restored: { schemaVersion: number };
      try {
        restored = restoreDatabase(backup, database);
      } catch (error) {
        throw error instanceof BackupError ? new CliError(`${error.message}; ${t.db} was left as it was`) : error;
      }
      if (ctx.out.json) ctx.out.raw({ database: t.db, restoredFrom: backup, schemaVersion: restored.schemaVersion });
      else ctx.out.message(`Restored ${t.db} from ${file}.`);
    });
}
