import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, ok, sampleSandbox } from './support';
import { deepSpec } from '../helpers/deep-spec';

// Issue 58: `sites build` through main(argv); the built entry and a browser are in test/e2e/static-build-browser.test.ts.
describe('sites build', () => {
  it('writes a public site as static files, says what it did on a terminal and as JSON, and a second build rewrites only what changed', async () => {
    const s = await sampleSandbox();
    const site = await json(s, ['sites', 'create', '--title', 'Guides', '--new-space', 'sample']);
    ok(await s.run(['sites', 'publish', site.id]));
    const tty = ok(await s.run(['sites', 'build', site.id, '--out', 'copy'], { tty: true }));
    expect(tty.stderr).toMatch(/^Built Guides into .*copy: \d+ pages, 0 files; \d+ written, 0 unchanged, 0 removed\.$/m);
    const out = join(s.dir, 'copy');
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    // Links relative to the page: the copy works at any path; no canonical URL without --base-url.
    expect(home).toContain('<html lang="en" data-static-root="./">');
    expect(home).toMatch(/<link rel="stylesheet" href="~docsctl\/assets\/site\.\w+\.css">/);
    expect(home).not.toContain('rel="canonical"');
    expect(home).not.toMatch(/href="\/o\//);
    expect(existsSync(join(out, 'sitemap.xml'))).toBe(false);
    expect(readFileSync(join(out, 'llms.txt'), 'utf8')).toMatch(/\]\(\.\/[^)]+\.md\)/);
    const index = JSON.parse(readFileSync(join(out, 'search-index.json'), 'utf8')) as { t: string; u: string }[];
    expect(index.length).toBeGreaterThan(0);
    // Piped: JSON with the counts; nothing changed, nothing written.
    const again = await json(s, ['sites', 'build', site.id, '--out', 'copy']);
    expect(again).toMatchObject({ site: site.id, out, written: 0, removed: 0, missing: [] });
    expect(again.unchanged).toBeGreaterThan(again.pages);
    // One page edited (pull, change, push): that page, its markdown and the indexes are written, nothing else.
    const spaceId = (await json(s, ['site-spaces', 'list', site.id])).items[0].space.id;
    ok(await s.run(['content', 'pull', 'folder', '--space', spaceId]));
    const file = join(s.dir, 'folder', 'quickstart.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n## Zeppelins\n\nA new line about zeppelins.\n`);
    ok(await s.run(['content', 'push', 'folder', '--space', spaceId, '--merge']));
    const third = await json(s, ['sites', 'build', site.id, '--out', 'copy']);
    expect(third.written).toBe(4);
    // The new section is in the search index, named by its heading's text alone (not its anchor link's `#`).
    const index2 = JSON.parse(readFileSync(join(out, 'search-index.json'), 'utf8')) as { s: [string, string, string][] }[];
    expect(index2.flatMap((page) => page.s)).toContainEqual(['Zeppelins', 'zeppelins', 'A new line about zeppelins.']);
    // A new page, and a redirect to it in the Git Sync configuration: a page at the old path sends the browser on.
    writeFileSync(join(s.dir, 'folder', 'guide.md'), '# Guide\n\nThe guide.\n');
    writeFileSync(join(s.dir, 'folder', 'SUMMARY.md'), `${readFileSync(join(s.dir, 'folder', 'SUMMARY.md'), 'utf8')}* [Guide](guide.md)\n`);
    writeFileSync(join(s.dir, 'folder', '.gitbook.yaml'), 'redirects:\n  old/start: ./guide.md\n');
    ok(await s.run(['content', 'push', 'folder', '--space', spaceId, '--merge']));
    const fourth = await json(s, ['sites', 'build', site.id, '--out', 'copy']);
    expect(fourth.redirects).toBe(1);
    expect(readFileSync(join(out, 'old', 'start', 'index.html'), 'utf8')).toContain('<meta http-equiv="refresh" content="0; url=../../guide/">');
    expect(existsSync(join(out, 'guide', 'index.html'))).toBe(true);
    // A file the build did not write stays.
    writeFileSync(join(out, 'stray.txt'), 'not the build\'s');
    expect((await json(s, ['sites', 'build', site.id, '--out', 'copy'])).written).toBe(0);
    expect(readFileSync(join(out, 'stray.txt'), 'utf8')).toBe('not the build\'s');
  });

  it("copies the schema pages of a legacy swagger block's file as pages (their address holds `~files`)", async () => {
    const s = await sampleSandbox();
    const site = await json(s, ['sites', 'create', '--title', 'Legacy API', '--new-space', 'sample']);
    const spaceId = (await json(s, ['site-spaces', 'list', site.id])).items[0].space.id;
    ok(await s.run(['content', 'pull', 'folder', '--space', spaceId]));
    writeFileSync(join(s.dir, 'folder', 'deep.json'), deepSpec());
    writeFileSync(join(s.dir, 'folder', 'legacy.md'), '# Legacy\n\nThe [description](deep.json).\n\n{% swagger src="deep.json" path="/deep/{id}" method="get" %}\n{% endswagger %}\n');
    writeFileSync(join(s.dir, 'folder', 'SUMMARY.md'), `${readFileSync(join(s.dir, 'folder', 'SUMMARY.md'), 'utf8')}* [Legacy](legacy.md)\n`);
    ok(await s.run(['content', 'push', 'folder', '--space', spaceId, '--merge']));
    ok(await s.run(['sites', 'publish', site.id]));
    const built = await json(s, ['sites', 'build', site.id, '--out', 'copy']);
    expect(built.missing).toEqual([]);
    const legacy = readFileSync(join(s.dir, 'copy', 'legacy', 'index.html'), 'utf8');
    const href = /href="(\.\.\/~schemas\/~files\/[^"]+\/components\/schemas\/Level5\/)"/.exec(legacy)?.[1];
    expect(href).toBeDefined();
    const page = readFileSync(join(s.dir, 'copy', 'legacy', href!, 'index.html'), 'utf8');
    expect(page).toContain('<h1>Level5</h1>');
    expect(page).toContain('A schema of the API description deep.json');
  });

  it('refuses what a static copy cannot keep: an unpublished, share-link, visitor-auth or adaptive site, and a bad --base-url', async () => {
    const s = await sampleSandbox();
    const sites = (await json(s, ['sites', 'list'])).items as { id: string; title: string }[];
    const developers = sites.find((x) => x.title === 'Acme Developers')!.id;
    const partner = sites.find((x) => x.title === 'Acme Partner Portal')!.id;
    const adaptive = await s.run(['sites', 'build', developers, '--out', 'x']);
    expect(adaptive.code).toBe(6);
    expect(adaptive.stderr).toBe(`error: site ${developers} has adaptive content: what a visitor sees depends on their claims, which a static copy cannot read (turn adaptive content off to build it)\n`);
    expect((await s.run(['sites', 'build', partner, '--out', 'x'])).stderr).toContain('is not published');
    ok(await s.run(['sites', 'publish', partner]));
    expect((await s.run(['sites', 'build', partner, '--out', 'x'])).stderr).toContain('is shared by link');
    ok(await s.run(['sites', 'update', partner, '--visibility', 'visitor-auth']));
    expect((await s.run(['sites', 'build', partner, '--out', 'x'])).stderr).toContain('is for authenticated visitors');
    const bad = await s.run(['sites', 'build', partner, '--out', 'x', '--base-url', 'ftp://x']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('error: --base-url: must be an absolute http or https URL (got "ftp://x")\n');
    expect(existsSync(join(s.dir, 'x'))).toBe(false);
    expect((await s.run(['sites', 'build', 'nope', '--out', 'x'])).code).toBe(5);
  });
});
