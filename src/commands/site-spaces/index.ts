import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerAdd } from './add';
import { registerUpdate } from './update';
import { registerDelete } from './delete';
import { registerMove } from './move';

/** `docsctl site-spaces`: the spaces a docs site shows. */
export function registerSiteSpaces(program: Command, ctx: Context): void {
  const group = program.command('site-spaces').description("the spaces a docs site shows, in its sections or at its root, with their paths and conditions")
    .addHelpText('after', '\nExamples:\n  $ docsctl site-spaces list SITE_ID\n  $ docsctl site-spaces update SITE_ID SITE_SPACE_ID --path v2');
  for (const register of [registerList, registerAdd, registerUpdate, registerDelete, registerMove]) register(group, ctx);
}
