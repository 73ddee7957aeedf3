import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerCreate } from './create';
import { registerUpdate } from './update';
import { registerDelete } from './delete';

export function registerSaml(program: Command, ctx: Context): void {
  const group = program.command('saml').description('SAML single sign-on providers')
    .addHelpText('after', '\nExamples:\n  $ docsctl saml list\n  $ docsctl saml get PROVIDER_ID --json');
  for (const register of [registerList, registerGet, registerCreate, registerUpdate, registerDelete]) register(group, ctx);
}
