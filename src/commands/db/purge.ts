import type { Command } from 'commander';
import type { Context } from '../../context';

export function registerPurge(group: Command, ctx: Context): void {
  group
    .command('purge')
    .description('delete for good the spaces deleted more than 7 days ago (they cannot be restored any more), audit records older than 90 days, and uploads older than 24 hours that no file uses')
    .addHelpText('after', '\nExamples:\n  $ docsctl db purge\n  $ docsctl --db ./acme.db db purge --json')
    .action(async () => {
      const engine = await ctx.localEngine('db purge');
      // Opening the engine already purged what was due; count that too.
      const purged = engine.purgedAtOpen + await engine.purgeExpired({ sweepFiles: true });
      if (ctx.out.json) ctx.out.raw({ purged });
      else ctx.out.message(`Purged ${purged} space(s) deleted more than 7 days ago.`);
    });
}
