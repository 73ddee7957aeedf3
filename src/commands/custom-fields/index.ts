import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerCreate } from './create';
import { registerUpdate } from './update';
import { registerDelete } from './delete';

export function registerCustomFields(program: Command, ctx: Context): void {
  const group = program.command('custom-fields').description('custom fields: typed values every space of the organization can have')
    .addHelpText('after', '\nExamples:\n  $ docsctl custom-fields list\n  $ docsctl custom-fields create team --type text --title "Owning team"');
  for (const register of [registerList, registerGet, registerCreate, registerUpdate, registerDelete]) register(group, ctx);
}
