import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerCreate } from './create';
import { registerUpdate } from './update';
import { registerDelete } from './delete';
import { registerDeleted } from './deleted';
import { registerRestore } from './restore';
import { registerDuplicate } from './duplicate';
import { registerMove } from './move';
import { registerTransfer } from './transfer';
import { registerPermissions } from './permissions/index';
import { registerFields } from './fields/index';

export function registerSpaces(program: Command, ctx: Context): void {
  const group = program.command('spaces').description('spaces: create, organize, delete and restore them, and manage who can do what in them')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces list\n  $ docsctl spaces deleted\n  $ docsctl spaces permissions list SPACE_ID');
  for (const register of [
    registerList, registerGet, registerCreate, registerUpdate, registerDelete, registerDeleted, registerRestore,
    registerDuplicate, registerMove, registerTransfer,
  ]) register(group, ctx);
  registerPermissions(group, ctx);
  registerFields(group, ctx);
}
