import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { printContentDiff } from '../shared/content-diff';
import { withSpace } from './space';

export function registerDiff(group: Command, ctx: Context): void {
  withSpace(group.command('diff').argument('<change-request>', 'id or number').description('what a change request changes (what merging brings, or what it brought once merged), with a unified diff of each page'))
    .addHelpText('after', '\nExamples:\n  $ docsctl cr diff 2 --space SPACE_ID\n  $ docsctl cr diff 2 --space SPACE_ID --json')
    .action(async (changeRequestId: string, opts: { space: string }) => {
      const api = await ctx.client();
      const diff = await api.call(routes.getChangeRequestDiff, { params: { spaceId: opts.space, changeRequestId } });
      if (ctx.out.json) return ctx.out.raw(diff);
      const cr = diff.changeRequest!;
      ctx.out.message(`Change request #${cr.number} "${cr.subject}" (${cr.status}${cr.status === 'merged' ? ': what its merge changed' : ': since its base'}): revision ${diff.from ?? '(none)'} → ${diff.to}`);
      if (!printContentDiff(ctx, diff)) ctx.out.message('No differences.');
    });
}
