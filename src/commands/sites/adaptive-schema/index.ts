import type { Command } from 'commander';
import type { Context } from '../../../context';
import { registerGet } from './get';
import { registerSet } from './set';

/** `docsctl sites adaptive-schema`: the JSON Schema of a site's visitor claims. */
export function registerAdaptiveSchema(group: Command, ctx: Context): void {
  const schema = group.command('adaptive-schema').description("the JSON Schema of a site's visitor claims (adaptive content)")
    .addHelpText('after', '\nExamples:\n  $ docsctl sites adaptive-schema get SITE_ID');
  for (const register of [registerGet, registerSet]) register(schema, ctx);
}
