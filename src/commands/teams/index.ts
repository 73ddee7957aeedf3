import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerCreate } from './create';
import { registerUpdate } from './update';
import { registerDelete } from './delete';
import { registerMembersList } from './members-list';
import { registerMembersAdd } from './members-add';
import { registerMembersRemove } from './members-remove';
import { registerMembersSet } from './members-set';
import { registerSync } from './sync';

export function registerTeams(program: Command, ctx: Context): void {
  const group = program.command('teams').description('teams and bulk team membership')
    .addHelpText('after', '\nExamples:\n  $ docsctl teams list\n  $ docsctl teams members list Engineering\n  $ docsctl teams sync -f teams.yaml');
  for (const register of [registerList, registerGet, registerCreate, registerUpdate, registerDelete, registerSync]) register(group, ctx);
  const members = group.command('members').description('members of one team: list, and bulk add/remove/set from files')
    .addHelpText('after', '\nExamples:\n  $ docsctl teams members list Engineering\n  $ docsctl teams members add Engineering --file users.csv --dry-run');
  for (const register of [registerMembersList, registerMembersAdd, registerMembersRemove, registerMembersSet]) register(members, ctx);
}
