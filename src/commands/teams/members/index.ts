import type { Command } from 'commander';
import type { Context } from '../../../context';
import { registerList } from './list';
import { registerAdd } from './add';
import { registerRemove } from './remove';
import { registerSet } from './set';

/** `docsctl teams members`: the members of one team. */
export function registerMembers(group: Command, ctx: Context): void {
  const members = group.command('members').description('members of one team: list, and bulk add/remove/set from files')
    .addHelpText('after', '\nExamples:\n  $ docsctl teams members list Engineering\n  $ docsctl teams members add Engineering --file users.csv --dry-run');
  for (const register of [registerList, registerAdd, registerRemove, registerSet]) register(members, ctx);
}
