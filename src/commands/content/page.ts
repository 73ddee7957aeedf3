import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { withWhere, whereParams, type Where } from './where';
import { UsageError } from '../../errors';

export function registerPage(group: Command, ctx: Context): void {
  withWhere(group.command('page').argument('<page>', 'page id, or a path with --path').description("a page's content: markdown, or the structured document with --json"))
    .option('--path', 'the argument is a page path (e.g. guides/install)')
    .option('--revision <id>', 'the page as it was in this revision of the space (a deleted page too: content deleted names them)')
    .addHelpText('after', '\nExamples:\n  $ docsctl content page authentication --path --space SPACE_ID\n  $ docsctl content page PAGE_ID --space SPACE_ID --json\n  $ docsctl content page PAGE_ID --space SPACE_ID --revision REVISION_ID')
    .action(async (page: string, opts: Where & { path?: boolean; revision?: string }) => {
      if (opts.revision && (opts.path || opts.changeRequest)) throw new UsageError('--revision: takes a page id, without --path or --change-request');
      const api = await ctx.client();
      const format = ctx.out.json ? 'document' : 'markdown';
      const query = { format };
      const read = async () => {
        if (opts.revision) return await api.call(routes.getPageInRevisionById, { params: { spaceId: opts.space, revisionId: opts.revision, pageId: page }, query });
        if (opts.path) {
          return opts.changeRequest
            ? await api.call(routes.getChangeRequestPageByPath, { params: { ...whereParams(opts), pagePath: page }, query })
            : await api.call(routes.getSpacePageByPath, { params: { spaceId: opts.space, pagePath: page }, query });
        }
        return opts.changeRequest
          ? await api.call(routes.getChangeRequestPage, { params: { ...whereParams(opts), pageId: page }, query })
          : await api.call(routes.getSpacePage, { params: { spaceId: opts.space, pageId: page }, query });
      };
      const result = await read();
      if (ctx.out.json) ctx.out.raw(result);
      else ctx.io.stdout.write(('markdown' in result ? result.markdown : undefined) ?? '');
    });
}
