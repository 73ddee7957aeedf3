import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import type { ResultOf } from '../../api/routes/route';
import { pagingQuery, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { displayWidth, truncate } from '../../output/display-width';
import { matchLine } from './match-line';

type PageHit = ResultOf<typeof routes.searchSpaceContent>['items'][number];
type OrganizationHit = ResultOf<typeof routes.searchOrganizationContent>['items'][number];

/** One result line per matching section, in rank order. */
interface Hit {
  space: string;
  page: PageHit;
  section?: PageHit['sections'][number];
}

/** A snippet for a pipe: on one line, the engine's match markers dropped. */
function plainSnippet(snippet: string): string {
  return snippet.replace(/\s+/g, ' ').trim().replace(/\*\*(.+?)\*\*/g, '$1');
}

/** Results are indented this much under their numbered title line. */
const INDENT = '   ';

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
    print(ctx, hits, { oneSpace: Boolean(opts.space), before: printed, query });
    printed += hits.length;
    if (!opts.all) break;
  }
  if (!printed) ctx.out.message(`No results for "${query}".`);
  if (listing.next && !opts.all) ctx.out.more(`More results (${listing.count ?? '?'} ${opts.space ? 'pages' : 'spaces'} in all)`, listing.next.page, '--all');
}

/** A result's numbered title line within `width`: the path (in parentheses) gives way first, then the title. */
function titleLine(head: string, where: string, tail: string, width: number): string {
  const room = width - displayWidth(head) - displayWidth(tail) - ' ()'.length;
  const path = room >= 6 ? ` (${truncate(where, room)})` : '';
  return truncate(`${head}${path}${tail}`, width);
}

function hitsOf(space: string, page: PageHit): Hit[] {
  return page.sections.length ? page.sections.map((section) => ({ space, page, section })) : [{ space, page }];
}

function print(ctx: Context, hits: Hit[], { oneSpace, before, query }: { oneSpace: boolean; before: number; query: string }): void {
  if (!ctx.out.tty) {
    for (const { space, page, section } of hits) {
      const cells = [space, page.id, section?.path ?? page.path, section?.title ?? page.title, plainSnippet(section?.snippet ?? section?.body ?? '')];
      ctx.out.text(cells.map((c) => c.replace(/[\t\n]/g, ' ')).join('\t'));
    }
    return;
  }
  // Each result is a title line and a line of the section's text around the match, both within the width.
  const { width, paint } = ctx.out;
  hits.forEach(({ space, page, section }, i) => {
    const where = section && section.path !== page.path ? section.path : page.path;
    const title = section && section.title !== page.title ? `${page.title} › ${section.title}` : page.title;
    ctx.out.text(titleLine(`${before + i + 1}. ${title}`, where, oneSpace ? '' : `  [${space}]`, width));
    const line = section ? matchLine(section, query, width - INDENT.length, paint) : '';
    if (line) ctx.out.text(`${INDENT}${line}`);
  });
}
