import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerList } from './list';
import { registerGet } from './get';
import { registerCreate } from './create';
import { registerUpdate } from './update';
import { registerPdf } from './pdf';
import { registerMerge } from './merge';
import { registerUpdateFromMain } from './update-from-main';
import { registerDiff } from './diff';

/** Change requests of one space: `--space` on every verb, a change request by id or number. */
export function registerChangeRequests(program: Command, ctx: Context): void {
  const group = program.command('change-requests').alias('cr').description('change requests: branches of a space\'s content, merged when ready')
    .addHelpText('after', '\nExamples:\n  $ docsctl cr list --space SPACE_ID\n  $ docsctl cr create --space SPACE_ID --subject "Document the v2 API"');
  for (const register of [registerList, registerGet, registerCreate, registerUpdate, registerPdf, registerMerge, registerUpdateFromMain, registerDiff]) register(group, ctx);
}
