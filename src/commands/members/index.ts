import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerUpdate } from './update';
import { registerRemove } from './remove';
import { registerSpaces } from './spaces';
import { registerTeams } from './teams';

export function registerMembers(program: Command, ctx: Context): void {
  const group = program.command('members').description('members of an organization and their roles')
    .addHelpText('after', '\nExamples:\n  $ docsctl members list --role admin\n  $ docsctl members update ada@acme.example --role edit');
  for (const register of [registerList, registerGet, registerUpdate, registerRemove, registerSpaces, registerTeams]) register(group, ctx);
}
