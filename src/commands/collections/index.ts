import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerCreate } from './create';
import { registerUpdate } from './update';
import { registerDelete } from './delete';
import { registerSpaces } from './spaces';
import { registerMove } from './move';
import { registerTransfer } from './transfer';

export function registerCollections(program: Command, ctx: Context): void {
  const group = program.command('collections').description('collections: folders of spaces and sub-collections')
    .addHelpText('after', '\nExamples:\n  $ docsctl collections list\n  $ docsctl collections spaces COLLECTION_ID');
  for (const register of [registerList, registerGet, registerCreate, registerUpdate, registerDelete, registerSpaces, registerMove, registerTransfer]) {
    register(group, ctx);
  }
}
