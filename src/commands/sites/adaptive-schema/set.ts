import type { Command } from 'commander';
import type { Context } from '../../../context';
import { routes } from '../../../api/routes/index';
import { CliError, UsageError, EXIT } from '../../../errors';
import { readInput } from '../../shared/input';
import { show } from './show';

/** The JSON Schema of `--file`: a bare schema, or a `{ jsonSchema }` object as `get --json` prints it. */
async function readSchema(ctx: Context, file: string): Promise<Record<string, unknown>> {
  const text = await readInput(ctx, '--file', file);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new CliError(`--file: ${file === '-' ? 'stdin' : file} is not valid JSON (${(e as Error).message})`, EXIT.error);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new CliError('--file: must hold a JSON object (a JSON Schema)', EXIT.error);
  const object = parsed as Record<string, unknown>;
  return 'jsonSchema' in object && !('type' in object) ? (object.jsonSchema as Record<string, unknown>) : object;
}

export function registerSet(schema: Command, ctx: Context): void {
  schema
    .command('set')
    .argument('<site>', 'site id')
    .description('replace the schema with a JSON Schema draft-07 file: an object of boolean claims, each with a description (admin role)')
    .option('-f, --file <file>', 'the JSON Schema (- for stdin)')
    .addHelpText('after', [
      '',
      'Examples:',
      '  $ docsctl sites adaptive-schema set SITE_ID --file claims.json',
      '  $ cat claims.json | docsctl sites adaptive-schema set SITE_ID --file -',
      '',
      'claims.json:',
      '  { "type": "object", "additionalProperties": false,',
      '    "properties": { "isBetaUser": { "type": "boolean", "description": "Signed up for the beta" } } }',
    ].join('\n'))
    .action(async (siteId: string, opts: { file?: string }) => {
      if (!opts.file) throw new UsageError('no schema: pass --file FILE, or --file - to read stdin');
      const jsonSchema = await readSchema(ctx, opts.file);
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const updated = await api.call(routes.updateSiteAdaptiveSchema, { params: { organizationId, siteId }, body: { jsonSchema } });
      ctx.out.message(`Updated the adaptive schema of site ${siteId}.`);
      await show(ctx, updated);
    });
}
