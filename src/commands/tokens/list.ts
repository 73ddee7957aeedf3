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
      const items = engine.tokens.list();
      await ctx.out.list({ count: items.length, items }, tokenColumns);
    });
}
