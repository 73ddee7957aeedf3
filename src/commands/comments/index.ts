import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerAdd } from './add';
import { registerReply } from './reply';
import { registerReplies } from './replies';
import { registerEdit } from './edit';
import { registerResolve } from './resolve';
import { registerReopen } from './reopen';
import { registerReact } from './react';
import { registerDelete } from './delete';

/** `docsctl comments`: discussions on a space's content, or on a change request's with `--change-request`. */
export function registerComments(program: Command, ctx: Context): void {
  const group = program.command('comments').description("comments and replies on a space's pages (or a change request's)")
    .addHelpText('after', '\nExamples:\n  $ docsctl comments list --space SPACE_ID --status open\n  $ docsctl comments add --space SPACE_ID --page overview --body "Is this still true?"');
  for (const register of [
    registerList, registerGet, registerAdd, registerReply, registerReplies, registerEdit, registerResolve, registerReopen, registerReact, registerDelete,
  ]) register(group, ctx);
}
