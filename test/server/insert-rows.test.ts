import { describe, expect, it, vi } from 'vitest';
import { testEngine } from '../helpers/engine';
import { insertRows, rowWriter, ROWS_PER_INSERT, ROWS_PER_ROUND_TRIP, TEXT_PER_ROUND_TRIP } from '../../src/engine/insert-rows';
import { preloadPageData, storePage, pageData } from '../../src/engine/content/state';

/**
 * Many rows a statement (issue 33), and the statements of a bulk write sent at once (issue 59): on
 * PostgreSQL each sending is a round trip, so the content paths write a revision's pages and the search
 * index's rows, and read page versions, many at a time.
 * Runs on both backends.
 */
async function table() {
  const t = await testEngine();
  const { core } = t.engine;
  await core.run('CREATE TABLE rows_test (n INTEGER PRIMARY KEY, label TEXT NOT NULL)');
  const all = async () => (await core.all<{ n: number; label: string }>('SELECT n, label FROM rows_test ORDER BY n')).map((r) => [Number(r.n), r.label]);
  return { ...t, core, all };
}

describe('inserting many rows', () => {
  it('writes every row, in full statements then parts of a power of two, whatever the count, all sent at once', async () => {
    const t = await table();
    const runMany = vi.spyOn(t.core, 'runMany');
    let written = 0;
    const shapes = new Set<string>();
    for (const count of [0, 1, 3, ROWS_PER_INSERT - 1, ROWS_PER_INSERT, ROWS_PER_INSERT + 1, 700]) {
      runMany.mockClear();
      const rows = Array.from({ length: count }, (_, i) => [written + i + 1, `row ${written + i + 1}`]);
      await t.core.write(async () => await insertRows(t.core, 'INSERT INTO rows_test (n, label)', rows));
      written += count;
      const statements = runMany.mock.calls.flatMap(([sent]) => sent);
      for (const { sql } of statements) shapes.add(sql);
      // One sending (one round trip on PostgreSQL), none for no rows.
      expect(runMany.mock.calls.length).toBe(count ? 1 : 0);
      // 700 = 256 + 256 + 128 + 32 + 16 + 8 + 4: at most two statements a full one, then one a set bit.
      expect(statements.length).toBe(Math.floor(count / ROWS_PER_INSERT) + [...(count % ROWS_PER_INSERT).toString(2)].filter((b) => b === '1').length);
    }
    expect(await t.all()).toEqual(Array.from({ length: written }, (_, i) => [i + 1, `row ${i + 1}`]));
    // A handful of statement shapes (256, 128, … 1 rows), not one a count.
    expect(shapes.size).toBeLessThanOrEqual(9);
  });

  it('takes a tail after the VALUES, and fails whole with the transaction around it', async () => {
    const t = await table();
    await t.core.write(async () => await insertRows(t.core, 'INSERT INTO rows_test (n, label)', [[1, 'one'], [2, 'two']]));
    await t.core.write(async () => await insertRows(t.core, 'INSERT INTO rows_test (n, label)', [[2, 'again'], [3, 'three']], ' ON CONFLICT (n) DO NOTHING'));
    expect(await t.all()).toEqual([[1, 'one'], [2, 'two'], [3, 'three']]);
    // A row that breaks a rule fails its statement, and the transaction takes the rows before it back.
    const rows = Array.from({ length: 300 }, (_, i) => [10 + i, i === 299 ? null : 'x']);
    await expect(t.core.write(async () => await insertRows(t.core, 'INSERT INTO rows_test (n, label)', rows))).rejects.toThrow();
    expect(await t.all()).toHaveLength(3);
  });

  it('a row writer writes as rows come, the rest when flushed', async () => {
    const t = await table();
    await t.core.write(async () => {
      const writer = rowWriter(t.core, 'INSERT INTO rows_test (n, label)');
      for (let n = 1; n <= ROWS_PER_ROUND_TRIP + 5; n++) await writer.add([n, `row ${n}`]);
      expect(await t.all()).toHaveLength(ROWS_PER_ROUND_TRIP);
      await writer.flush();
      // Past TEXT_PER_ROUND_TRIP characters too, however few the rows.
      const big = 'x'.repeat(TEXT_PER_ROUND_TRIP / 2);
      for (let n = 1; n <= 2; n++) await writer.add([ROWS_PER_ROUND_TRIP + 5 + n, big]);
      expect(await t.all()).toHaveLength(ROWS_PER_ROUND_TRIP + 7);
    });
    expect(await t.all()).toHaveLength(ROWS_PER_ROUND_TRIP + 7);
  });

  it('reads many page versions a statement, and pageData answers from them', async () => {
    const t = await testEngine();
    const { core } = t.engine;
    const ids = await core.write(async () => {
      const stored: string[] = [];
      for (let i = 0; i < 620; i++) stored.push(await storePage(core, { type: 'document', title: `Page ${i}`, slug: `page-${i}`, markdown: `# Page ${i}`, hidden: false }));
      return stored;
    });
    const all = vi.spyOn(core, 'all');
    const get = vi.spyOn(core, 'get');
    await preloadPageData(core, [...ids, ...ids]);
    expect(all.mock.calls.length).toBe(1);
    expect((await pageData(core, ids[619])).title).toBe('Page 619');
    expect(get).not.toHaveBeenCalled();
    // Nothing left to read: no statement.
    await preloadPageData(core, ids);
    expect(all.mock.calls.length).toBe(1);
  });
});

describe('a content batch stores its page versions many a statement', () => {
  it('writes 600 new pages in a few statements; a page inserted then changed in the same batch reads what it stored; a failed batch leaves none', async () => {
    const { contentSetup } = await import('../helpers/content');
    const s = await contentSetup();
    const cr = await s.createCr();
    const versions = async () => Number((await s.engine.core.get<{ n: number }>('SELECT count(*) AS n FROM page_versions'))!.n);
    const before = await versions();
    const runMany = vi.spyOn(s.engine.core, 'runMany');
    const changes = [
      ...Array.from({ length: 600 }, (_, i) => ({ operation: 'insert_page', ref: `p${i}`, document: { markdown: `# Page ${i}\n\nText ${i}.` } })),
    ];
    await s.writeOk(cr.id, changes);
    const inserts = runMany.mock.calls.filter(([statements]) => statements[0].sql.startsWith('INSERT OR IGNORE INTO page_versions'));
    // All in one sending: one round trip on PostgreSQL.
    expect(inserts.length).toBe(1);
    expect(await versions()).toBe(before + 600);
    // Deleting a page reads the slugs of its sub-pages: one inserted into it by the same batch is read
    // from what the batch stored and has not written yet.
    const [first, second] = await s.pages(cr.id);
    const read = vi.spyOn(s.engine.core, 'get');
    const deleted = await s.write(cr.id, [
      { operation: 'insert_page', into: first.id, document: { markdown: '# Child\n\nNew.' } },
      { operation: 'update_page', page: second.id, title: 'Second, renamed' },
      { operation: 'delete_page', page: first.id },
    ]);
    expect(deleted.status).toBe(200);
    expect(read.mock.calls.filter(([sql]) => sql.startsWith('SELECT data FROM page_versions'))).toHaveLength(0);
    const titles = await s.titles(cr.id);
    expect(titles).toContain('Second, renamed');
    expect(titles).not.toContain('Page 0');
    expect(titles).not.toContain('Child');
    // A batch refused half-way stores nothing.
    const count = await versions();
    const refused = await s.write(cr.id, [
      { operation: 'insert_page', document: { markdown: '# Never\n\nStored.' } },
      { operation: 'update_page', page: 'no-such-page', title: 'x' },
    ]);
    expect(refused.status).toBe(400);
    expect(await versions()).toBe(count);
  });
});
