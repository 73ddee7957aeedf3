import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerCreate } from './create';
import { registerUpdate } from './update';
import { registerDelete } from './delete';

/** `docsctl translations`: the organization's translation settings (title and languages). */
export function registerTranslations(program: Command, ctx: Context): void {
  const group = program.command('translations').description('translation settings: a title and the languages to translate into')
    .addHelpText('after', '\nExamples:\n  $ docsctl translations list\n  $ docsctl translations create --title "Docs in Spanish" --language es');
  for (const register of [registerList, registerGet, registerCreate, registerUpdate, registerDelete]) register(group, ctx);
}
