import type { Command } from 'commander';
import type { Context } from '../../../context';
import { registerGet } from './get';
import { registerSet } from './set';

/** `docsctl spaces fields`: a space's custom field values. */
export function registerFields(group: Command, ctx: Context): void {
  const fields = group.command('fields').description("a space's custom field values")
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces fields get SPACE_ID\n  $ docsctl spaces fields set SPACE_ID audience=internal');
  for (const register of [registerGet, registerSet]) register(fields, ctx);
}
