import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerCreate } from './create';
import { registerUpdate } from './update';
import { registerDelete } from './delete';
import { registerSync } from './sync';
import { registerMembers } from './members/index';

export function registerTeams(program: Command, ctx: Context): void {
  const group = program.command('teams').description('teams and bulk team membership')
    .addHelpText('after', '\nExamples:\n  $ docsctl teams list\n  $ docsctl teams members list Engineering\n  $ docsctl teams sync -f teams.yaml');
  for (const register of [registerList, registerGet, registerCreate, registerUpdate, registerDelete, registerSync]) register(group, ctx);
  registerMembers(group, ctx);
}
