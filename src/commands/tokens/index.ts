import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerCreate } from './create';
import { registerList } from './list';
import { registerRevoke } from './revoke';

/** API tokens of the organization's members, through the API: local mode and remote alike, for admins. */
export function registerTokens(program: Command, ctx: Context): void {
  const group = program.command('tokens').description("API tokens of the organization's members (admins; locally or against a remote instance)")
    .addHelpText('after', '\nExamples:\n  $ docsctl tokens create --name ci\n  $ docsctl tokens list');
  for (const register of [registerCreate, registerList, registerRevoke]) register(group, ctx);
}
