import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';

export function registerDelete(group: Command, ctx: Context): void {
  group
    .command('delete')
    .argument('<name>', 'field name')
    .description('delete a custom field and its value on every space (admins)')
    .option('-y, --yes', 'do not ask for confirmation')
    .addHelpText('after', '\nExamples:\n  $ docsctl custom-fields delete tier\n  $ docsctl custom-fields delete tier --yes')
    .action(async (fieldName: string, opts: { yes?: boolean }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const field = await api.call(routes.getCustomField, { params: { organizationId, fieldName } });
      await ctx.confirm(`Delete custom field ${field.name} and its value on every space?`, opts.yes);
      await api.call(routes.deleteCustomField, { params: { organizationId, fieldName } });
      ctx.out.message(`Deleted custom field ${field.name}.`);
    });
}
