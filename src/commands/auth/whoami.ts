import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { userColumns } from '../users/columns';
import { databaseLabel } from '../../domain/database-location';

export function registerWhoami(program: Command, ctx: Context): void {
  program
    .command('whoami')
    .description('who you act as, and where (local database or remote URL)')
    .addHelpText('after', '\nExamples:\n  $ docsctl whoami\n  $ docsctl whoami --json')
    .action(async () => {
      const target = ctx.target();
      const api = await ctx.client();
      const user = await api.call(routes.getAuthenticatedUser);
      const where = target.mode === 'local' ? `local database ${databaseLabel(target.db)}` : `${target.url}${target.profile ? ` (profile ${target.profile})` : ''}`;
      // The organization commands act on, where one is set (--org, DOCSCTL_ORG, the profile's).
      const organization = target.org;
      if (ctx.out.json) ctx.out.raw({ user, mode: target.mode, target: target.mode === 'local' ? databaseLabel(target.db) : target.url, source: target.source, ...(organization ? { organization } : {}) });
      else {
        await ctx.out.object(user, userColumns);
        ctx.out.message(`Acting on ${where}, chosen by ${target.source}${organization ? `; organization ${organization}` : ''}.`);
      }
    });
}
