import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/app';
import { contentSetup } from '../helpers/content';

const insert = (markdown: string) => ({ operation: 'insert_page', document: { markdown } });
const edit = (page: string, markdown: string) => ({ operation: 'update_page', page, document: { markdown } });
const remove = (page: string) => ({ operation: 'delete_page', page });

async function setup() {
  const s = await contentSetup();
  const searchSpace = async (query: string, extra = '', as = s.adminId, space = s.spaceId) =>
    await s.api.request('GET', `/v1/spaces/${space}/search?query=${encodeURIComponent(query)}${extra}`, { as });
  const searchOrg = async (query: string, as = s.adminId, extra = '') =>
    await s.api.request('GET', `/v1/orgs/${s.orgId}/search?query=${encodeURIComponent(query)}${extra}`, { as });
  const titlesFound = async (query: string, space = s.spaceId) => {
    const res = await searchSpace(query, '', s.adminId, space);
    expectOk(res, 'searchSpaceContent');
    return res.body.items.map((i: { title: string }) => i.title);
  };
  return { s, searchSpace, searchOrg, titlesFound };
}

describe('space search', () => {
  it('answers pages best first, each with its matching sections, paths and app URLs', async () => {
    const { s, searchSpace } = await setup();
    await s.seed([
      '# Deploying\n\nSome words about servers.\n\n## Rollback\n\nHow to roll back a deployment of the kubernetes cluster.',
      '# Kubernetes\n\nKubernetes runs containers. Kubernetes everywhere.',
      '# Cooking\n\nNothing to see.',
    ]);
    const res = await searchSpace('kubernetes');
    expectOk(res, 'searchSpaceContent');
    expect(res.body.count).toBe(2);
    // The page titled with the word ranks above the one that mentions it once in a section.
    expect(res.body.items.map((i: { title: string }) => i.title)).toEqual(['Kubernetes', 'Deploying']);
    const deploying = res.body.items[1];
    expect(deploying).toMatchObject({ path: 'deploying', urls: { app: expect.stringContaining('/deploying') } });
    expect(deploying.sections).toEqual([
      {
        id: 'rollback',
        title: 'Rollback',
        path: 'deploying#rollback',
        body: 'How to roll back a deployment of the kubernetes cluster.',
        snippet: expect.stringContaining('**kubernetes**'),
        score: expect.any(Number),
        urls: { app: expect.stringMatching(/\/deploying#rollback$/) },
      },
    ]);
  });

  it('answers the platform\'s relevance: a score, higher for a better match, and each page\'s description', async () => {
    const { s, searchSpace } = await setup();
    await s.seed(['# Deploying\n\nHow to roll back a kubernetes cluster.', '---\ndescription: Containers at scale\n---\n# Kubernetes\n\nKubernetes runs containers.']);
    const res = await searchSpace('kubernetes');
    expectOk(res, 'searchSpaceContent');
    const [best, second] = res.body.items;
    expect(best.title).toBe('Kubernetes');
    expect(best.score).toBeGreaterThan(second.score);
    expect(second.score).toBeGreaterThan(0);
    // A page's score is that of its best section.
    expect(best.score).toBe(best.sections[0].score);
    // The page's description (frontmatter here); none is an empty one, as the platform's field is a string.
    expect(best.description).toBe('Containers at scale');
    expect(second.description).toBe('');
  });

  it('ranks pages over the whole result, across pages of results, and names their ancestors', async () => {
    const { s, searchSpace } = await setup();
    const [guide, , deep] = await s.seed(['# Guide\n\nOverview.', '# Kubernetes\n\nKubernetes kubernetes.', '# Cluster\n\nA kubernetes cluster.']);
    await s.changeMain([{ operation: 'update_page', page: deep, into: guide }]);
    const first = await searchSpace('kubernetes', '&limit=1');
    expectOk(first, 'searchSpaceContent');
    expect(first.body.items[0]).toMatchObject({ title: 'Kubernetes', rank: 1, ancestors: [] });
    const next = await s.api.request('GET', `/v1/spaces/${s.spaceId}/search?query=kubernetes&limit=1&page=${encodeURIComponent(first.body.next.page)}`, { as: s.adminId });
    expect(next.body.items[0]).toMatchObject({ title: 'Cluster', rank: 2, ancestors: [{ title: 'Guide' }] });
  });

  it('finds content merged in bulk, and on PostgreSQL refreshes the statistics of its revision and index once it is merged', async () => {
    const { s, titlesFound } = await setup();
    const refreshed = ['revision_pages.page_id', 'revision_pages.revision_id', 'search_pages.page_id', 'search_pages.space_id', 'search_sections.page_id', 'search_sections.space_id'];
    const stats = async () => s.engine.core.store.backend === 'postgres'
      ? (await s.engine.core.all<{ name: string }>(
        "SELECT tablename || '.' || attname AS name FROM pg_stats WHERE schemaname = current_schema() AND tablename IN ('search_sections', 'search_pages', 'revision_pages') ORDER BY 1",
      )).map((r) => r.name)
      : refreshed;
    // 1,000 pages in one merge: ANALYZE_AFTER_ROWS pages, and three times as many sections.
    await s.seed(Array.from({ length: 1000 }, (_, i) => `# Bulk ${i}\n\nIntro${i === 7 ? ' zebra' : ''}.\n\n## One\n\nFirst.\n\n## Two\n\nSecond.`));
    expect(await titlesFound('zebra')).toEqual(['Bulk 7']);
    expect(await stats()).toEqual(refreshed);
  });

  it('matches word stems and the start of the last word, and requires every word', async () => {
    const { s, titlesFound } = await setup();
    await s.seed(['# Install\n\nInstalling the command line tool.', '# Configure\n\nInstall nothing here; configure the profile.']);
    expect((await titlesFound('installs')).sort()).toEqual(['Configure', 'Install']);
    expect(await titlesFound('conf')).toEqual(['Configure']);
    expect(await titlesFound('install profile')).toEqual(['Configure']);
    expect(await titlesFound('instal')).toHaveLength(2);
  });

  it('never fails on FTS syntax in the query', async () => {
    const { s, searchSpace } = await setup();
    await s.seed(['# Quotes\n\nA "quoted" word and NEAR things: a-b c*d.']);
    for (const query of ['"', '"unterminated', 'AND', 'OR NOT', 'a*', '*', 'col:value', '(', ')', 'NEAR(a b)', '-x', '^', "'", '{}', '\\', 'a AND', '💥']) {
      const res = await searchSpace(query);
      expectOk(res, 'searchSpaceContent');
    }
    expect((await searchSpace('"quoted"')).body.items).toHaveLength(1);
    expect((await searchSpace('c*d')).body.items).toHaveLength(1);
    expect((await searchSpace('!!!')).body).toEqual({ count: 0, items: [] });
  });

  it('pages through results with opaque cursors and a total count', async () => {
    const { s, searchSpace } = await setup();
    await s.seed(Array.from({ length: 5 }, (_, i) => `# Page ${i}\n\nshared term ${'extra '.repeat(i)}`));
    const first = await searchSpace('shared', '&limit=2');
    expectOk(first, 'searchSpaceContent');
    expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
    const seen = [...first.body.items];
    let next = first.body.next?.page;
    while (next) {
      const res = await searchSpace('shared', `&limit=2&page=${next}`);
      expectOk(res, 'searchSpaceContent');
      seen.push(...res.body.items);
      next = res.body.next?.page;
    }
    expect(new Set(seen.map((i) => i.id)).size).toBe(5);
    // A cursor belongs to its query.
    expectError(await searchSpace('other', `&page=${first.body.next.page}`), 400, /page/);
    expectError(await searchSpace('shared', '&page=garbage'), 400, /page/);
  });

  it('validates the query', async () => {
    const { searchSpace, s } = await setup();
    expectError(await s.api.request('GET', `/v1/spaces/${s.spaceId}/search`, { as: s.adminId }), 400, /query/);
    expectError(await searchSpace(''), 400, /query/);
    expectError(await searchSpace('x'.repeat(513)), 400, /query/);
    expectOk(await searchSpace('x'.repeat(512)), 'searchSpaceContent');
    expectError(await searchSpace('x', '&limit=1001'), 400, /limit/);
    expectError(await searchSpace('x', '&sort=asc'), 400, /sort/);
  });

  it('is 401 without a token and 404 for a space the caller cannot read', async () => {
    const { s, searchSpace } = await setup();
    expectError(await s.api.request('GET', `/v1/spaces/${s.spaceId}/search?query=x`, { as: null }), 401);
    expectError(await searchSpace('x', '', s.stranger), 404);
    expectError(await searchSpace('x', '', s.adminId, 'nope'), 404);
    expectOk(await searchSpace('x', '', s.reader), 'searchSpaceContent');
  });
});

describe('the index follows the content', () => {
  it('after merges: new words are found, replaced and deleted ones are not', async () => {
    const { s, titlesFound } = await setup();
    const [a, b] = await s.seed(['# Alpha\n\napricot', '# Beta\n\nbanana']);
    expect(await titlesFound('apricot')).toEqual(['Alpha']);
    await s.changeMain([edit(a, '# Alpha\n\ncherry'), remove(b), insert('# Gamma\n\ngrape')]);
    expect(await titlesFound('apricot')).toEqual([]);
    expect(await titlesFound('cherry')).toEqual(['Alpha']);
    expect(await titlesFound('banana')).toEqual([]);
    expect(await titlesFound('grape')).toEqual(['Gamma']);
  });

  it('does not search change requests until they are merged', async () => {
    const { s, titlesFound } = await setup();
    const cr = await s.createCr({ subject: 'draft' }, s.editor);
    await s.writeOk(cr.id, [insert('# Secret\n\nunmerged words')], s.editor);
    expect(await titlesFound('unmerged')).toEqual([]);
    expectOk(await s.merge(cr.id), 'mergeChangeRequest');
    expect(await titlesFound('unmerged')).toEqual(['Secret']);
  });

  it('keeps paths current when a parent page is renamed', async () => {
    const { s, searchSpace } = await setup();
    const [parent] = await s.seed(['# Guides']);
    await s.changeMain([{ operation: 'insert_page', document: { markdown: '# Child\n\nnested words' }, into: parent }]);
    expect((await searchSpace('nested')).body.items[0].path).toBe('guides/child');
    await s.changeMain([{ operation: 'update_page', page: parent, slug: 'manuals' }]);
    expect((await searchSpace('nested')).body.items[0].path).toBe('manuals/child');
  });

  it('indexes a duplicate, hides deleted spaces, shows restored ones and forgets purged ones', async () => {
    const { s, searchOrg } = await setup();
    await s.seed(['# Alpha\n\nzebra']);
    const spacesFound = async (q = 'zebra') => {
      const res = await searchOrg(q);
      expectOk(res, 'searchOrganizationContent');
      return res.body.items.map((i: { id: string }) => i.id);
    };
    const copy = await s.api.request('POST', `/v1/spaces/${s.spaceId}/duplicate`, { as: s.adminId });
    expectOk(copy, 'duplicateSpace');
    expect((await spacesFound()).sort()).toEqual([s.spaceId, copy.body.id].sort());

    expect((await s.api.request('DELETE', `/v1/spaces/${copy.body.id}`, { as: s.adminId })).status).toBe(205);
    expect(await spacesFound()).toEqual([s.spaceId]);
    expectOk(await s.api.request('POST', `/v1/spaces/${copy.body.id}/restore`, { as: s.adminId }), 'restoreSpace');
    expect((await spacesFound()).sort()).toEqual([s.spaceId, copy.body.id].sort());

    expect((await s.api.request('DELETE', `/v1/spaces/${copy.body.id}`, { as: s.adminId })).status).toBe(205);
    s.clock.advance(8 * 24 * 3600 * 1000);
    await s.engine.spaces.purge();
    expect(await s.count('SELECT COUNT(*) AS n FROM search_sections WHERE space_id = ?', [copy.body.id])).toBe(0);
    expect(await s.count('SELECT COUNT(*) AS n FROM search_pages WHERE space_id = ?', [copy.body.id])).toBe(0);
  });

  it('keys the index by space, page and section: spaces apart, a page keeps its key when edited (search-keys.ts)', async () => {
    const { s, searchSpace, titlesFound } = await setup();
    const [a] = await s.seed(['# Alpha\n\nshared word', '# Beta\n\nshared word']);
    const copy = await s.api.request('POST', `/v1/spaces/${s.spaceId}/duplicate`, { as: s.adminId });
    expectOk(copy, 'duplicateSpace');
    // The copy's matches are keyed in its own range: each space finds its own two pages only.
    expect((await searchSpace('shared')).body.count).toBe(2);
    expect((await searchSpace('shared', '', s.adminId, copy.body.id)).body.count).toBe(2);
    const keys = async () => await s.engine.core.all<{ page_id: string; key: number }>('SELECT page_id, key FROM search_pages WHERE space_id = ? ORDER BY key', [s.spaceId]);
    const before = await keys();
    await s.changeMain([edit(a, '# Alpha\n\nnew text')]);
    expect(await titlesFound('new')).toEqual(['Alpha']);
    expect(await keys()).toEqual(before);
    const spaceKeys = await s.engine.core.all<{ key: number }>('SELECT key FROM search_spaces WHERE space_id IN (?, ?) ORDER BY key', [s.spaceId, copy.body.id]);
    expect(new Set(spaceKeys.map((k) => k.key)).size).toBe(2);
  });

  it('a page edited that holds the largest key keeps it while a page added in the same merge takes the next (rows written many a statement)', async () => {
    const { s, titlesFound } = await setup();
    const [, b] = await s.seed(['# Alpha\n\napricot', '# Beta\n\nbanana']);
    const keyOf = async (title: string) => (await s.engine.core.get<{ key: number }>(
      "SELECT p.key FROM search_pages p JOIN search_sections x ON x.space_id = p.space_id AND x.page_id = p.page_id WHERE p.space_id = ? AND x.page_title = ?", [s.spaceId, title],
    ))?.key;
    const largest = await keyOf('Beta');
    expect(largest).toBeGreaterThan((await keyOf('Alpha'))!);
    await s.changeMain([edit(b, '# Beta\n\nblueberry'), insert('# Gamma\n\ngrape')]);
    expect(await titlesFound('blueberry')).toEqual(['Beta']);
    expect(await titlesFound('grape')).toEqual(['Gamma']);
    expect(await keyOf('Beta')).toBe(largest);
    expect(await keyOf('Gamma')).toBe(largest! + 1);
  });

  it('keeps at most 4,096 sections of a page, the last holding the text of the rest', async () => {
    const { s, searchSpace } = await setup();
    const headings = Array.from({ length: 4100 }, (_, i) => `## Part ${i}\n\nword${i}`).join('\n\n');
    await s.seed([`# Huge\n\n${headings}`]);
    expect(await s.count('SELECT COUNT(*) AS n FROM search_sections WHERE space_id = ?', [s.spaceId])).toBe(4096);
    const found = await searchSpace('word4099');
    expect(found.body.items.map((i: { title: string }) => i.title)).toEqual(['Huge']);
    expect(found.body.items[0].sections[0]).toMatchObject({ id: 'part-4095', body: expect.stringContaining('Part 4099\nword4099') });
  });

  it('catches up on content it never indexed (a database from before the index)', async () => {
    const { s, titlesFound } = await setup();
    await s.seed(['# Legacy\n\nold content']);
    for (const table of ['search_sections', 'search_pages', 'search_spaces']) await s.engine.core.run(`DELETE FROM ${table}`);
    expect(await titlesFound('legacy')).toEqual(['Legacy']);
    expect(await s.count('SELECT COUNT(*) AS n FROM search_spaces')).toBeGreaterThan(0);
  });
});

describe('organization search', () => {
  it('groups by space then page, restricted to the spaces the caller can read', async () => {
    const { s, searchOrg } = await setup();
    await s.seed(['# Billing\n\ninvoice details', '# Refunds\n\nan invoice can be refunded']);
    const other = await s.createSpace('Private notes');
    await s.seed(['# Notes\n\ninvoice secrets'], other);
    const hidden = (await s.api.request('POST', `/v1/orgs/${s.orgId}/spaces`, { as: s.adminId, body: { title: 'Admins only' } })).body.id;
    await s.seed(['# Hidden\n\ninvoice hidden'], hidden);

    const admin = await searchOrg('invoice');
    expectOk(admin, 'searchOrganizationContent');
    expect(admin.body.count).toBe(3);
    const docs = admin.body.items.find((i: { id: string }) => i.id === s.spaceId);
    // The platform's space result: its type and its best page's score.
    expect(docs).toMatchObject({ type: 'space', title: 'Docs', score: Math.max(...docs.pages.map((p: { score: number }) => p.score)) });
    expect(docs.pages.map((p: { title: string }) => p.title).sort()).toEqual(['Billing', 'Refunds']);
    expect(docs.pages[0].sections[0]).toMatchObject({ path: expect.any(String), body: expect.stringContaining('invoice') });
    // Ranks run over every page found, across spaces.
    expect(admin.body.items.flatMap((i: { pages: { rank: number }[] }) => i.pages.map((p) => p.rank)).sort()).toEqual([1, 2, 3, 4]);

    // The reader was granted Docs and Private notes (createSpace grants them), not the third space.
    const reader = await searchOrg('invoice', s.reader);
    expectOk(reader, 'searchOrganizationContent');
    expect(reader.body.items.map((i: { title: string }) => i.title).sort()).toEqual(['Docs', 'Private notes']);
    const stranger = await searchOrg('invoice', s.stranger);
    expectOk(stranger, 'searchOrganizationContent');
    expect(stranger.body).toEqual({ count: 0, items: [] });
  });

  it('validates, and refuses callers outside the organization', async () => {
    const { s, searchOrg } = await setup();
    expectError(await searchOrg(''), 400, /query/);
    expectError(await searchOrg('x'.repeat(513)), 400, /query/);
    expectError(await s.api.request('GET', `/v1/orgs/${s.orgId}/search?query=x`, { as: null }), 401);
    const outsider = s.engine.core.newId();
    await s.engine.core.run("INSERT INTO users (id, email, display_name, created_at) VALUES (?, 'out@else.test', 'Out', ?)", [outsider, s.engine.core.now()]);
    const res = await searchOrg('x', outsider);
    expect([403, 404]).toContain(res.status);
    expectError(res, res.status);
    expectError(await s.api.request('GET', `/v1/orgs/nope/search?query=x`, { as: s.adminId }), 404);
  });
});
