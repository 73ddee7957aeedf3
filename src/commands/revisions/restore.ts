import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { changeRequestColumns } from '../change-requests/columns';
import { countsOf } from './columns';

export function registerRestore(group: Command, ctx: Context): void {
  group.command('restore').argument('<revision>', 'the revision to go back to (revisions list, content deleted)')
    .description('open a change request returning the space (or one page, with --page) to a revision; --merge merges it')
    .requiredOption('--space <id>', 'the space')
    .option('--page <id>', 'only this page (a deleted one too): as it was, with its sub-pages and the files it references that are gone')
    .option('--merge', 'merge the change request at once (review role on the space)')
    .option('--subject <text>', 'the change request\'s subject (at most 100 characters)')
    .addHelpText('after', [
      '',
      'Nothing else changes: the change request holds only what the restore brings back, and merging it is an',
      'ordinary merge. A restore that would change nothing is refused (exit 6) and leaves nothing behind.',
      '',
      'Examples:',
      '  $ docsctl content deleted --space SPACE_ID',
      '  $ docsctl revisions restore REVISION_ID --space SPACE_ID --page PAGE_ID --merge',
      '  $ docsctl revisions restore REVISION_ID --space SPACE_ID',
    ].join('\n'))
    .action(async (revisionId: string, opts: { space: string; page?: string; merge?: boolean; subject?: string }) => {
      const api = await ctx.client();
      const result = await api.call(routes.restoreRevision, {
        params: { spaceId: opts.space, revisionId },
        body: { ...(opts.page ? { page: opts.page } : {}), ...(opts.merge ? { merge: true } : {}), ...(opts.subject !== undefined ? { subject: opts.subject } : {}) },
      });
      if (ctx.out.json) {
        await ctx.out.raw(result);
        return;
      }
      const cr = result.changeRequest;
      const files = result.files.added.length ? `, ${result.files.added.length} file(s) back` : '';
      const what = `pages ${countsOf(result.pages)}${files}`;
      ctx.out.message(cr.status === 'merged'
        ? `Merged change request #${cr.number} "${cr.subject}" (${what}): the space is at revision ${cr.revisionMerged}.`
        : `Opened change request #${cr.number} "${cr.subject}" (${what}); merge it with: docsctl cr merge ${cr.number} --space ${opts.space}`);
      await ctx.out.object(cr, changeRequestColumns);
    });
}
