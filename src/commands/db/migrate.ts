import type { Command } from 'commander';
import { openDatabase, requireDatabase, type Context } from '../../context';
import { UsageError } from '../../errors';
import { SCHEMA_VERSION } from '../../engine/store/db';

export function registerMigrate(group: Command, ctx: Context): void {
  group
    .command('migrate')
    .description('bring the database schema up to this docsctl: tables only, no organization (init creates that); every command and serve also migrate when they open the database')
    .addHelpText('after', `
Migrations run in order, each in its own transaction; on PostgreSQL under a lock, so when several
servers start together one migrates and the others wait. A database written by a newer docsctl is
refused, never changed. On PostgreSQL: docsctl --database postgres://USER@HOST/DB db migrate.

Examples:
  $ docsctl db migrate
  $ docsctl --db ./acme.db db migrate --json`)
    .action(async () => {
      const target = ctx.target();
      if (target.mode !== 'local') throw new UsageError(`db migrate works on a local database; it cannot run against ${target.url} (drop --url/--profile, or use --db FILE)`);
      requireDatabase(target);
      // Opening migrates; nothing else is created (not the first organization: init chooses it).
      const engine = await openDatabase(target.db, { credentials: ctx.credentials(), ...ctx.files() });
      try {
        const schemaVersion = await engine.core.store.schemaVersion();
        if (ctx.out.json) ctx.out.raw({ schemaVersion, backend: engine.core.store.backend });
        else ctx.out.message(`The ${engine.core.store.backend === 'postgres' ? 'PostgreSQL' : 'SQLite'} database is at schema version ${schemaVersion} (this docsctl's is ${SCHEMA_VERSION}).`);
      } finally {
        await engine.close();
      }
    });
}
