import type { Command } from 'commander';
import { resolve } from 'node:path';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError, EXIT, UsageError } from '../../errors';

/** Why a site cannot be copied as static files (what only a server can decide for each visitor), or undefined. */
function refusal(site: { id: string; published: boolean; visibility: string; adaptiveContent?: { enabled: boolean } }): string | undefined {
  if (!site.published) return `site ${site.id} is not published: publish it first (docsctl sites publish ${site.id})`;
  if (site.visibility === 'share-link') return `site ${site.id} is shared by link: a static copy would hand its pages to anyone who has the files (only public and unlisted sites are built)`;
  if (site.visibility === 'visitor-auth') return `site ${site.id} is for authenticated visitors: a static copy has no server to check their tokens (only public and unlisted sites are built)`;
  if (site.adaptiveContent?.enabled) return `site ${site.id} has adaptive content: what a visitor sees depends on their claims, which a static copy cannot read (turn adaptive content off to build it)`;
  return undefined;
}

/** The base URL a copy is served at: an absolute http(s) URL, kept without its trailing slash. */
function baseUrlOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) throw new UsageError(`--base-url: must be an absolute http or https URL (got ${JSON.stringify(text)})`);
  return text.replace(/\/+$/, '');
}

export function registerBuild(group: Command, ctx: Context): void {
  group
    .command('build')
    .argument('<site>', 'site id')
    .requiredOption('--out <dir>', 'the folder to write the copy into (made if missing)')
    .option('--base-url <url>', 'where the copy will be served (for canonical URLs, sitemap.xml and robots.txt)')
    .description('write a published site as static files any file server serves, under any path')
    .addHelpText('after', [
      '',
      'Every page the site shows a visitor becomes index.html in its folder, with links relative to it, so',
      'the copy works at any sub-path (a bucket, GitHub Pages, an intranet server). Beside the pages: each',
      'page\'s markdown (.md), the files and images they use, the stylesheet and script, llms.txt,',
      'llms-full.txt, search-index.json (search runs in the browser) and, with --base-url, sitemap.xml and',
      'robots.txt. Only public and unlisted sites are built: a share-link, visitor-auth or adaptive site is',
      'refused, since only a server can decide what each visitor sees.',
      '',
      'A second build into the same folder asks for each page with the tag of its copy: unchanged pages are',
      'not written again, and what the site no longer has is removed (.docsctl-build.json lists the files).',
      '',
      'Examples:',
      '  $ docsctl sites build PUBLIC_SITE_ID --out public',
      '  $ docsctl sites build PUBLIC_SITE_ID --out public --base-url https://example.github.io/docs',
      '  $ docsctl sites build PUBLIC_SITE_ID --out public --json | jq .written',
    ].join('\n'))
    .action(async (siteId: string, flags: { out: string; baseUrl?: string }) => {
      const baseUrl = baseUrlOf(flags.baseUrl);
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const site = await api.call(routes.getSiteById, { params: { organizationId, siteId } });
      const why = refusal(site);
      if (why) throw new CliError(why, EXIT.conflict);
      const out = resolve(ctx.io.cwd, flags.out);
      const { buildStaticSite } = await import('../../static-site/build');
      const report = await ctx.spin(`Building ${site.title}`, async () => await buildStaticSite({
        fetch: await ctx.siteFetcher(),
        out,
        fetchBase: `/o/${organizationId}/sites/${site.id}`,
        published: site.urls.published.replace(/\/+$/, ''),
        ...(baseUrl ? { baseUrl } : {}),
      }));
      if (report.missing.length) ctx.out.message(`Could not copy ${report.missing.length} link${report.missing.length === 1 ? '' : 's'} of the site: ${report.missing.slice(0, 5).join(', ')}${report.missing.length > 5 ? ', …' : ''}`);
      if (ctx.out.json) return await ctx.out.raw({ site: site.id, out, ...report });
      ctx.out.message(`Built ${site.title} into ${out}: ${report.pages} pages, ${report.files} files; ${report.written} written, ${report.unchanged} unchanged, ${report.removed} removed.`);
    });
}
