import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerCreate } from './create';
import { registerUpdate } from './update';
import { registerDelete } from './delete';
import { registerMove } from './move';
import { registerAddSection } from './add-section';
import { registerRemoveSection } from './remove-section';

/** `docsctl section-groups`: groups of a docs site's sections. */
export function registerSectionGroups(program: Command, ctx: Context): void {
  const group = program.command('section-groups').description("a docs site's section groups: named sets of sections at the site's top level")
    .addHelpText('after', '\nExamples:\n  $ docsctl section-groups list SITE_ID\n  $ docsctl section-groups create SITE_ID "For developers" --section OTHER_SECTION_ID');
  for (const register of [registerList, registerCreate, registerUpdate, registerDelete, registerMove, registerAddSection, registerRemoveSection]) {
    register(group, ctx);
  }
}
