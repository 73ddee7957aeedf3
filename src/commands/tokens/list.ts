import type { Command } from 'commander';
import type { Context } from '../../context';
import { tokenColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  group
    .command('list')
    .description('list tokens (never their values)')
    .addHelpText('after', '\nExamples:\n  $ docsctl tokens list')
    .action(async () => {
      const engine = await ctx.localEngine('tokens list');
      const items = await engine.tokens.list();
      await ctx.out.list({ count: items.length, items }, tokenColumns);
      const forever = items.filter((t) => !t.revokedAt && !t.expiresAt);
      if (forever.length) ctx.out.message(`${forever.length} token(s) never expire (${forever.map((t) => t.name).join(', ')}): prefer tokens create --expires 90d, and revoke the old ones.`);
    });
}
