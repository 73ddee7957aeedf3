import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { spaceDetail } from './columns';

export function registerDuplicate(group: Command, ctx: Context): void {
  group
    .command('duplicate')
    .argument('<id>', 'space id')
    .description('copy a space (settings, permissions and custom field values) right after the original')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces duplicate SPACE_ID\n  $ NEW=$(docsctl spaces duplicate SPACE_ID --json | jq -r .id)')
    .action(async (spaceId: string) => {
      const api = await ctx.client();
      const copy = await api.call(routes.duplicateSpace, { params: { spaceId } });
      ctx.out.message(`Duplicated space ${spaceId} as ${copy.title} (${copy.id}).`);
      await ctx.out.object(copy, spaceDetail);
    });
}
