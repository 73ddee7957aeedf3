import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { spaceDetail } from './columns';

export function registerTransfer(group: Command, ctx: Context): void {
  group
    .command('transfer')
    .argument('<id>', 'space id')
    .description('move a space to another organization (admin in both); team permissions do not follow it')
    .requiredOption('--to <org>', 'id of the organization to move it to')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces transfer SPACE_ID --to ORG_ID\n  $ docsctl spaces transfer SPACE_ID --to ORG_ID --yes --json')
    .action(async (spaceId: string, opts: { to: string; yes?: boolean }) => {
      const api = await ctx.client();
      const found = await api.call(routes.getSpaceById, { params: { spaceId } });
      await ctx.confirm(`Transfer space "${found.title}" (${found.id}) to organization ${opts.to}?`, opts.yes);
      const moved = await api.call(routes.transferSpace, { params: { spaceId }, body: { organization: opts.to } });
      ctx.out.message(`Transferred space ${moved.title} (${moved.id}) to organization ${moved.organization}.`);
      await ctx.out.object(moved, spaceDetail);
    });
}
