import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { paperOption, savePdf, type Paper } from '../pdf-output';
import { withSpace } from './space';

export function registerPdf(group: Command, ctx: Context): void {
  withSpace(group.command('pdf').argument('<change-request>', 'id or number').description('a PDF of the change request content (or one page)'))
    .option('--page <id>', 'only this page')
    .option('-o, --output <file>', 'download the PDF to this file (default: print its URL)')
    .addOption(paperOption())
    .addHelpText('after', '\nExamples:\n  $ docsctl cr pdf 2 --space SPACE_ID\n  $ docsctl cr pdf 2 --space SPACE_ID --page PAGE_ID -o page.pdf --paper letter')
    .action(async (changeRequestId: string, opts: { space: string; page?: string; output?: string; paper?: Paper }) => {
      const api = await ctx.client();
      const { url } = await api.call(routes.getChangeRequestPdf, {
        params: { spaceId: opts.space, changeRequestId },
        query: { ...(opts.page ? { only: true, page: opts.page } : {}), ...(opts.paper ? { paper: opts.paper } : {}) },
      });
      await savePdf(ctx, api, url, opts.output);
    });
}
