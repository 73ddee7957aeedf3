import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { changeRequestColumns } from './columns';
import { UsageError } from '../../errors';
import { withSpace } from './space';

export function registerUpdate(group: Command, ctx: Context): void {
  withSpace(group.command('update').argument('<change-request>', 'id or number').description('change the subject or status (draft, open, archived)'))
    .option('--subject <text>', 'new subject')
    .addOption(new Option('--status <status>', 'the new state').choices(['draft', 'open', 'archived']))
    .addHelpText('after', '\nExamples:\n  $ docsctl cr update 5 --space SPACE_ID --status archived')
    .action(async (changeRequestId: string, opts: { space: string; subject?: string; status?: 'draft' | 'open' | 'archived' }) => {
      if (opts.subject === undefined && opts.status === undefined) throw new UsageError('nothing to change: pass --subject or --status');
      const api = await ctx.client();
      const updated = await api.call(routes.updateChangeRequest, {
        params: { spaceId: opts.space, changeRequestId },
        body: { subject: opts.subject, status: opts.status },
      });
      await ctx.out.object(updated, changeRequestColumns);
    });
}
