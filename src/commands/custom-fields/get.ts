import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { customFieldDetail } from './columns';

export function registerGet(group: Command, ctx: Context): void {
  group
    .command('get')
    .argument('<name>', 'field name')
    .description('show one custom field definition')
    .addHelpText('after', '\nExamples:\n  $ docsctl custom-fields get owner')
    .action(async (fieldName: string) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getCustomField, { params: { organizationId, fieldName } }), customFieldDetail);
    });
}
