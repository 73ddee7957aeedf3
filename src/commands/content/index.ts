import type { Command } from 'commander';
import type { Context } from '../../context';
import { registerTree } from './tree';
import { registerPage } from './page';
import { registerFiles } from './files';
import { registerPush } from './push';
import { registerPull } from './pull';
import { registerImport } from './import';
import { registerDownload } from './download';
import { registerDiff } from './diff';
import { registerDeleted } from './deleted';
import { registerPdf } from './pdf';

/** Content of a space, or of one of its change requests with `--change-request`. */
export function registerContent(program: Command, ctx: Context): void {
  const group = program.command('content').description("a space's pages and files (or a change request's)")
    .addHelpText('after', '\nExamples:\n  $ docsctl content tree --space SPACE_ID\n  $ docsctl content pull ./docs --space SPACE_ID\n  $ docsctl content push ./docs --space SPACE_ID --dry-run');
  for (const register of [registerTree, registerPage, registerFiles, registerPush, registerPull, registerImport, registerDownload, registerDiff, registerDeleted, registerPdf]) register(group, ctx);
}
