import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError, EXIT } from '../../errors';
import { paperOption, writeAtomically, type Paper } from '../pdf-output';

export function registerPdf(group: Command, ctx: Context): void {
  group
    .command('pdf')
    .argument('<site>', 'site id')
    .requiredOption('-o, --output <file>', 'write the PDF to this file')
    .option('--page <id>', 'only this page')
    .option('--site-space <id>', 'only this site space (a language, a version)')
    .addOption(paperOption())
    .description('a PDF of a published site as its visitors see it: contents with page numbers, images, every script')
    .addHelpText('after', [
      '',
      'The PDF is what {site}/~gitbook/pdf answers a visitor who brings no claims: the pages of every site',
      'space they see, a table of contents with page numbers, links between pages as jumps in the PDF and',
      'links elsewhere as the site\'s URLs. A PDF holds at most 1,000 pages (DOCSCTL_PDF_MAX_PAGES on the',
      'server): ask for a site space or a page of a larger site.',
      '',
      'Examples:',
      '  $ docsctl sites pdf PUBLIC_SITE_ID -o docs.pdf',
      '  $ docsctl sites pdf PUBLIC_SITE_ID -o docs-letter.pdf --paper letter',
      '  $ docsctl sites pdf PUBLIC_SITE_ID -o docs.pdf --json | jq .bytes',
    ].join('\n'))
    .action(async (siteId: string, flags: { output: string; page?: string; siteSpace?: string; paper?: Paper }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const site = await api.call(routes.getSiteById, { params: { organizationId, siteId } });
      if (!site.published) throw new CliError(`site ${site.id} is not published: publish it first (docsctl sites publish ${site.id})`, EXIT.conflict);
      const query = new URLSearchParams({ ...(flags.page ? { page: flags.page } : {}), ...(flags.siteSpace ? { siteSpace: flags.siteSpace } : {}), ...(flags.paper ? { paper: flags.paper } : {}) }).toString();
      const fetch = await ctx.siteFetcher();
      const answer = await ctx.spin(`Making a PDF of ${site.title}`, async () => await fetch(`/o/${organizationId}/sites/${site.id}/~gitbook/pdf${query ? `?${query}` : ''}`));
      if (answer.status === 404) throw new CliError(`site ${site.id} shows a visitor no such ${flags.page ? `page ${flags.page}` : flags.siteSpace ? `site space ${flags.siteSpace}` : 'content'}`, EXIT.notFound);
      if (answer.status !== 200) throw new CliError(`could not make the PDF (HTTP ${answer.status}): ${answer.body.toString('utf8').trim().slice(0, 300)}`, EXIT.error);
      const path = resolve(ctx.io.cwd, flags.output);
      await writeAtomically(path, answer.body);
      if (ctx.out.json) return await ctx.out.raw({ site: site.id, output: path, bytes: answer.body.length });
      ctx.out.message(`Wrote ${answer.body.length} bytes to ${flags.output}.`);
    });
}
