import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { paperOption, savePdf, type Paper } from '../pdf-output';

export function registerPdf(group: Command, ctx: Context): void {
  group
    .command('pdf')
    .requiredOption('--space <id>', 'the space')
    .option('--page <id>', 'only this page')
    .option('-o, --output <file>', 'write the PDF to this file (default: print its URL)')
    .addOption(paperOption())
    .description("a PDF of the space's content (or one page): contents with page numbers, images, every script")
    .addHelpText('after', '\nExamples:\n  $ docsctl content pdf --space SPACE_ID -o handbook.pdf\n  $ docsctl content pdf --space SPACE_ID --page PAGE_ID -o page.pdf --paper letter\n  $ docsctl content pdf --space SPACE_ID --json | jq -r .url')
    .action(async (opts: { space: string; page?: string; output?: string; paper?: Paper }) => {
      const api = await ctx.client();
      const query = { ...(opts.page ? { only: true, page: opts.page } : {}), ...(opts.paper ? { paper: opts.paper } : {}) };
      const { url } = await api.call(routes.getSpacePdf, { params: { spaceId: opts.space }, query });
      await savePdf(ctx, api, url, opts.output);
    });
}
