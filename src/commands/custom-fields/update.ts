import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { UsageError } from '../../errors';
import { customFieldDetail } from './columns';
import { detailsBody, withDetailOptions, type DetailOptions } from './details';

export function registerUpdate(group: Command, ctx: Context): void {
  withDetailOptions(
    group
      .command('update')
      .argument('<name>', 'field name')
      .description("change a custom field's title, description, placeholder or options (not its name or type; admins)"),
  )
    .addHelpText('after', '\nExamples:\n  $ docsctl custom-fields update owner --title "Owning team"\n  $ docsctl custom-fields update tier --option platinum gold silver bronze')
    .action(async (fieldName: string, opts: DetailOptions) => {
      const body = detailsBody(opts);
      if (Object.values(body).every((v) => v === undefined)) {
        throw new UsageError('nothing to update: pass --title, --description, --placeholder or --option');
      }
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const field = await api.call(routes.updateCustomField, { params: { organizationId, fieldName }, body });
      ctx.out.message(`Updated custom field ${field.name}.`);
      await ctx.out.object(field, customFieldDetail);
    });
}
