import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildStaticSite, MANIFEST } from '../../src/static-site/build';
import { BUILD_TAGS, SPACE_TAG_HEADER } from '../../src/domain/build-tags';
import type { SiteAnswer, SiteFetcher } from '../../src/static-site/fetcher';

const fetchBase = '/o/org1/sites/site1';
const published = 'https://docs.test';

/** A site of `count` pages as the reader answers them, each linking to the next; `tag` is their space's, `asked` what was asked. */
function site(count: number, tag?: { value: string }, asked: string[] = []): SiteFetcher {
  const answerOf = (tail: string): SiteAnswer => {
    if (tail === BUILD_TAGS) return tag ? { status: 200, headers: {}, body: Buffer.from(JSON.stringify({ tags: [tag.value] })) } : { status: 404, headers: {}, body: Buffer.alloc(0) };
    const tagged: Record<string, string> = tag ? { [SPACE_TAG_HEADER]: tag.value } : {};
    const page = (n: number): SiteAnswer => ({ status: 200, headers: { etag: `"p${n}"`, ...tagged }, body: Buffer.from(`<!doctype html><html lang="en"><head></head><body><article><h1>Page ${n}</h1><p><a href="${fetchBase}/p${(n + 1) % count}">next</a></p></article></body></html>`) });
    if (tail === 'llms.txt') return { status: 200, headers: {}, body: Buffer.from(Array.from({ length: count }, (_, n) => `- [Page ${n}](${published}/p${n}.md)`).join('\n')) };
    if (/^p\d+\.md$/.test(tail)) return { status: 200, headers: { etag: `"m${tail}"`, ...tagged }, body: Buffer.from(`# ${tail}\n`) };
    if (/^p\d+$/.test(tail)) return page(Number(tail.slice(1)));
    if (tail === '') return page(0);
    return { status: 404, headers: {}, body: Buffer.alloc(0) };
  };
  return async (path, headers = {}) => {
    const tail = path.slice(fetchBase.length).replace(/^\//, '');
    asked.push(tail);
    const answer = answerOf(tail);
    return answer.headers.etag && headers['if-none-match'] === answer.headers.etag ? { status: 304, headers: answer.headers, body: Buffer.alloc(0) } : answer;
  };
}

describe('sites build writes the copy (static-site/build.ts)', () => {
  it('writes every page and its markdown, and writes again over a copy it made', async () => {
    const out = mkdtempSync(join(tmpdir(), 'docsctl-static-'));
    try {
      const first = await buildStaticSite({ fetch: site(100), out, fetchBase, published });
      expect(first).toMatchObject({ pages: 101, written: 203 });
      expect(readFileSync(join(out, 'p42', 'index.html'), 'utf8')).toContain('<a href="../p43/">next</a>');
      expect(readFileSync(join(out, 'p42.md'), 'utf8')).toBe('# p42.md\n');
      // Another site's pages into the same folder: files there are replaced, never left half written.
      rmSync(join(out, MANIFEST));
      const again = await buildStaticSite({ fetch: site(50), out, fetchBase, published });
      expect(again).toMatchObject({ pages: 51 });
      expect(readFileSync(join(out, 'p49', 'index.html'), 'utf8')).toContain('<a href="../p0/">next</a>');
      expect(existsSync(join(out, MANIFEST))).toBe(true);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it("asks none of the pages again while their space's tag is current, and each page (with its ETag) once it moved", async () => {
    const out = mkdtempSync(join(tmpdir(), 'docsctl-static-'));
    try {
      const tag = { value: '"space-1"' };
      await buildStaticSite({ fetch: site(20, tag), out, fetchBase, published });
      const asked: string[] = [];
      const same = await buildStaticSite({ fetch: site(20, tag, asked), out, fetchBase, published });
      expect(same).toMatchObject({ pages: 21, written: 0 });
      expect(asked.filter((tail) => /^p\d+(\.md)?$/.test(tail))).toEqual([]);
      expect(readFileSync(join(out, 'search-index.json'), 'utf8')).toContain('"t":"Page 7"');
      // A page whose copy is gone is asked again.
      rmSync(join(out, 'p3'), { recursive: true });
      asked.length = 0;
      await buildStaticSite({ fetch: site(20, tag, asked), out, fetchBase, published });
      expect(asked.filter((tail) => /^p\d+(\.md)?$/.test(tail))).toEqual(['p3']);
      expect(existsSync(join(out, 'p3', 'index.html'))).toBe(true);
      // The space changed: every page is asked, with its ETag (here each answers 304).
      tag.value = '"space-2"';
      asked.length = 0;
      expect(await buildStaticSite({ fetch: site(20, tag, asked), out, fetchBase, published })).toMatchObject({ pages: 21, written: 0 });
      expect(asked.filter((tail) => /^p\d+$/.test(tail))).toHaveLength(20);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('fails with what it could not write, and leaves no manifest', async () => {
    const out = mkdtempSync(join(tmpdir(), 'docsctl-static-'));
    try {
      await buildStaticSite({ fetch: site(3), out, fetchBase, published });
      // A file where a page's folder goes.
      rmSync(join(out, 'p2'), { recursive: true });
      writeFileSync(join(out, 'p2'), 'in the way');
      await expect(buildStaticSite({ fetch: site(3), out, fetchBase, published })).rejects.toThrow(/could not write the copy: .*p2/);
      expect(existsSync(join(out, MANIFEST))).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
