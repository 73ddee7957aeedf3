import type { Command } from 'commander';
import type { Context } from '../../context';

export function registerLogout(program: Command, ctx: Context): void {
  program
    .command('logout')
    .description('forget a saved profile')
    .addHelpText('after', '\nExamples:\n  $ docsctl logout\n  $ docsctl logout --profile staging')
    .action(async () => {
      const profile = ctx.flags().profile ?? 'default';
      const { profileStore } = await import('../../profiles');
      const removed = profileStore(ctx.env).remove(profile);
      ctx.out.message(removed ? `Removed profile ${profile}.` : `No profile ${profile}; nothing to do.`);
    });
}
