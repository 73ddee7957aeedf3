import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerCreate } from './create';
import { registerList } from './list';
import { registerRevoke } from './revoke';

/** API tokens live in the local database: managed here, never over the API. */
export function registerTokens(program: Command, ctx: Context): void {
  const group = program.command('tokens').description('API tokens of the local database (for serve and remote clients)')
    .addHelpText('after', '\nExamples:\n  $ docsctl tokens create --name ci\n  $ docsctl tokens list');
  for (const register of [registerCreate, registerList, registerRevoke]) register(group, ctx);
}
