import type { Actor, Core } from '../core';
import { requireMember } from '../access';
import { invalid } from '../errors';
import { decodeCursor, encodeCursor, DEFAULT_LIMIT, type ListEnvelope, type PageRequest } from '../pagination';
import { COLLECTION_LEVELS, SPACE_RANK, rankArgs } from '../space-access';
import type { spacesModule } from '../spaces';
import { staleSpaces, syncSearchIndex } from './search-index';
import { ancestorsOf } from './search-ancestors';
import { mapInOrder } from '../in-order';
import { pageKeyOf, spaceRange } from './search-keys';

export interface SearchSection {
  id: string;
  title: string;
  path: string;
  body: string;
  /** docsctl's addition: the best-matching words of the section, matches in `**`. */
  snippet: string;
  score: number;
  urls: { app: string };
}
export interface SpaceSearchItem {
  id: string;
  title: string;
  description: string;
  path: string;
  score: number;
  /** One-based position among all the search's pages, best first. */
  rank: number;
  /** Titles of the page's ancestors, top-level first. */
  ancestors: { title: string }[];
  sections: SearchSection[];
  urls: { app: string };
}
export interface OrganizationSearchItem {
  type: 'space';
  id: string;
  title: string;
  score: number;
  pages: SpaceSearchItem[];
}

/**
 * The platform's relevance: higher is better, never negative. The dialects' scores (bm25, negated
 * ts_rank) are lower-is-better and at most 0, so relevance is their opposite (docs/decisions.md).
 */
const relevance = (score: number | string) => Math.max(0, -Number(score)) + 0;

/** A page a search found: its id and, searching by key, its key in the index and its space's range of FTS keys. */
interface RankedPage {
  id: string;
  keyed?: { key: number; range: [number, number] };
}

/** Sections shown per page, and pages per space in an organization search. */
export const SECTIONS_PER_PAGE = 5;
export const PAGES_PER_SPACE = 20;

/** Full-text search over the sections of every space's current content, as the store's dialect does it (FTS5 or tsvector). */
export function searchModule(core: Core, spaces: ReturnType<typeof spacesModule>) {
  const { query: searchQuery, matches: MATCHES, byKey, matching: MATCHING, score: SCORE, snippet: SNIPPET } = core.store.dialect.search;
  /** Indexes what lags first, so a search always describes the current content. */
  async function catchUp(organizationId: string, spaceId?: string, revisionId?: string): Promise<void> {
    // One space at the revision the caller read: once found current, remembered until a write of the
    // organization or the instance (every change of content or index is one), a look saved a search.
    const stale = spaceId && revisionId
      ? await core.remember(`search-current:${spaceId}:${revisionId}`, async () => await staleSpaces(core, organizationId, spaceId), organizationId)
      : await staleSpaces(core, organizationId, spaceId);
    if (stale.length) await core.write(async () => await mapInOrder(stale, async (id) => await syncSearchIndex(core, id)));
  }

  /**
   * Pages of one space matching, best first, with `offset`/`limit`, and how many pages match in all,
   * by key (SQLite). The space is a range of FTS keys and a match's page its key shifted, so no section
   * row is read (search-keys.ts). A page ranks by its best section: the best sections are read, best
   * first, until they hold enough pages (the first time a page appears is its place), and the pages
   * are counted without scoring them.
   */
  async function rankedByKey({ matches: BY_KEY, key: KEY }: NonNullable<typeof byKey>, match: string, spaceId: string, limit: number, offset: number): Promise<{ pages: RankedPage[]; count: number }> {
    const space = await core.get<{ key: number | null }>('SELECT key FROM search_spaces WHERE space_id = ?', [spaceId]);
    if (space?.key === null || space?.key === undefined) return { pages: [], count: 0 };
    const range = spaceRange(Number(space.key));
    const wanted = offset + limit;
    let keys: number[] = [];
    let seenAll = false;
    for (let sections = Math.max(64, wanted * 4); ; sections *= 4) {
      const rows = await core.all<{ page_key: number }>(
        `SELECT ${pageKeyOf(KEY)} AS page_key, ${SCORE} AS score FROM ${BY_KEY} WHERE ${MATCHING} AND ${KEY} BETWEEN ? AND ? ORDER BY score, page_key LIMIT ?`,
        [match, ...range, sections],
      );
      keys = [...new Set(rows.map((r) => Number(r.page_key)))];
      seenAll = rows.length < sections;
      if (seenAll || keys.length >= wanted) break;
    }
    const count = seenAll
      ? keys.length
      : Number((await core.get<{ n: number }>(`SELECT COUNT(DISTINCT ${pageKeyOf(KEY)}) AS n FROM ${BY_KEY} WHERE ${MATCHING} AND ${KEY} BETWEEN ? AND ?`, [match, ...range]))?.n ?? 0);
    const shown = keys.slice(offset, wanted);
    if (!shown.length) return { pages: [], count };
    const ids = new Map((await core.all<{ page_id: string; key: number }>(
      `SELECT page_id, key FROM search_pages WHERE space_id = ? AND key IN (${shown.map(() => '?').join(', ')})`,
      [spaceId, ...shown],
    )).map((r) => [Number(r.key), r.page_id]));
    return { pages: shown.flatMap((key) => (ids.has(key) ? [{ id: ids.get(key)!, keyed: { key, range } }] : [])), count };
  }

  /**
   * The same by the sections' columns (PostgreSQL): every match scored, grouped by page and counted in
   * one pass.
   */
  async function rankedByColumns(match: string, spaceId: string, limit: number, offset: number): Promise<{ pages: RankedPage[]; count: number }> {
    const rows = await core.all<{ page_id: string | null; total: number }>(
      `WITH m AS MATERIALIZED (SELECT x.page_id, ${SCORE} AS score FROM ${MATCHES} WHERE ${MATCHING} AND x.space_id = ?),
       g AS MATERIALIZED (SELECT page_id, MIN(score) AS score FROM m GROUP BY page_id),
       t AS (SELECT COUNT(*) AS total FROM g)
       SELECT r.page_id, t.total FROM t LEFT JOIN (SELECT page_id, score FROM g ORDER BY score, page_id LIMIT ? OFFSET ?) r ON 1 = 1
       ORDER BY r.score, r.page_id`,
      [match, spaceId, limit, offset],
    );
    return { pages: rows.flatMap((r) => (r.page_id === null ? [] : [{ id: r.page_id }])), count: Number(rows[0]?.total ?? 0) };
  }

  const rankedPages = (match: string, spaceId: string, limit: number, offset: number) =>
    byKey ? rankedByKey(byKey, match, spaceId, limit, offset) : rankedByColumns(match, spaceId, limit, offset);

  /** The condition keeping the matches of some pages of a space, and its arguments: by key, before their section row is read. */
  function inPages(spaceId: string, pages: RankedPage[]): { sql: string; args: unknown[] } {
    if (!byKey) return { sql: 'x.space_id = ? AND x.page_id IN (SELECT value FROM json_each(?))', args: [spaceId, JSON.stringify(pages.map((p) => p.id))] };
    return {
      sql: `${byKey.key} BETWEEN ? AND ? AND ${pageKeyOf(byKey.key)} IN (${pages.map(() => '?').join(', ')})`,
      args: [...pages[0].keyed!.range, ...pages.map((p) => p.keyed!.key)],
    };
  }

  /** The matching sections of some pages of a space, presented and grouped by page, pages in the given order. */
  async function pageItems(match: string, spaceId: string, pages: RankedPage[], rankOf: (pageId: string) => number, revisionId?: string): Promise<SpaceSearchItem[]> {
    if (!pages.length) return [];
    const pageIds = pages.map((p) => p.id);
    const ancestors = await ancestorsOf(core, spaceId, pageIds, revisionId);
    const keep = inPages(spaceId, pages);
    const rows = await core.all<{ page_id: string; anchor: string; section_title: string; body: string; page_title: string; path: string; description: string | null; snippet: string; score: number }>(
      `SELECT x.page_id, x.anchor, x.section_title, x.body, x.page_title, p.path, p.description, ${SNIPPET} AS snippet, ${SCORE} AS score
       FROM ${MATCHES} JOIN search_pages p ON p.space_id = x.space_id AND p.page_id = x.page_id
       WHERE ${MATCHING} AND ${keep.sql}
       ORDER BY ${SCORE}, x.position`,
      [match, ...keep.args],
    );
    const items = new Map<string, SpaceSearchItem>(pageIds.map((id) => [id, undefined as unknown as SpaceSearchItem]));
    for (const row of rows) {
      let item = items.get(row.page_id);
      if (!item) {
        // Rows come best first: a page's score is that of its best section.
        item = {
          id: row.page_id, title: row.page_title, description: row.description ?? '', path: row.path, score: relevance(row.score),
          rank: rankOf(row.page_id), ancestors: ancestors.get(row.page_id) ?? [], sections: [],
          urls: { app: core.appUrl(`/s/${spaceId}/${row.path}`) },
        };
        items.set(row.page_id, item);
      }
      if (item.sections.length >= SECTIONS_PER_PAGE) continue;
      const path = row.anchor ? `${row.path}#${row.anchor}` : row.path;
      item.sections.push({
        id: row.anchor || row.page_id,
        title: row.section_title,
        path,
        body: row.body,
        snippet: row.snippet,
        score: relevance(row.score),
        urls: { app: core.appUrl(`/s/${spaceId}/${path}`) },
      });
    }
    return [...items.values()].filter(Boolean);
  }

  function offsetOf(listing: string, page: string | undefined): number {
    if (!page) return 0;
    const [offset] = decodeCursor(listing, page, 1);
    // The cursor is the client's to send back: an offset that is not a whole, non-negative number is forged.
    if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) throw invalid('page: is not a valid page cursor for this list');
    return offset;
  }

  function envelope<T>(listing: string, items: T[], count: number, offset: number): ListEnvelope<T> {
    const end = offset + items.length;
    return end < count ? { next: { page: encodeCursor(listing, [end]) }, count, items } : { count, items };
  }

  return {
    /** `GET /v1/spaces/{spaceId}/search`: pages of the space, best first, each with its matching sections. */
    async space(actor: Actor, spaceId: string, query: PageRequest & { query: string }): Promise<ListEnvelope<SpaceSearchItem>> {
      const space = await spaces.visible(actor, spaceId);
      const match = searchQuery(query.query);
      if (!match) return { count: 0, items: [] };
      await catchUp(space.organization_id, spaceId, space.revision_id);
      const listing = `search:${spaceId}:${match}`;
      const offset = offsetOf(listing, query.page);
      const { pages, count } = await rankedPages(match, spaceId, query.limit ?? DEFAULT_LIMIT, offset);
      const pageIds = pages.map((p) => p.id);
      return envelope(listing, await pageItems(match, spaceId, pages, (id) => offset + pageIds.indexOf(id) + 1, space.revision_id), count, offset);
    },

    /**
     * A published site's search (the reader's): the best pages of the given spaces, best first over all
     * of them, each with its space. No actor: the reader decided which spaces the visitor sees.
     */
    async published(organizationId: string, spaces: { id: string; revisionId: string }[], text: string, limit: number): Promise<(SpaceSearchItem & { spaceId: string })[]> {
      const match = searchQuery(text);
      if (!match) return [];
      const found = await mapInOrder(spaces, async (space) => {
        await catchUp(organizationId, space.id, space.revisionId);
        const { pages } = await rankedPages(match, space.id, limit, 0);
        const items = await pageItems(match, space.id, pages, (id) => pages.findIndex((p) => p.id === id) + 1, space.revisionId);
        return items.map((item) => ({ ...item, spaceId: space.id }));
      });
      return found.flat().sort((a, b) => b.score - a.score).slice(0, limit).map((item, i) => ({ ...item, rank: i + 1 }));
    },

    /**
     * `GET /v1/orgs/{organizationId}/search`: the spaces the caller can read, best match first, each with
     * its best pages (at most PAGES_PER_SPACE) and their sections.
     */
    async organization(actor: Actor, organizationId: string, query: PageRequest & { query: string }): Promise<ListEnvelope<OrganizationSearchItem>> {
      const { role } = await requireMember(core, actor, organizationId);
      const match = searchQuery(query.query);
      if (!match) return { count: 0, items: [] };
      await catchUp(organizationId);
      const readable = `SELECT s.id, s.title FROM spaces s LEFT JOIN ${COLLECTION_LEVELS} cl ON cl.id = s.parent_id
        WHERE s.organization_id = ? AND s.deleted_at IS NULL${role === 'admin' ? '' : ` AND ${SPACE_RANK} >= 1`}`;
      const readableArgs = [organizationId, organizationId, ...(role === 'admin' ? [] : rankArgs(role, actor.userId))];
      const listing = `search:org:${organizationId}:${match}`;
      const offset = offsetOf(listing, query.page);
      // A score cannot be aggregated directly: score every matching section first, then group by space.
      const matched = `WITH readable AS (${readable}),
        m AS MATERIALIZED (SELECT x.space_id, ${SCORE} AS score FROM ${MATCHES} WHERE ${MATCHING})
        SELECT m.space_id, r.title, MIN(m.score) AS score FROM m JOIN readable r ON r.id = m.space_id GROUP BY m.space_id, r.title`;
      const count = (await core.get<{ n: number }>(`SELECT COUNT(*) AS n FROM (${matched}) AS spaces`, [...readableArgs, match]))!.n;
      const ranked = await core.all<{ space_id: string; title: string; score: number }>(`${matched} ORDER BY score, m.space_id LIMIT ? OFFSET ?`, [
        ...readableArgs, match, query.limit ?? DEFAULT_LIMIT, offset,
      ]);
      // Ranks are over every matching page the caller can read, in every space, best first.
      const pages = await core.all<{ space_id: string; page_id: string }>(
        `WITH readable AS (${readable}),
          m AS MATERIALIZED (SELECT x.space_id, x.page_id, ${SCORE} AS score FROM ${MATCHES} WHERE ${MATCHING})
         SELECT m.space_id, m.page_id, MIN(m.score) AS score FROM m JOIN readable r ON r.id = m.space_id
         GROUP BY m.space_id, m.page_id ORDER BY score, m.space_id, m.page_id`,
        [...readableArgs, match],
      );
      const ranks = new Map(pages.map((p, i) => [`${p.space_id}/${p.page_id}`, i + 1]));
      const items = await mapInOrder(ranked, async (s) => ({
        type: 'space' as const,
        id: s.space_id,
        title: s.title,
        score: relevance(s.score),
        pages: await pageItems(match, s.space_id, (await rankedPages(match, s.space_id, PAGES_PER_SPACE, 0)).pages, (id) => ranks.get(`${s.space_id}/${id}`) ?? 0),
      }));
      return envelope(listing, items, count, offset);
    },
  };
}
