import type { Command } from 'commander';
import type { Context } from '../../context';
import { SCHEMA_VERSION } from '../../engine/store/db';

export function registerMigrate(group: Command, ctx: Context): void {
  group
    .command('migrate')
    .description('bring the database schema up to this docsctl (every command and serve also do it when they open the database)')
    .addHelpText('after', `
Migrations run in order, each in its own transaction; on PostgreSQL under a lock, so when several
servers start together one migrates and the others wait. A database written by a newer docsctl is
refused, never changed. On PostgreSQL: docsctl --database postgres://USER@HOST/DB db migrate.

Examples:
  $ docsctl db migrate
  $ docsctl --db ./acme.db db migrate --json`)
    .action(async () => {
      const engine = await ctx.localEngine('db migrate');
      const schemaVersion = await engine.core.store.schemaVersion();
      if (ctx.out.json) ctx.out.raw({ schemaVersion, backend: engine.core.store.backend });
      else ctx.out.message(`The ${engine.core.store.backend === 'postgres' ? 'PostgreSQL' : 'SQLite'} database is at schema version ${schemaVersion} (this docsctl's is ${SCHEMA_VERSION}).`);
    });
}
