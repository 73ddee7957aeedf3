import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { FIELD_TYPES, type FieldType } from '../../domain/values';
import { customFieldDetail } from './columns';
import { detailsBody, withDetailOptions, type DetailOptions } from './details';

export function registerCreate(group: Command, ctx: Context): void {
  withDetailOptions(
    group
      .command('create')
      .argument('<name>', 'field name: lowercase letters, digits, - and _ (1-50 characters); cannot change later')
      .description('define a custom field that spaces can have a value for (admins)')
      .addOption(new Option('--type <type>', 'value type; cannot change later').choices([...FIELD_TYPES]).makeOptionMandatory()),
  )
    .addHelpText('after', '\nExamples:\n  $ docsctl custom-fields create reviewer --type text --title Reviewer\n  $ docsctl custom-fields create tier --type select:single --option gold silver bronze')
    .action(async (name: string, opts: DetailOptions & { type: FieldType }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const field = await api.call(routes.createCustomField, { params: { organizationId }, body: { name, type: opts.type, ...detailsBody(opts) } });
      ctx.out.message(`Created custom field ${field.name} (${field.type}).`);
      await ctx.out.object(field, customFieldDetail);
    });
}
