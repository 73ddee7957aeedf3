import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import type { ResultOf } from '../../api/routes/route';
import { pagingQuery, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';

type PageHit = ResultOf<typeof routes.searchSpaceContent>['items'][number];
type OrganizationHit = ResultOf<typeof routes.searchOrganizationContent>['items'][number];

/** One result line per matching section, in rank order. */
interface Hit {
  space: string;
  page: PageHit;
  section?: PageHit['sections'][number];
}

const BOLD = '\u001b[1m';
const RESET = '\u001b[22m';

/** A snippet for a terminal (matches in bold when colour is on: see colorEnabled) or for a pipe (markers dropped). */
function showSnippet(snippet: string, bold: boolean): string {
  const flat = snippet.replace(/\s+/g, ' ').trim();
  return flat.replace(/\*\*(.+?)\*\*/g, (_, word: string) => (bold ? `${BOLD}${word}${RESET}` : word));
}

/** Runs `docsctl search`: one page of results (or with --all every page), printed as it arrives. */
export async function searchContent(ctx: Context, words: string[], opts: PagingOptions & { space?: string }): Promise<void> {
  const query = words.join(' ');
  const paging = pagingQuery(opts);
  const organizationId = opts.space ? '' : await ctx.organizationId();
  if (ctx.out.json) {
    if (opts.space) await printList(ctx, opts, routes.searchSpaceContent, { params: { spaceId: opts.space }, query: { query, ...paging } }, []);
    else await printList(ctx, opts, routes.searchOrganizationContent, { params: { organizationId }, query: { query, ...paging } }, []);
    return;
  }
  const api = await ctx.client();
  // Every search result is a page with its sections; the organization search groups pages by space.
  const pages = opts.space
    ? api.pages(routes.searchSpaceContent, { params: { spaceId: opts.space }, query: { query, ...paging } })
    : api.pages(routes.searchOrganizationContent, { params: { organizationId }, query: { query, ...paging } });
  let printed = 0;
  let listing: { count?: number; next?: { page: string } } = {};
  // One page, or with --all every page, printed as it arrives.
  for await (const result of pages) {
    listing = result;
    const hits = opts.space
      ? (result.items as PageHit[]).flatMap((found) => hitsOf(opts.space!, found))
      : (result.items as OrganizationHit[]).flatMap((space) => space.pages.flatMap((found) => hitsOf(space.title, found)));
    print(ctx, hits, Boolean(opts.space), printed);
    printed += hits.length;
    if (!opts.all) break;
  }
  if (!printed) ctx.out.message(`No results for "${query}".`);
  if (listing.next && !opts.all) ctx.out.message(`More results (${listing.count ?? '?'} ${opts.space ? 'pages' : 'spaces'} in all); next page: --page ${listing.next.page} (or --all)`);
}

function hitsOf(space: string, page: PageHit): Hit[] {
  return page.sections.length ? page.sections.map((section) => ({ space, page, section })) : [{ space, page }];
}

function print(ctx: Context, hits: Hit[], oneSpace: boolean, before: number): void {
  if (!ctx.out.tty) {
    for (const { space, page, section } of hits) {
      const cells = [space, page.id, section?.path ?? page.path, section?.title ?? page.title, showSnippet(section?.snippet ?? section?.body ?? '', false)];
      ctx.out.text(cells.map((c) => c.replace(/[\t\n]/g, ' ')).join('\t'));
    }
    return;
  }
  const bold = ctx.out.color;
  hits.forEach(({ space, page, section }, i) => {
    const where = section && section.path !== page.path ? section.path : page.path;
    const title = section && section.title !== page.title ? `${page.title} › ${section.title}` : page.title;
    ctx.out.text(`${before + i + 1}. ${title} (${where})${oneSpace ? '' : `  [${space}]`}`);
    const snippet = showSnippet(section?.snippet ?? section?.body ?? '', bold);
    if (snippet) ctx.out.text(`   ${snippet}`);
  });
}
