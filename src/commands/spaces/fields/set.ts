import type { Command } from 'commander';
import type { Context } from '../../../context';
import { routes } from '../../../api/routes/index';
import { CliError, UsageError, EXIT } from '../../../errors';
import { spaceFieldValueColumns } from '../columns';
import type { CustomField } from '../../../api/resources';

type FieldValue = string | number | boolean | string[];

/** A command-line value read the way its field's type wants it. */
export function parseFieldValue(field: Pick<CustomField, 'name' | 'type'>, text: string): FieldValue {
  switch (field.type) {
    case 'number': {
      const n = Number(text);
      if (text.trim() === '' || !Number.isFinite(n)) throw new CliError(`${field.name}: must be a number, got "${text}"`, EXIT.error);
      return n;
    }
    case 'boolean':
      if (text !== 'true' && text !== 'false') throw new CliError(`${field.name}: must be true or false, got "${text}"`, EXIT.error);
      return text === 'true';
    case 'tags':
    case 'select:multi':
      return text.split(',').map((s) => s.trim()).filter(Boolean);
    default:
      return text;
  }
}

export function registerSet(group: Command, ctx: Context): void {
  group
    .command('set')
    .argument('<id>', 'space id')
    .argument('[assignments...]', 'name=value: numbers, true/false, comma-separated lists for tags and select:multi fields')
    .description("set (or clear) a space's custom field values, all in one request")
    .option('--clear <names...>', 'remove the value of these fields')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces fields set SPACE_ID owner="Platform team" audience=customers\n  $ docsctl spaces fields set SPACE_ID tags=api,internal --clear audience')
    .action(async (spaceId: string, assignments: string[], opts: { clear?: string[] }) => {
      if (!assignments.length && !opts.clear?.length) throw new UsageError('nothing to set: pass name=value... and/or --clear NAME...');
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const fields = new Map<string, CustomField>();
      for await (const f of api.paginate(routes.listCustomFields, { params: { organizationId }, query: { limit: 1000 } })) fields.set(f.name, f);
      const known = (name: string) => {
        const field = fields.get(name);
        if (!field) {
          const names = [...fields.keys()];
          throw new CliError(`${name}: no custom field of that name (${names.length ? `defined: ${names.join(', ')}` : 'none are defined: see docsctl custom-fields create'})`, EXIT.error);
        }
        return field;
      };
      const values: Record<string, { value: FieldValue | null }> = {};
      for (const assignment of assignments) {
        const at = assignment.indexOf('=');
        if (at < 1) throw new UsageError(`"${assignment}": expected name=value`);
        const name = assignment.slice(0, at);
        values[name] = { value: parseFieldValue(known(name), assignment.slice(at + 1)) };
      }
      for (const name of opts.clear ?? []) {
        if (values[name]) throw new UsageError(`${name}: both set and cleared`);
        known(name);
        values[name] = { value: null };
      }
      await api.call(routes.updateSpaceCustomFields, { params: { spaceId }, body: { values } });
      const cleared = opts.clear?.length ?? 0;
      ctx.out.message(`Set ${Object.keys(values).length - cleared} and cleared ${cleared} custom field value(s) on space ${spaceId}.`);
      await ctx.out.list(await api.call(routes.listSpaceCustomFields, { params: { spaceId } }), spaceFieldValueColumns);
    });
}
