import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { changeRequestColumns } from './columns';
import { withSpace } from './space';

export function registerGet(group: Command, ctx: Context): void {
  withSpace(group.command('get').argument('<change-request>', 'id or number').description('show one change request'))
    .addHelpText('after', '\nExamples:\n  $ docsctl cr get 2 --space SPACE_ID')
    .action(async (changeRequestId: string, opts: { space: string }) => {
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getChangeRequest, { params: { spaceId: opts.space, changeRequestId } }), changeRequestColumns);
    });
}
