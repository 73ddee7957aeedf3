// Indexing 10,000 pages for search and the median latency of 100 searches, through app.handle on a SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../src/engine/index';
import { createApp } from '../src/server/app';
import { setSpaceRevision } from '../src/engine/content/space-revision';
import { sectionsOf } from '../src/engine/content/search-sections';
import { lexBlocks } from '../src/markdown/markdown';
import { loadState, pageData, saveRevision, storePage, type RevisionState } from '../src/engine/content/state';
import { median, type BenchRow } from './report';
import { mapInOrder } from '../src/engine/in-order';

/** A deterministic vocabulary of made-up words and pages written from it (Zipf-like: some words common). */
function corpus(pages: number) {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const syllables = ['ka', 'lo', 'mi', 'ne', 'tor', 'val', 'rin', 'sol', 'dex', 'pra', 'qui', 'zen', 'bor', 'fal', 'gus'];
  const words = Array.from({ length: 3000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join(''));
  const word = () => words[Math.floor(words.length * random() ** 2)];
  const sentence = (n: number) => Array.from({ length: n }, word).join(' ');
  const markdowns = Array.from({ length: pages }, (_, i) =>
    [`# Page ${i} ${word()}`, sentence(40), `## ${word()} ${word()}`, sentence(60), `## ${word()}`, `- ${sentence(8)}\n- ${sentence(8)}`, sentence(30)].join('\n\n'),
  );
  const queries = Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? `${word()} ${word()}` : word()));
  return { markdowns, queries };
}

/** `database`: a PostgreSQL URL to index and search instead of a SQLite file; `backend` is added to the rows' names. */
export async function benchSearch(pages = 10_000, searches = 100, database?: string, backend = ''): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const engine = await openEngine(database ?? join(dir, 'search.db'));
  try {
    const { organizationId, userId } = await engine.install();
    const actor = { userId };
    const space = await engine.spaces.create(actor, organizationId, { title: 'Big' });
    const { markdowns, queries } = corpus(pages);
    const { core } = engine;
    // The pages are written straight into a revision (a batch API write of 10,000 pages is not what is measured).
    const now = core.now();
    const state: RevisionState = { pages: new Map(), files: new Map(), reusables: new Map() };
    await core.write(async () =>
      await mapInOrder(markdowns, async (markdown, i) => {
        const id = `p${i}`;
        const versionId = await storePage(core, { type: 'document', title: `Page ${i}`, slug: `page-${i}`, markdown, hidden: false });
        state.pages.set(id, { id, versionId, parent: null, position: i, createdAt: now, updatedAt: now });
      }),
    );
    const revision = await core.write(async () => await saveRevision(core, space.id, state, { parents: [], type: 'edits', createdBy: null }));

    // Baseline: reading every page and splitting it into sections with marked's lexer alone, without
    // writing anything: the work of indexing before issue 19, so the ratio stays comparable over time.
    // (The index now reads simple inline markdown without marked; that split is timed too.)
    const split = async (lex?: typeof lexBlocks) => {
      const start = performance.now();
      let sections = 0;
      for (const page of (await loadState(core, revision)).pages.values()) {
        const data = await pageData(core, page.versionId);
        sections += sectionsOf(data.markdown, data.title, lex).length;
      }
      return { ms: performance.now() - start, sections };
    };
    const { ms: splitMs, sections } = await split(lexBlocks);
    const { ms: fastSplitMs } = await split();
    // Making it the space's content indexes it: what a merge or an import of 10,000 new pages adds.
    const start = performance.now();
    await core.write(async () => await setSpaceRevision(core, space.id, revision, core.now()));
    const indexMs = performance.now() - start;

    const app = createApp({ engine });
    const token = (await engine.tokens.create({ user: userId })).token;
    const get = async (url: string) => {
      const t0 = performance.now();
      const response = await app.handleAsync({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${response.body}`);
      return performance.now() - t0;
    };
    // Baseline request: reading the space itself, the cost of a plain authenticated request.
    const pageUrl = `/v1/spaces/${space.id}`;
    await get(pageUrl);
    const baseline: number[] = [];
    const latency: number[] = [];
    let hits = 0;
    for (const query of queries) {
      baseline.push(await get(pageUrl));
      latency.push(await get(`/v1/spaces/${space.id}/search?query=${encodeURIComponent(query)}&limit=20`));
      hits++;
    }
    // The same searches again, timing every statement they run inside the store: the database's own
    // share of the answer (ranking and counting the pages, their sections with snippets, access,
    // ancestors), the floor of this answer on this backend; the rest is docsctl's.
    const sqlTimes: number[] = [];
    const { store } = core;
    const timedStore = { get: store.get, all: store.all, run: store.run };
    let inStore = 0;
    for (const method of ['get', 'all', 'run'] as const) {
      const original = timedStore[method] as (...args: unknown[]) => Promise<unknown>;
      (store as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        const t0 = performance.now();
        try {
          return await original.apply(store, args);
        } finally {
          inStore += performance.now() - t0;
        }
      };
    }
    try {
      for (const query of queries) {
        inStore = 0;
        await get(`/v1/spaces/${space.id}/search?query=${encodeURIComponent(query)}&limit=20`);
        sqlTimes.push(inStore);
      }
    } finally {
      Object.assign(store, timedStore);
    }
    // The floor: FTS5 alone, the 20 best sections of the index (the bench's only space), nothing else.
    const { search } = core.store.dialect;
    const timed = async (sql: string, args: (match: string) => unknown[]) => {
      const times: number[] = [];
      for (const query of queries) {
        const match = search.query(query)!;
        const t0 = performance.now();
        await core.all(sql, args(match));
        times.push(performance.now() - t0);
      }
      return median(times);
    };
    // On PostgreSQL: the text index alone, the same way (the 20 best sections of the only space).
    const fts = database
      ? await timed(`SELECT x.fts_key FROM ${search.matches} WHERE ${search.matching} ORDER BY ${search.score} LIMIT 20`, (match) => [match])
      : await timed(`SELECT rowid FROM search_fts WHERE search_fts MATCH ? ORDER BY ${search.score} LIMIT 20`, (match) => [match]);
    const ratio = median(latency) / median(baseline);
    const indexRatio = indexMs / splitMs;
    const rows: BenchRow[] = [
      { name: `search: split ${pages} pages with marked alone (baseline)`, value: `${(splitMs / 1000).toFixed(2)} s` },
      { name: `search: split ${pages} pages as the index does (plainInline)`, value: `${(fastSplitMs / 1000).toFixed(2)} s`, ratio: fastSplitMs / splitMs },
      { name: `search: index ${pages} pages (${sections} sections)`, value: `${(indexMs / 1000).toFixed(2)} s`, ratio: indexRatio, target: '<= 4x splitting with marked', ok: indexRatio <= 4 },
      { name: `search: median of ${hits} searches, 20 results`, value: `${median(latency).toFixed(2)} ms`, ratio, target: '<= 50x reading the space', ok: ratio <= 50 },
      { name: `search: floor, ${database ? 'the text index' : 'FTS5'} alone (20 best sections)`, value: `${fts.toFixed(2)} ms`, ratio: median(latency) / fts },
      { name: `search: floor of the answer, its statements alone (timed in the store)`, value: `${median(sqlTimes).toFixed(2)} ms`, ratio: median(latency) / median(sqlTimes) },
    ];
    // On PostgreSQL the splitting is the same work: only what touches the database is reported.
    // The targets are SQLite's; PostgreSQL's figures are reported beside them.
    return database
      ? rows.slice(2).map(({ target, ok, ...row }) => ({ ...row, name: row.name.replace(/^search:/, `search${backend}:`) }))
      : rows;
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
