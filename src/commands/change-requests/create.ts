import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { changeRequestColumns } from './columns';
import { withSpace } from './space';

export function registerCreate(group: Command, ctx: Context): void {
  withSpace(group.command('create').description('open a change request from the space\'s current content'))
    .option('--subject <text>', 'what it changes (at most 100 characters)')
    .addHelpText('after', '\nExamples:\n  $ docsctl cr create --space SPACE_ID --subject "Document the v2 API"\n  $ CR=$(docsctl cr create --space SPACE_ID --json | jq -r .number)')
    .action(async (opts: { space: string; subject?: string }) => {
      const api = await ctx.client();
      const created = await api.call(routes.createChangeRequest, { params: { spaceId: opts.space }, body: { subject: opts.subject } });
      ctx.out.message(`Opened change request #${created.number} (${created.id}).`);
      await ctx.out.object(created, changeRequestColumns);
    });
}
