import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { withWhere, whereParams, type Where } from './where';

export function registerPage(group: Command, ctx: Context): void {
  withWhere(group.command('page').argument('<page>', 'page id, or a path with --path').description("a page's content: markdown, or the structured document with --json"))
    .option('--path', 'the argument is a page path (e.g. guides/install)')
    .addHelpText('after', '\nExamples:\n  $ docsctl content page authentication --path --space SPACE_ID\n  $ docsctl content page PAGE_ID --space SPACE_ID --json')
    .action(async (page: string, opts: Where & { path?: boolean }) => {
      const api = await ctx.client();
      const format = ctx.out.json ? 'document' : 'markdown';
      const query = { format };
      const result = opts.path
        ? opts.changeRequest
          ? await api.call(routes.getChangeRequestPageByPath, { params: { ...whereParams(opts), pagePath: page }, query })
          : await api.call(routes.getSpacePageByPath, { params: { spaceId: opts.space, pagePath: page }, query })
        : opts.changeRequest
          ? await api.call(routes.getChangeRequestPage, { params: { ...whereParams(opts), pageId: page }, query })
          : await api.call(routes.getSpacePage, { params: { spaceId: opts.space, pageId: page }, query });
      if (ctx.out.json) ctx.out.raw(result);
      else ctx.io.stdout.write(('markdown' in result ? result.markdown : undefined) ?? '');
    });
}
