import type { Command } from 'commander';
import type { Context } from '../../../context';
import { registerList } from './list';
import { registerGrant } from './grant';
import { registerRevoke } from './revoke';

/** `docsctl spaces permissions`: who may do what in one space. */
export function registerPermissions(group: Command, ctx: Context): void {
  const permissions = group.command('permissions').description('roles that users and teams have on one space')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces permissions list SPACE_ID\n  $ docsctl spaces permissions grant SPACE_ID --role edit --team Engineering');
  for (const register of [registerList, registerGrant, registerRevoke]) register(permissions, ctx);
}
