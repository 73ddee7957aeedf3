import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { memorySource, readTreeFrom, slugOfName } from '../../src/content-tree/local-tree';
import { sandbox } from '../helpers/cli';
import { runBuilt } from '../helpers/built';

/** A sandbox initialized through the built CLI, and a way to write files into its folder `docs/`. */
async function initializedFolder() {
  const box = sandbox();
  expect((await runBuilt(box, ['init'])).code).toBe(0);
  const docs = join(box.dir, 'docs');
  const write = (name: string, content: string | Buffer) => {
    mkdirSync(dirname(join(docs, name)), { recursive: true });
    writeFileSync(join(docs, name), content);
  };
  return { box, write };
}

describe('reading a Git Sync folder (issue 14, items 1 and 3)', () => {
  it('slugifies page slugs from file names instead of failing on them', () => {
    expect(slugOfName('how-to-prohibit-the-replacement-of-+-with-00')).toBe('how-to-prohibit-the-replacement-of-with-00');
    expect(slugOfName('Getting Started')).toBe('getting-started');
    expect(slugOfName('Café & Crème')).toBe('cafe-creme');
    expect(slugOfName('v1.2_notes')).toBe('v1.2_notes');
    expect(slugOfName('-_lead')).toBe('lead');
    expect(slugOfName('+++')).toBe('page');
  });

  it('reads .gitbook/assets as assets, and no other dot-folder', async () => {
    const files = new Map<string, Buffer>(Object.entries({
      'README.md': '# Home\n\n![logo](.gitbook/assets/logo.png)\n',
      'guides/a-+-b.md': '# A and B\n',
      '.gitbook/assets/logo.png': 'png',
      '.gitbook/assets/shots/one.gif': 'gif',
      '.gitbook/includes/snippet.md': '# Not a page',
      '.git/config': '[core]',
      '.hidden.md': '# Hidden',
    }).map(([k, v]) => [k, Buffer.from(v)]));
    const tree = await readTreeFrom(memorySource(files));
    expect(tree.assets.map((a) => a.file).sort()).toEqual(['.gitbook/assets/logo.png', '.gitbook/assets/shots/one.gif']);
    expect(tree.pages.map((p) => p.path).sort()).toEqual(['guides', 'guides/a-b', 'readme']);
  });

  it('pushes such a folder through the built CLI: the image uploaded, the odd name a page, no broken link, and a re-push changes nothing', async () => {
    const { box, write } = await initializedFolder();
    write('README.md', '# Home\n\n![logo](.gitbook/assets/logo.png)\n');
    write('guides/how-to-prohibit-the-replacement-of-+-with-00.md', '# Odd\n\nText.\n');
    write('.gitbook/assets/logo.png', 'not really a png');
    const space = JSON.parse((await runBuilt(box, ['spaces', 'create', '--title', 'Git Sync', '--json'])).stdout).id as string;
    const pushed = await runBuilt(box, ['content', 'push', 'docs', '--space', space, '--merge', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(JSON.parse(pushed.stdout)).toMatchObject({ inserted: 3, uploaded: 1, merged: true });
    const files = JSON.parse((await runBuilt(box, ['content', 'files', '--space', space, '--json'])).stdout).items;
    // Named as the platform names them: the path below .gitbook/assets.
    expect(files.map((f: { name: string }) => f.name)).toEqual(['logo.png']);
    const links = await runBuilt(box, ['links', '--space', space, '--fail-on-broken']);
    expect(links.code, links.stdout + links.stderr).toBe(0);
    expect((await runBuilt(box, ['content', 'push', 'docs', '--space', space])).stderr).toContain('Nothing to push');
  }, 60_000);

  // Issue 57, as real repositories hold it: an entry without its file, text before a link, `***`, a
  // file named in Chinese, the platform's anchors and footnotes, links to the root, `&#x26;` in a src.
  it('pushes the last mile through the built CLI: every entry at its place, every link resolved, and pull then push changes nothing', async () => {
    const { box, write } = await initializedFolder();
    write('SUMMARY.md', '# Table of contents\n\n* [Home](README.md)\n* [Get Started](get-started/README.md)\n  * [Install](get-started/install.md)\n\n## Notes\n\n* 📂 [Release notes](notes.md)\n\n***\n\n* [中国OTA随单行李加购](中国OTA随单行李加购.md)\n');
    write('README.md', '# Home\n\nSee [4.9](notes.md#release-4.9), [by GitHub](notes.md#release-49), [the note](#user-content-fn-1)[^1] and [the OTA page](中国OTA随单行李加购.md#id-1.-zhong-wen-fen-ci).\n\n<img src=".gitbook/assets/API Close &#x26; Apply.png" alt="">\n\n[^1]: A footnote.\n');
    write('get-started/install.md', '# Install\n\n[Back home](../)\n');
    write('notes.md', '# Release notes\n\n## Release 4.9\n\n[Home](./)\n');
    write('中国OTA随单行李加购.md', '# OTA\n\n## 1. 中文分词\n');
    write('.gitbook/assets/API Close & Apply.png', 'png');
    const space = JSON.parse((await runBuilt(box, ['spaces', 'create', '--title', 'Last mile', '--json'])).stdout).id as string;
    const pushed = await runBuilt(box, ['content', 'push', 'docs', '--space', space, '--merge', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(JSON.parse(pushed.stdout)).toMatchObject({ uploaded: 1, skipped: ['SUMMARY.md:4: get-started/README.md does not exist: an empty page "Get Started" in its place'] });
    const tree = await runBuilt(box, ['content', 'tree', '--space', space, '--json']);
    expect(tree.code, tree.stderr).toBe(0);
    type Page = { path: string; title: string; pages?: Page[] };
    const flat = (list: Page[]): Page[] => list.flatMap((p) => [p, ...flat(p.pages ?? [])]);
    const pages = flat(JSON.parse(tree.stdout).pages);
    expect(pages.map((p) => [p.path, p.title])).toEqual([
      ['readme', 'Home'], ['get-started', 'Get Started'], ['get-started/install', 'Install'], ['notes', 'Notes'],
      ['notes/notes', 'Release notes'], ['中国ota随单行李加购', 'OTA'],
    ]);
    const links = await runBuilt(box, ['links', '--space', space, '--fail-on-broken']);
    expect(links.code, links.stdout + links.stderr).toBe(0);
    const pulled = join(box.dir, 'pulled');
    expect((await runBuilt(box, ['content', 'pull', 'pulled', '--space', space])).code).toBe(0);
    expect(readFileSync(join(pulled, 'get-started', 'README.md'), 'utf8')).toBe('');
    expect(readFileSync(join(pulled, 'README.md'), 'utf8')).toContain('<img src=".gitbook/assets/API Close &#x26; Apply.png" alt="">');
    expect((await runBuilt(box, ['content', 'push', 'pulled', '--space', space])).stderr).toContain('Nothing to push');
  }, 60_000);
});
