import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerAdd } from './add';
import { registerUpdate } from './update';
import { registerDelete } from './delete';
import { registerMove } from './move';

/** `docsctl sections`: the sections of a docs site, each holding site spaces. */
export function registerSections(program: Command, ctx: Context): void {
  const group = program.command('sections').description("a docs site's sections: top-level parts of the site, each showing one or more spaces")
    .addHelpText('after', '\nExamples:\n  $ docsctl sections list SITE_ID\n  $ docsctl sections add SITE_ID --space SPACE_ID --title Playbook');
  for (const register of [registerList, registerAdd, registerUpdate, registerDelete, registerMove]) register(group, ctx);
}
