import type { Command } from 'commander';
import type { Context } from '../../../context';
import { routes } from '../../../api/routes/index';
import { spaceFieldValueColumns } from '../columns';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<id>', 'space id')
    .description("a space's custom field values")
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces fields get SPACE_ID\n  $ docsctl spaces fields get SPACE_ID --json')
    .action(async (spaceId: string) => {
      const api = await ctx.client();
      await ctx.out.list(await api.call(routes.listSpaceCustomFields, { params: { spaceId } }), spaceFieldValueColumns);
    });
}
