import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../../context';
import { CliError, EXIT, UsageError } from '../../errors';
import { backupDatabase, BackupError } from '../../engine/store/backup';
import type { SqliteStore } from '../../engine/store/sqlite-store';
import { isPostgresUrl, sqliteFile } from '../../domain/database-location';

export function registerBackup(group: Command, ctx: Context): void {
  group
    .command('backup')
    .argument('<file>', 'where to write the copy (refused if it exists, unless --force)')
    .option('--force', 'replace an existing file')
    .description('copy the database while it is in use (a running serve goes on), and check the copy')
    .addHelpText('after', `
A consistent copy, taken with SQLite's online backup, then checked (integrity_check, and that this
docsctl can open it). The file is private (0600): it holds the signing secret and token hashes.

Examples:
  $ docsctl db backup backups/acme-2026-11-24.db
  $ docsctl db backup backups/latest.db --force --json`)
    .action(async (file: string, opts: { force?: boolean }) => {
      const target = resolve(ctx.io.cwd, file);
      if (existsSync(target) && !opts.force) throw new CliError(`${file} exists: pass --force to replace it`, EXIT.conflict);
      const t = ctx.target();
      if (t.mode === 'local' && isPostgresUrl(t.db)) throw new UsageError('db backup works on a SQLite file; for PostgreSQL, back up with pg_dump (docs/deployment.md)');
      const engine = await ctx.localEngine('db backup');
      const database = t.mode === 'local' ? sqliteFile(t.db) : '';
      if (target === resolve(database)) throw new CliError(`${file} is the database itself`, EXIT.usage);
      const done = await ctx.spin(`Backing up ${database}`, async () => await backupDatabase((engine.core.store as SqliteStore).db, target)).catch((error: unknown) => {
        if (error instanceof BackupError) throw new CliError(`the copy failed its check, nothing was written: ${error.message}`);
        throw new CliError(`${file}: cannot write the backup: ${(error as Error).message}`);
      });
      // Files kept outside the database (--files) are not in its backup: said, not left to be found out.
      const files = engine.core.files?.location;
      if (ctx.out.json) ctx.out.raw({ database, file: target, bytes: done.bytes, schemaVersion: done.schemaVersion, integrity: 'ok', ...(files ? { filesNotIncluded: files } : {}) });
      else {
        ctx.out.message(`Backed up ${database} to ${file} (${done.bytes} bytes; integrity ok).`);
        if (files) {
          const where = files.startsWith('s3://')
            ? 'Back that bucket prefix up too (bucket versioning or replication, or a copy such as `aws s3 sync`), after this backup'
            : 'Back that folder up too, after this backup';
          ctx.out.message(`Not in it: the files this database keeps in ${files} (new files since --files was given). ${where} (objects are only ever added until the purge: a copy taken later holds every file the backup names).`);
        }
      }
    });
}
