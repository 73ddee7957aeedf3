import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, ok, sampleSandbox } from './support';
import { readPdf } from '../helpers/pdf-text';

// Issue 58: `content pdf` and `sites pdf` through main(argv); real pages in two scripts through the
// built entry are in test/e2e/built-pdf-real-pages.test.ts.
describe('content pdf and sites pdf', () => {
  it("prints a space PDF's URL (JSON when piped) or writes the PDF: its pages and their contents", async () => {
    const s = await sampleSandbox();
    const site = await json(s, ['sites', 'create', '--title', 'Guides', '--new-space', 'sample']);
    const spaceId = (await json(s, ['site-spaces', 'list', site.id])).items[0].space.id as string;
    const piped = await json(s, ['content', 'pdf', '--space', spaceId]);
    expect(piped.url).toMatch(new RegExp(`/v1/spaces/${spaceId}/pdf/download\\?`));
    const tty = ok(await s.run(['content', 'pdf', '--space', spaceId, '-o', 'space.pdf'], { tty: true }));
    expect(tty.stderr).toMatch(/^Wrote \d+ bytes to space\.pdf\.$/m);
    const pdf = await readPdf(readFileSync(join(s.dir, 'space.pdf')));
    const titles = (await json(s, ['content', 'tree', '--space', spaceId])).pages.map((p: { title: string }) => p.title) as string[];
    for (const title of titles) expect(pdf.pages[0].text).toContain(title);
    ok(await s.run(['content', 'pdf', '--space', spaceId, '-o', 'letter.pdf', '--paper', 'letter']));
    expect((await readPdf(readFileSync(join(s.dir, 'letter.pdf')))).pages[0].size).toEqual([612, 792]);
    const paper = await s.run(['content', 'pdf', '--space', spaceId, '--paper', 'legal']);
    expect(paper.code).toBe(2);
    expect(paper.stderr).toContain("option '--paper <size>' argument 'legal' is invalid. Allowed choices are a4, letter.");
    const missing = await s.run(['content', 'pdf', '--space', spaceId, '--page', 'nope', '-o', 'x.pdf']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('page: no page nope');
    expect(existsSync(join(s.dir, 'x.pdf'))).toBe(false);
  });

  it('writes the PDF of a published site as a visitor sees it, refuses an unpublished one, and leaves no partial file', async () => {
    const s = await sampleSandbox();
    const site = await json(s, ['sites', 'create', '--title', 'Guides', '--new-space', 'sample']);
    const unpublished = await s.run(['sites', 'pdf', site.id, '-o', 'site.pdf']);
    expect(unpublished.code).toBe(6);
    expect(unpublished.stderr).toContain('is not published');
    ok(await s.run(['sites', 'publish', site.id]));
    const tty = ok(await s.run(['sites', 'pdf', site.id, '-o', 'site.pdf'], { tty: true }));
    expect(tty.stderr).toMatch(/^Wrote \d+ bytes to site\.pdf\.$/m);
    const pdf = await readPdf(readFileSync(join(s.dir, 'site.pdf')));
    expect(pdf.title).toBe('Guides');
    const spaceId = (await json(s, ['site-spaces', 'list', site.id])).items[0].space.id as string;
    const first = (await json(s, ['content', 'tree', '--space', spaceId])).pages[0] as { id: string; title: string };
    const one = await json(s, ['sites', 'pdf', site.id, '--page', first.id, '-o', 'page.pdf', '--paper', 'letter']);
    expect(one).toMatchObject({ site: site.id, bytes: expect.any(Number) });
    const page = await readPdf(readFileSync(join(s.dir, 'page.pdf')));
    expect(page.title).toBe(first.title);
    expect(page.pages.map((p) => p.size[0])).toEqual(page.pages.map(() => 612));
    const none = await s.run(['sites', 'pdf', site.id, '--page', 'nope', '-o', 'none.pdf']);
    expect(none.code).toBe(5);
    expect(none.stderr).toContain('no such page nope');
    expect(readdirSync(s.dir).filter((f) => f.startsWith('none.pdf'))).toEqual([]);
  });
});
