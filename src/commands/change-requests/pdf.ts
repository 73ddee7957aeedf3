import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError, EXIT } from '../../errors';
import { withSpace } from './space';

export function registerPdf(group: Command, ctx: Context): void {
  withSpace(group.command('pdf').argument('<change-request>', 'id or number').description('a PDF of the change request content (or one page)'))
    .option('--page <id>', 'only this page')
    .option('-o, --output <file>', 'download the PDF to this file (default: print its URL)')
    .addHelpText('after', '\nExamples:\n  $ docsctl cr pdf 2 --space SPACE_ID\n  $ docsctl cr pdf 2 --space SPACE_ID --page PAGE_ID -o page.pdf')
    .action(async (changeRequestId: string, opts: { space: string; page?: string; output?: string }) => {
      const api = await ctx.client();
      const { url } = await api.call(routes.getChangeRequestPdf, {
        params: { spaceId: opts.space, changeRequestId },
        query: opts.page ? { only: true, page: opts.page } : {},
      });
      if (!opts.output) {
        if (ctx.out.json) ctx.out.raw({ url });
        else ctx.out.text(url);
        return;
      }
      const target = new URL(url);
      const response = await api.raw('GET', target.pathname + target.search);
      if (response.status >= 400 || !Buffer.isBuffer(response.body)) throw new CliError(`could not download the PDF (HTTP ${response.status})`, EXIT.error);
      const { writeFile } = await import('node:fs/promises');
      const { resolve } = await import('node:path');
      await writeFile(resolve(ctx.io.cwd, opts.output), response.body);
      ctx.out.message(`Wrote ${response.body.length} bytes to ${opts.output}.`);
    });
}
