import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { withWhere, whereParams, type Where } from './where';
import { flattenTree } from '../shared/page-tree';

export function registerTree(group: Command, ctx: Context): void {
  withWhere(group.command('tree').description('the page tree, one page a line with its path'))
    .addHelpText('after', '\nExamples:\n  $ docsctl content tree --space SPACE_ID\n  $ docsctl content tree --space SPACE_ID --change-request 3 --json')
    .action(async (opts: Where) => {
      const api = await ctx.client();
      const result = opts.changeRequest
        ? await api.call(routes.listChangeRequestPages, { params: whereParams(opts) })
        : await api.call(routes.listSpacePages, { params: { spaceId: opts.space } });
      if (ctx.out.json) return ctx.out.raw(result);
      const lines = flattenTree(result.pages).map(({ page: p, depth }) => (ctx.out.tty ? `${'  '.repeat(depth)}${p.title}  (${p.path})` : `${p.id}\t${p.path}\t${p.title}`));
      if (lines.length) ctx.out.text(lines.join('\n'));
      else ctx.out.message('No pages.');
    });
}
