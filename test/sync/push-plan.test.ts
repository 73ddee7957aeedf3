import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readTree, titleOf } from '../../src/sync/local-tree';
import { isEmpty, planPush, rewriteLinks } from '../../src/sync/push';
import { fileOf, summaryOf } from '../../src/sync/pull';
import type { RemotePage } from '../../src/sync/remote-tree';

function tree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'docsctl-tree-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

describe('readTree', () => {
  it('maps files and folders to pages, orders by SUMMARY.md, and keeps asset-only folders as assets', async () => {
    const root = tree({
      'b.md': '# B',
      'a.md': '---\ntitle: Alpha\n---\ntext',
      'group/README.md': '# Group',
      'group/child.md': 'no heading',
      'empty-group/x/deep.md': '# Deep',
      'img/pic.png': 'png',
      'SUMMARY.md': '* [B](b.md)\n* [Group](group/README.md)\n* [A](a.md)\n',
    });
    const { pages, assets } = await readTree(root);
    expect(pages.map((p) => [p.path, p.title])).toEqual([
      ['b', 'B'],
      ['group', 'Group'],
      ['a', 'Alpha'],
      ['empty-group', 'empty-group'],
      ['empty-group/x', 'x'],
      ['empty-group/x/deep', 'Deep'],
      ['group/child', 'child'],
    ]);
    expect(assets.map((a) => a.file)).toEqual(['img/pic.png']);
  });

  it('takes titles from frontmatter, then the first heading, then the name', () => {
    expect(titleOf('---\ntitle: T\n---\n# H', 'n')).toBe('T');
    expect(titleOf('text\n\n# H', 'n')).toBe('H');
    expect(titleOf('text', 'n')).toBe('n');
  });
});

describe('planPush', () => {
  const remote = (path: string, id: string, parentId: string | null, position: number, markdown: string, title: string): RemotePage => ({
    id, path, parentId, position, markdown, title, slug: path.split('/').pop()!, type: 'document',
  });

  it('is empty when the folder matches, and lists inserts, updates and top-most deletes otherwise', async () => {
    const root = tree({ 'a.md': '# A', 'g/README.md': '# G', 'g/c.md': '# C' });
    const local = await readTree(root);
    const same = [remote('a', 'A', null, 0, '# A', 'A'), remote('g', 'G', null, 1, '# G', 'G'), remote('g/c', 'C', 'G', 0, '# C', 'C')];
    expect(isEmpty(planPush(local, same, new Map()))).toBe(true);

    const changed = [remote('a', 'A', null, 0, '# A old', 'A'), remote('gone', 'X', null, 1, '# X', 'X'), remote('gone/sub', 'Y', 'X', 0, '# Y', 'Y')];
    const plan = planPush(local, changed, new Map());
    expect(plan.summary).toEqual({ inserted: 2, updated: 1, deleted: 1, uploaded: 0 });
    expect(plan.deletes).toEqual([{ operation: 'delete_page', page: 'X' }]);
    // One batch, parents first; the new sub-page names its parent by the parent's path (its ref).
    expect(plan.changes.map((c) => c.operation)).toEqual(['update_page', 'insert_page', 'insert_page']);
    expect(plan.changes[2]).toMatchObject({ operation: 'insert_page', ref: 'g/c', into: 'g' });
  });

  it('uploads assets that are new or changed in size', async () => {
    const root = tree({ 'a.md': '# A', 'img/a.png': 'aaaa', 'img/b.png': 'bb' });
    const plan = planPush(await readTree(root), [], new Map([['img/a.png', { id: 'f1', size: 4 }], ['img/b.png', { id: 'f2', size: 3 }]]));
    expect(plan.uploads.map((u) => u.file)).toEqual(['img/b.png']);
  });
});

describe('links and layout', () => {
  it('rewrites relative links to known files and leaves the rest', () => {
    const ids = new Map([['img/logo.png', 'F1']]);
    expect(rewriteLinks('![l](../img/logo.png) [p](other.md) [w](https://x.y/a.png)', 'guides/page.md', ids)).toBe(
      '![l](/files/F1) [p](other.md) [w](https://x.y/a.png)',
    );
  });

  it('writes pages with sub-pages as folders with a README.md, and a SUMMARY.md in order', () => {
    const pages: RemotePage[] = [
      { id: 'R', path: 'readme', parentId: null, position: 0, slug: 'readme', title: 'Welcome', markdown: '', type: 'document' },
      { id: 'G', path: 'guides', parentId: null, position: 1, slug: 'guides', title: 'Guides', markdown: '', type: 'document' },
      { id: 'I', path: 'guides/install', parentId: 'G', position: 0, slug: 'install', title: 'Install', markdown: '', type: 'document' },
    ];
    expect(pages.map((p) => fileOf(p, pages))).toEqual(['README.md', 'guides/README.md', 'guides/install.md']);
    expect(summaryOf(pages)).toBe('# Summary\n\n* [Welcome](README.md)\n* [Guides](guides/README.md)\n  * [Install](guides/install.md)\n');
  });
});
