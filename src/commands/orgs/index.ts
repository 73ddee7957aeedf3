import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerUpdate } from './update';
import { registerPing } from './ping';
import { registerByDomain } from './by-domain';

export function registerOrgs(program: Command, ctx: Context): void {
  const group = program.command('orgs').description('organizations you belong to')
    .addHelpText('after', '\nExamples:\n  $ docsctl orgs list\n  $ docsctl orgs get');
  for (const register of [registerList, registerGet, registerUpdate, registerPing, registerByDomain]) register(group, ctx);
}
