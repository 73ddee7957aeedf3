import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import type { Column } from '../../output/render';
import type { ResultOf } from '../../api/routes/route';
import { routes } from '../../api/routes/index';
import { ALL_SOURCES } from '../../domain/import-sources';
import { DEFAULT_IMPORT_LIMITS as LIMITS, formatBytes, formatMs } from '../../domain/import-limits';
import { importLimitsOf, withImportLimitFlags, type ImportLimitFlags } from '../shared/import-limits';
import { UsageError } from '../../errors';

type ImportResult = ResultOf<typeof routes.importContentInSpace>;

const resultColumns: Column<ImportResult>[] = [
  { header: 'REVISION', value: (r) => r.revision },
  { header: 'IMPORTED', value: (r) => r.importedResources },
  { header: 'TOTAL', value: (r) => r.totalResources },
];

interface Opts extends ImportLimitFlags {
  space: string;
  changeRequest?: string;
  source: string;
}

export function registerImport(group: Command, ctx: Context): void {
  const command = group
    .command('import')
    .argument('<url>', 'http(s) URL to import from')
    .requiredOption('--space <id>', 'the space')
    .option('--change-request <id>', 'import into this change request (id or number) instead of the space itself')
    .addOption(new Option('--source <source>', 'website (crawl from the URL), html, markdown, docx (one page) or zip (a folder of markdown)').choices(ALL_SOURCES).default('website'))
    .description('import content from a URL as new pages (and files), appended after the existing ones');
  withImportLimitFlags(command)
    .addHelpText('after', `
Sources:
  website   crawls from the URL: same origin, under the URL's folder, honouring robots.txt
            and its Crawl-delay (user agent docsctl); at most ${LIMITS.maxPages} pages, ${LIMITS.maxDepth} links deep,
            ${formatBytes(LIMITS.maxResponseBytes)} an answer, ${formatMs(LIMITS.requestTimeoutMs)} a request, ${formatMs(LIMITS.totalTimeoutMs)} in all
  html      one HTML page (its <main>/<article> content)
  markdown  one markdown document
  docx      one Word document, its images as files
  zip       a zip of a folder of markdown, read like \`content push\` reads a folder

Examples:
  $ docsctl content import https://docs.example.com/ --space SPACE_ID
  $ docsctl content import https://example.com/notes.md --source markdown --space SPACE_ID --change-request 3
  $ docsctl content import https://example.com/handbook.zip --source zip --space SPACE_ID --json
  $ docsctl content import https://docs.example.com/ --space SPACE_ID --max-pages 500 --max-time 120

The URL is fetched by the instance (the local engine, or the server in remote mode). --max-pages,
--max-depth and --max-time move the website bounds of the local engine; a server's are set by
\`docsctl serve --import-max-pages\` and the like.
Prints "Imported N of M resources": M counts what was found, including pages left out by the bounds,
robots.txt or errors.`)
    .action(async (url: string, opts: Opts) => {
      const source = opts.source as (typeof ALL_SOURCES)[number];
      const limits = importLimitsOf(opts);
      if (Object.keys(limits).length) {
        const target = ctx.target();
        if (target.mode !== 'local') {
          throw new UsageError(`--max-pages, --max-depth and --max-time bound the local engine; ${target.url} imports within its own bounds (docsctl serve --import-max-pages …)`);
        }
        ctx.importLimits = limits;
      }
      const api = await ctx.client();
      const into = opts.changeRequest ? `change request ${opts.changeRequest} of space ${opts.space}` : `space ${opts.space}`;
      const result = await ctx.spin(`Importing ${url} (${source}) into ${into}`, () =>
        opts.changeRequest
          ? api.call(routes.importContentInChangeRequest, { params: { spaceId: opts.space, changeRequestId: opts.changeRequest }, body: { url, source } })
          : api.call(routes.importContentInSpace, { params: { spaceId: opts.space }, body: { url, source } }),
      );
      ctx.out.message(`Imported ${result.importedResources} of ${result.totalResources} resources into ${into} (revision ${result.revision}).`);
      await ctx.out.object(result, resultColumns);
    });
}
