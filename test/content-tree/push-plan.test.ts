import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTree, titleOf } from '../../src/content-tree/local-tree';
import { isEmpty, planFiles, planPush } from '../../src/content-tree/push';
import { localTargets, rewriteLinks, restoreLinks } from '../../src/content-tree/asset-links';
import { filesOfPages, summaryOf } from '../../src/content-tree/pull';
import { parseSummary, renderSummary, sameSummary } from '../../src/content-tree/summary';
import type { RemotePage } from '../../src/content-tree/space-page';

function tree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'docsctl-tree-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

describe('readTree', () => {
  it('without a SUMMARY.md, maps files and folders to pages in name order, and uploads the files pages link to', async () => {
    const root = tree({
      'b.md': '# B\n\n![](img/pic.png)',
      'a.md': '---\ntitle: Alpha\n---\ntext',
      'group/README.md': '# Group',
      'group/child.md': 'no heading',
      'empty-group/x/deep.md': '# Deep',
      'img/pic.png': 'png',
      'img/unused.png': 'unused',
    });
    const { pages, assets, skipped } = await readTree(root);
    expect(pages.map((p) => [p.path, p.title, p.git ?? null])).toEqual([
      ['a', 'Alpha', 'a.md'],
      ['b', 'B', 'b.md'],
      ['empty-group', 'empty-group', null],
      ['empty-group/x', 'x', null],
      ['empty-group/x/deep', 'Deep', 'empty-group/x/deep.md'],
      ['group', 'Group', 'group/README.md'],
      ['group/child', 'child', 'group/child.md'],
    ]);
    expect(assets.map((a) => a.file)).toEqual(['img/pic.png']);
    expect(skipped).toEqual(['img/unused.png: no page links to it and it is not in .gitbook/assets/, so not uploaded']);
  });

  it('with a SUMMARY.md, takes the tree from it: nesting, groups, link pages, the first page first, duplicates skipped, a missing file an empty page', async () => {
    const root = tree({
      'README.md': '# Home',
      'guides/setup.md': '# Setup',
      'tutorials/first.md': '# First',
      'api.md': '# API',
      'unlisted.md': '# Unlisted',
      'SUMMARY.md': [
        '# Summary', '', '* [Setup](guides/setup.md)', '  * [First](tutorials/first.md)', '  * [Again](guides/setup.md)', '* [Missing](missing.md)',
        '  * [API](api.md)', '', '## Elsewhere', '', '* [Site](https://example.com)', '  * Nested group', '',
      ].join('\n'),
    });
    const { pages, skipped } = await readTree(root);
    expect(pages.map((p) => [p.path, p.title, p.group, p.href ?? null, p.git ?? null])).toEqual([
      ['readme', 'Home', false, null, 'README.md'],
      ['setup', 'Setup', false, null, 'guides/setup.md'],
      ['setup/first', 'First', false, null, 'tutorials/first.md'],
      ['missing', 'Missing', false, null, 'missing.md'],
      ['missing/api', 'API', false, null, 'api.md'],
      ['elsewhere', 'Elsewhere', true, null, null],
      ['elsewhere/site', 'Site', false, 'https://example.com', null],
      ['elsewhere/site/nested-group', 'Nested group', true, null, null],
    ]);
    expect(skipped).toEqual([
      'SUMMARY.md:5: guides/setup.md is listed twice (its first entry is its page)',
      'SUMMARY.md:6: missing.md does not exist: an empty page "Missing" in its place',
      'unlisted.md: not listed in SUMMARY.md, so not a page',
    ]);
  });

  it('refuses a .gitbook.yaml whose root leaves the folder, and reads the content where its root says', async () => {
    await expect(readTree(tree({ '.gitbook.yaml': 'root: ../elsewhere\n' }))).rejects.toThrow('.gitbook.yaml: root must stay inside the folder');
    await expect(readTree(tree({ '.gitbook.yaml': 'root: [a\n' }))).rejects.toThrow('.gitbook.yaml is not valid YAML');
    const { pages } = await readTree(tree({ '.gitbook.yaml': 'root: ./docs/\nstructure:\n  readme: start.md\n', 'docs/b.md': '# B', 'docs/start.md': '# Start', 'other.md': '# Other' }));
    expect(pages.map((p) => p.git)).toEqual(['start.md', 'b.md']);
  });

  it('keeps every file at its own path, even with the same bytes as another, and names files under .gitbook/assets by the rest of their path', async () => {
    const root = tree({
      'a.md': '![](.gitbook/assets/x.png) ![](copy.png)', '.gitbook/assets/x.png': 'same', 'copy.png': 'same', '.gitbook/assets/.DS_Store': 'junk',
      '.gitbook/assets/deep/er/y.svg': '<svg/>', '.gitbook/includes/z.md': 'not an asset',
    });
    const local = await readTree(root);
    expect(local.assets.map((a) => [a.file, a.name, a.size])).toEqual([
      ['.gitbook/assets/deep/er/y.svg', 'deep/er/y.svg', 6],
      ['.gitbook/assets/x.png', 'x.png', 4],
      ['copy.png', undefined, 4],
    ]);
    expect(local.assets[1].sha256).toBe(local.assets[2].sha256);
    expect((await local.assets[2].read()).toString()).toBe('same');
  });

  it('reads .gitbook.yml as .gitbook.yaml, with its root written any way, and finds SUMMARY.md and README.md in any case', async () => {
    for (const root of ['./docs/', 'docs', './docs', 'docs/']) {
      const local = await readTree(tree({ '.gitbook.yml': `Root: ${root}\n`, 'docs/summary.md': '* [B](b.md)\n', 'docs/b.md': '# B', 'docs/readme.md': '# Start', 'other.md': '# Other' }));
      expect(local.root).toBe('docs');
      expect(local.config).toMatchObject({ file: '.gitbook.yml' });
      expect(local.pages.map((p) => p.git)).toEqual(['readme.md', 'b.md']);
    }
    await expect(readTree(tree({ '.gitbook.yml': 'root: ../x\n' }))).rejects.toThrow('.gitbook.yml: root must stay inside the folder');
  });

  it('gives a page beside a folder of the same name its own slug (no SUMMARY.md)', async () => {
    const local = await readTree(tree({ 'tutorials/quick-start.md': '# QS', 'tutorials/quick-start/relayer/README.md': '# Relayer', 'tutorials/README.md': '# T' }));
    expect(local.pages.map((p) => [p.path, p.git ?? p.file])).toEqual([
      ['tutorials', 'tutorials/README.md'],
      ['tutorials/quick-start', 'tutorials/quick-start'],
      ['tutorials/quick-start/relayer', 'tutorials/quick-start/relayer/README.md'],
      ['tutorials/quick-start-2', 'tutorials/quick-start.md'],
    ]);
  });

  it('titles a SUMMARY.md group heading as written, without its inline HTML, and nests entries at any depth', async () => {
    const local = await readTree(tree({
      'SUMMARY.md': '* [Intro](README.md)\n\n## Installation <a href="#setup" id="setup"></a>\n\n* [T](t/README.md)\n    * [Q](t/q.md)\n        * [R](t/q/r/README.md)\n',
      'README.md': '# Intro', 't/README.md': '# T', 't/q.md': '# Q', 't/q/r/README.md': '# R',
    }));
    expect(local.pages.map((p) => [p.path, p.title])).toEqual([
      ['readme', 'Intro'], ['installation', 'Installation'], ['installation/t', 'T'], ['installation/t/q', 'Q'], ['installation/t/q/r', 'R'],
    ]);
  });

  // As real repositories keep them (issue 57): an entry whose file was never written, with children under
  // it; text before the link; a `***` line after a group.
  it('keeps an entry without its file as an empty page over its children, titles an item by its whole text, and ends a group at ***', async () => {
    const local = await readTree(tree({
      'SUMMARY.md': [
        '# Table of contents', '', '* [Welcome](README.md)', '* [Get Started](get-started/README.md)', '  * [Install](get-started/install.md)',
        '    * [On Linux](get-started/linux.md)', '* 📂 [Projects](projects/README.md) <a href="#p" id="p"></a>', '  * [Alpha](projects/alpha.md)',
        '', '## Reference', '', '* [API](api.md)', '', '***', '', '* [FAQ](faq.md)', '', '---', '* [Changelog](changelog.md)', '',
      ].join('\n'),
      'README.md': '# Welcome', 'get-started/install.md': '# Install', 'get-started/linux.md': '# On Linux', 'projects/alpha.md': '# Alpha',
      'api.md': '# API', 'faq.md': '# FAQ', 'changelog.md': '# Changelog',
    }));
    expect(local.pages.map((p) => [p.path, p.title, p.git ?? null, p.markdown])).toEqual([
      ['readme', 'Welcome', 'README.md', '# Welcome'],
      ['get-started', 'Get Started', 'get-started/README.md', ''],
      ['get-started/install', 'Install', 'get-started/install.md', '# Install'],
      ['get-started/install/linux', 'On Linux', 'get-started/linux.md', '# On Linux'],
      ['projects', '📂 Projects', 'projects/README.md', ''],
      ['projects/alpha', 'Alpha', 'projects/alpha.md', '# Alpha'],
      ['reference', 'Reference', null, ''],
      ['reference/api', 'API', 'api.md', '# API'],
      ['faq', 'FAQ', 'faq.md', '# FAQ'],
      ['changelog', 'Changelog', 'changelog.md', '# Changelog'],
    ]);
    expect(local.skipped).toEqual([
      'SUMMARY.md:4: get-started/README.md does not exist: an empty page "Get Started" in its place',
      'SUMMARY.md:7: projects/README.md does not exist: an empty page "📂 Projects" in its place',
    ]);
  });

  it('reads a link anywhere in an item, and a line of brackets or escapes in one pass', () => {
    expect(parseSummary('* 📂 [Projects](projects/README.md)\n* [A](<a b.md> "t") (old)\n* Just text\n').entries.map((e) => [e.kind, e.title, e.file ?? null])).toEqual([
      ['page', '📂 Projects', 'projects/README.md'], ['page', 'A (old)', 'a b.md'], ['group', 'Just text', null],
    ]);
    for (const line of ['[a](b', '[a](<b', '[a\\', '[[', '[a](b "']) {
      const started = performance.now();
      parseSummary(`* ${line.repeat(50_000)}\n`);
      // Linear: 50,000 starts read once each take milliseconds; read again from each start, minutes.
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });

  it('takes titles from frontmatter, then the first heading, then the name', () => {
    expect(titleOf('---\ntitle: T\n---\n# H', 'n')).toBe('T');
    expect(titleOf('text\n\n# H', 'n')).toBe('H');
    expect(titleOf('text', 'n')).toBe('n');
  });
});

describe('planPush', () => {
  const remote = (path: string, id: string, parentId: string | null, position: number, markdown: string, title: string, git?: string): RemotePage => ({
    id, path, parentId, position, markdown, title, slug: path.split('/').pop()!, type: 'document', ...(git ? { git } : {}),
  });

  it('is empty when the folder matches, and lists inserts, updates and top-most deletes otherwise', async () => {
    const root = tree({ 'a.md': '# A', 'g/README.md': '# G', 'g/c.md': '# C' });
    const local = await readTree(root);
    const same = [remote('a', 'A', null, 0, '# A', 'A', 'a.md'), remote('g', 'G', null, 1, '# G', 'G', 'g/README.md'), remote('g/c', 'C', 'G', 0, '# C', 'C', 'g/c.md')];
    expect(isEmpty(planPush(local, same, []))).toBe(true);

    const changed = [remote('a', 'A', null, 0, '# A old', 'A', 'a.md'), remote('gone', 'X', null, 1, '# X', 'X'), remote('gone/sub', 'Y', 'X', 0, '# Y', 'Y')];
    const plan = planPush(local, changed, []);
    expect(plan.summary).toEqual({ inserted: 2, updated: 1, deleted: 1, uploaded: 0 });
    expect(plan.deletes).toEqual([{ operation: 'delete_page', page: 'X' }]);
    // One batch, parents first; the new sub-page names its parent by the parent's path (its ref).
    expect(plan.changes.map((c) => c.operation)).toEqual(['update_page', 'insert_page', 'insert_page']);
    expect(plan.changes[2]).toMatchObject({ operation: 'insert_page', ref: 'g/c', into: 'g', git: { path: 'g/c.md' } });
  });

  // Issue 57: slugs keep letters of every script, but a space pushed before keeps the slugs it has.
  it('gives new pages slugs in their own script, and leaves the slugs of pages the space already has', async () => {
    const root = tree({ '中国OTA随单行李加购.md': '# A', '日本OTA随单行李加购.md': '# B', 'Ärger/README.md': '# G', 'Ärger/子.md': '# C' });
    const fresh = planPush(await readTree(root), [], []);
    expect(fresh.changes.map((c) => 'slug' in c && c.slug)).toEqual(['arger', '中国ota随单行李加购', '日本ota随单行李加购', '子']);
    // Pushed before: `ota` and `ota-2` (in the same files), `arger/page` under a folder kept by path.
    const before = [
      remote('ota', 'A', null, 1, '# A', 'A', '中国OTA随单行李加购.md'), remote('arger', 'G', null, 0, '# G', 'G', 'Ärger/README.md'),
      remote('arger/page', 'C', 'G', 0, '# C', 'C', 'Ärger/子.md'), remote('ota-2', 'B', null, 2, '# B', 'B', '日本OTA随单行李加购.md'),
    ];
    const plan = planPush(await readTree(root), before, []);
    expect(plan.changes).toEqual([]);
    expect(isEmpty(plan)).toBe(true);
  });

  it('moves a page kept in the same file to its new place, and replaces a page that changed kind', async () => {
    const root = tree({ 'SUMMARY.md': '* [G](g.md)\n  * [C](c.md)\n\n## Links\n\n* [Site](https://example.com)\n', 'g.md': '# G', 'c.md': '# C' });
    const local = await readTree(root);
    const before = [remote('g', 'G', null, 0, '# G', 'G', 'g.md'), remote('c', 'C', null, 1, '# C', 'C', 'c.md'), remote('links', 'L', null, 2, '', 'Links')];
    const plan = planPush(local, before, []);
    expect(plan.changes).toEqual([
      expect.objectContaining({ operation: 'insert_page', ref: 'links', type: 'group', at: 1 }),
      { operation: 'update_page', page: 'C', into: 'G', at: 0 },
      expect.objectContaining({ operation: 'insert_page', ref: 'links/site', type: 'link', href: 'https://example.com', into: 'links' }),
    ]);
    expect(plan.deletes).toEqual([{ operation: 'delete_page', page: 'L' }]);
  });

  it('uploads files that are new or changed, by path and bytes, and deletes the space files the folder no longer has', async () => {
    const root = tree({ 'a.md': '![](img/a.png) ![](img/b.png) ![](img/c.png)', 'img/a.png': 'aaaa', 'img/b.png': 'bb', 'img/c.png': 'cc', '.gitbook/assets/d.png': 'dd' });
    const local = await readTree(root);
    const [a, b, c] = local.assets.filter((x) => x.file.startsWith('img/'));
    const plan = planPush(local, [], [
      { id: 'f1', name: 'img/a.png', size: 4, sha256: a.sha256, git: 'img/a.png' },
      { id: 'f2', name: 'img/b.png', size: 2, sha256: c.sha256, git: 'img/b.png' }, // same size, other bytes
      { id: 'f3', name: 'img/c.png', size: 2, sha256: c.sha256 }, // made in the app: lies under .gitbook/assets/
      { id: 'f4', name: 'd.png', size: 2, sha256: local.assets[0].sha256 }, // .gitbook/assets/d.png, as the app names it
      { id: 'f5', name: 'gone.png', size: 1 },
    ]);
    expect(plan.files.uploads.map((u) => u.file)).toEqual([b.file, c.file]);
    expect(plan.files.kept).toEqual(new Map([['.gitbook/assets/d.png', 'f4'], ['img/a.png', 'f1']]));
    expect(plan.files.deletes).toEqual(['f2', 'f3', 'f5']);
    expect(plan.summary.uploaded).toBe(2);
    // An instance that does not give the bytes' digest is compared by size.
    expect(planFiles([a], [{ id: 'f1', name: 'img/a.png', size: 4, git: 'img/a.png' }]).uploads).toEqual([]);
  });
});

describe('links and layout', () => {
  const ids = new Map([['.gitbook/assets/image (1).png', 'F1'], ['.gitbook/assets/logo.png', 'F2']]);
  const names = new Map([['F1', '.gitbook/assets/image (1).png'], ['F2', '.gitbook/assets/logo.png']]);

  it('rewrites links to known files in every form Git Sync writes them, and leaves the rest', () => {
    const markdown = [
      '![a](<../.gitbook/assets/image (1).png>) ![b](../.gitbook/assets/logo.png "Logo") [p](other.md) [w](https://x.y/a.png)',
      '<figure><img src="../.gitbook/assets/logo.png" alt=""></figure>',
      "{% file src='../.gitbook/assets/logo.png' %}",
    ].join('\n');
    const pushed = rewriteLinks(markdown, 'guides/page.md', (path) => ids.get(path));
    expect(pushed).toBe([
      '![a](/files/F1) ![b](/files/F2 "Logo") [p](other.md) [w](https://x.y/a.png)',
      '<figure><img src="/files/F2" alt=""></figure>',
      "{% file src='/files/F2' %}",
    ].join('\n'));
    expect(restoreLinks(pushed, 'guides/page.md', (id) => names.get(id))).toBe(markdown);
    // A file added in the app: relative to the page, in <…> when the path needs it.
    expect(restoreLinks('![](/files/F1) ![](/files/F9)', 'README.md', (id) => names.get(id))).toBe('![](<.gitbook/assets/image (1).png>) ![](/files/F9)');
    // Issue 57: an attribute's character references are what the browser reads; pulled, `&` is `&#x26;` again.
    const amp = new Map([['.gitbook/assets/A & B.png', 'F7']]);
    const html = '<img src=".gitbook/assets/A &#x26; B.png" alt="">';
    const written = rewriteLinks(html, 'README.md', (path) => amp.get(path));
    expect(written).toBe('<img src="/files/F7" alt="">');
    expect(restoreLinks(written, 'README.md', (id) => (id === 'F7' ? '.gitbook/assets/A & B.png' : undefined))).toBe(html);
  });

  it('rewrites the files link reference definitions name (DjangoGirls writes every image so), and restores them on pull', () => {
    const markdown = '![Figure 1.1][1]\n\n [1]: images/internet_1.png\n[logo]: <images/the logo.png> "Logo"\n[^1]: images/internet_1.png\n[site]: https://example.com/a.png\n';
    const ids = new Map([['chapter/images/internet_1.png', 'F1'], ['chapter/images/the logo.png', 'F2']]);
    const pushed = rewriteLinks(markdown, 'chapter/README.md', (path) => ids.get(path));
    expect(pushed).toBe('![Figure 1.1][1]\n\n [1]: /files/F1\n[logo]: /files/F2 "Logo"\n[^1]: images/internet_1.png\n[site]: https://example.com/a.png\n');
    expect(localTargets(markdown, 'chapter/README.md')).toEqual(['chapter/images/internet_1.png', 'chapter/images/the logo.png']);
    const names = new Map([['F1', 'chapter/images/internet_1.png'], ['F2', 'chapter/images/the logo.png']]);
    expect(restoreLinks(pushed, 'chapter/README.md', (id) => names.get(id))).toBe(markdown);
  });

  it('writes each page in its Git Sync file, others as folders with a README.md, and the table of contents as the platform does', () => {
    const pages: RemotePage[] = [
      { id: 'R', path: 'readme', parentId: null, position: 0, slug: 'readme', title: 'Welcome', markdown: '', type: 'document' },
      { id: 'G', path: 'guides', parentId: null, position: 1, slug: 'guides', title: 'Guides', markdown: '', type: 'group' },
      { id: 'I', path: 'guides/install', parentId: 'G', position: 0, slug: 'install', title: 'Install [beta]', markdown: '', type: 'document', git: 'setup/Install Guide.md' },
      { id: 'S', path: 'guides/install/sub', parentId: 'I', position: 0, slug: 'sub', title: 'Sub', markdown: '', type: 'document' },
      { id: 'L', path: 'guides/site', parentId: 'G', position: 1, slug: 'site', title: 'Site', markdown: '', type: 'link', href: 'https://example.com' },
    ];
    const files = filesOfPages(pages);
    // A page claiming the table of contents' file or a file under .gitbook/assets gets its default file.
    const claims = (git: string) => filesOfPages([{ ...pages[0], git }], ['SUMMARY.md']).get('R');
    expect([claims('summary.md'), claims('.gitbook/assets/x.md'), claims('intro.md')]).toEqual(['README.md', 'README.md', 'intro.md']);
    expect(pages.map((p) => files.get(p.id) ?? null)).toEqual(['README.md', null, 'setup/Install Guide.md', 'guides/install/sub.md', null]);
    const summary = summaryOf(pages, files);
    expect(renderSummary(summary)).toBe([
      '# Table of contents', '', '* [Welcome](README.md)', '', '## Guides', '',
      '* [Install \\[beta\\]](<setup/Install Guide.md>)', '  * [Sub](guides/install/sub.md)', '* [Site](https://example.com)', '',
    ].join('\n'));
    expect(parseSummary(renderSummary(summary))).toEqual({ title: 'Table of contents', entries: expect.any(Array) });
    expect(sameSummary(parseSummary(renderSummary(summary)), summary)).toBe(true);
    // A top-level page after a group: the groups become list items, which a heading could not hold.
    const after = [...pages, { id: 'Z', path: 'z', parentId: null, position: 2, slug: 'z', title: 'Z', markdown: '', type: 'document' }];
    const flat = renderSummary(summaryOf(after, filesOfPages(after)));
    expect(flat).toContain('* Guides\n  * [Install');
    expect(sameSummary(parseSummary(flat), summaryOf(after, filesOfPages(after)))).toBe(true);
  });
});
