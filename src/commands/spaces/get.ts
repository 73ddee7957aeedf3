import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { spaceDetail } from './columns';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<id>', 'space id')
    .description('show one space')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces get SPACE_ID\n  $ docsctl spaces get SPACE_ID --json | jq -r .urls.app')
    .action(async (spaceId: string) => {
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getSpaceById, { params: { spaceId } }), spaceDetail);
    });
}
