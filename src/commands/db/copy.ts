import type { Command } from 'commander';
import { opening, type Context } from '../../context';
import { CliError, EXIT, UsageError } from '../../errors';
import { openStore } from '../../engine/store/open-store';
import { copyInstance, CopyError } from '../../engine/store/copy';
import { moveFiles, rememberedFiles, FilesNotMoved, type MovedFiles } from '../../engine/content/copy-files';
import { openFileStore, type FileStore } from '../../engine/content/file-store';
import { FileStoreFailed, FileStoreRefused, MissingObject } from '../../engine/errors';
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

Files kept outside the database (--files) stay where they are and the copy names the same store,
unless --files names another: dir:PATH, s3://BUCKET/PREFIX, or database (in the copy's rows). Each
file's bytes are then written there, checked against their SHA-256, within the copy (all or nothing;
objects already written stay, and the next purge removes those no row names). The source's files
are read as its database says (one S3 endpoint and credentials serve both sides).

Examples:
  $ docsctl db copy --from ./acme.db --to ./acme-copy.db
  $ docsctl db copy --from ./acme.db --to ./acme-copy-2.db --json
  $ docsctl db copy --from ./acme.db --to ./acme-files.db --files dir:acme-files`)
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
          const stores = await fileStoresOf(ctx, source);
          let files: MovedFiles | undefined;
          const copy = async () => {
            if (!stores) return await copyInstance(source, target);
            // One transaction on the target: the rows, then their files moved and the target's meta naming where.
            return await target.transaction(async () => {
              const report = await copyInstance(source, target);
              files = await moveFiles(target, stores.from, stores.to);
              return report;
            });
          };
          const report = await ctx.spin(`Copying ${databaseLabel(from)} to ${databaseLabel(to)}`, copy).catch((error: unknown) => {
            if (error instanceof CopyError) throw new CliError(error.message, /not empty/.test(error.message) ? EXIT.conflict : EXIT.error);
            if (error instanceof FilesNotMoved || error instanceof FileStoreFailed || error instanceof MissingObject) throw new CliError(`${error.message}: nothing was copied`);
            throw error;
          });
          // The rows that held files' bytes are free space now: a SQLite file gives it back.
          if (files && stores?.to && !isPostgresUrl(to) && to !== ':memory:') await target.run('VACUUM');
          const moved = files as MovedFiles | undefined;
          if (ctx.out.json) await ctx.out.raw({ from: databaseLabel(from), to: databaseLabel(to), rows: report.rows, tables: report.tables, ...(moved ? { files: moved } : {}) });
          else {
            ctx.out.message(`Copied ${report.rows} row(s) in ${report.tables.length} tables from ${databaseLabel(from)} to ${databaseLabel(to)}; every table's row count matches.`);
            if (moved) ctx.out.message(`Files: ${moved.moved} written to ${moved.to} (${moved.bytes} bytes, each checked against its SHA-256); the copy keeps its files there.`);
          }
        } finally {
          await target.close();
        }
      } finally {
        await source.close();
      }
    });
}

/**
 * With --files (or DOCSCTL_FILES): the store the source keeps its files in (its meta says), and the one
 * the copy is to keep them in (`database`: its rows). Undefined without, or when both are the same:
 * the copy then names the source's store, as its rows were.
 */
async function fileStoresOf(ctx: Context, source: Store): Promise<{ from?: FileStore; to?: FileStore } | undefined> {
  const { files, cwd, s3 } = ctx.files();
  if (!files) return undefined;
  const open = (location: string) => {
    try {
      return openFileStore(location, { cwd, s3 });
    } catch (error) {
      if (error instanceof FileStoreRefused) throw new UsageError(`${error.message} (or database: in the copy's rows)`);
      throw error;
    }
  };
  const remembered = await rememberedFiles(source);
  const from = remembered ? open(remembered) : undefined;
  const to = files === 'database' ? undefined : open(files);
  if (from?.location === to?.location) return undefined;
  // Both ends answer before anything is written.
  for (const store of [from, to]) {
    try {
      await store?.check?.();
    } catch (error) {
      if (error instanceof FileStoreFailed) throw new CliError(error.message);
      throw error;
    }
  }
  return { from, to };
}
