import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerPurge } from './purge';
import { registerRotateSecret } from './rotate-secret';
import { registerBackup } from './backup';
import { registerRestore } from './restore';
import { registerMigrate } from './migrate';
import { registerCopy } from './copy';

/** Maintenance of the local database (a SQLite file or a PostgreSQL database): works on it directly, never over the API. */
export function registerDb(program: Command, ctx: Context): void {
  const group = program.command('db').description('maintenance of the local database')
    .addHelpText('after', '\nExamples:\n  $ docsctl db migrate\n  $ docsctl db purge\n  $ docsctl db backup backups/docs.db\n  $ docsctl db rotate-secret --yes');
  for (const register of [registerMigrate, registerCopy, registerPurge, registerBackup, registerRestore, registerRotateSecret]) register(group, ctx);
}
