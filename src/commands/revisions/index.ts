import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerRestore } from './restore';

/** `docsctl revisions`: a space's history, and going back to a revision (content diff and content deleted say what changed). */
export function registerRevisions(program: Command, ctx: Context): void {
  const group = program.command('revisions').description("a space's history of merges and edits, and restoring a revision or one page of it")
    .addHelpText('after', '\nExamples:\n  $ docsctl revisions list --space SPACE_ID\n  $ docsctl content diff --space SPACE_ID --to REVISION_ID\n  $ docsctl revisions restore REVISION_ID --space SPACE_ID --page PAGE_ID');
  for (const register of [registerList, registerRestore]) register(group, ctx);
}
