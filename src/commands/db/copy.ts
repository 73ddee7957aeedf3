import type { Command } from 'commander';
import { opening, type Context } from '../../context';
import { CliError, EXIT, UsageError } from '../../errors';
import { openStore } from '../../engine/store/open-store';
import { copyInstance, CopyError } from '../../engine/store/copy';
import type { Store } from '../../engine/store/store';
import { databaseLabel, isPostgresUrl, sqliteFile } from '../../domain/database-location';
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';

export function registerCopy(group: Command, ctx: Context): void {
  group
    .command('copy')
    .description('copy a whole instance from one database to another (SQLite to PostgreSQL or back), into an empty target')
    .requiredOption('--from <database>', 'the instance to copy: a SQLite file, sqlite:FILE or postgres://…')
    .requiredOption('--to <database>', 'where to copy it: an empty database (a new SQLite file, or an empty PostgreSQL database)')
    .addHelpText('after', `
Everything is copied in one transaction on the target (all of it or none), from one moment of the
source (writers to the source wait while it reads). A target that holds any row is refused (exit 6).
At the end each table's row count is compared with the source's; a difference undoes the copy (exit 1).
Moving to PostgreSQL: docsctl db copy --from ./acme.db --to postgres://USER@HOST/DB (and back the
other way round).

Examples:
  $ docsctl db copy --from ./acme.db --to ./acme-copy.db
  $ docsctl db copy --from ./acme.db --to ./acme-copy-2.db --json`)
    .action(async (opts: { from: string; to: string }) => {
      const where = (location: string) => (isPostgresUrl(location) || location === ':memory:' ? location : resolve(ctx.io.cwd, sqliteFile(location)));
      const [from, to] = [where(opts.from), where(opts.to)];
      if (from === to) throw new UsageError('--from and --to name the same database');
      // The target may be new (the copy creates it); the source must exist, or there is nothing to copy.
      if (!isPostgresUrl(from) && from !== ':memory:' && !existsSync(from)) throw new UsageError(`--from: no database at ${from}: nothing to copy`);
      // Any other failure to open is named too: a copy opens nothing else.
      const open = (location: string): Promise<Store> =>
        opening(location, () => openStore(location, { credentials: ctx.credentials() })).catch((error: unknown) => {
          throw error instanceof CliError ? error : new CliError(`cannot open ${databaseLabel(location)}: ${(error as Error).message}`);
        });
      const source = await open(from);
      try {
        const target = await open(to);
        try {
          const report = await ctx.spin(`Copying ${databaseLabel(from)} to ${databaseLabel(to)}`, () => copyInstance(source, target)).catch((error: unknown) => {
            if (error instanceof CopyError) throw new CliError(error.message, /not empty/.test(error.message) ? EXIT.conflict : EXIT.error);
            throw error;
          });
          if (ctx.out.json) await ctx.out.raw({ from: databaseLabel(from), to: databaseLabel(to), rows: report.rows, tables: report.tables });
          else ctx.out.message(`Copied ${report.rows} row(s) in ${report.tables.length} tables from ${databaseLabel(from)} to ${databaseLabel(to)}; every table's row count matches.`);
        } finally {
          await target.close();
        }
      } finally {
        await source.close();
      }
    });
}
