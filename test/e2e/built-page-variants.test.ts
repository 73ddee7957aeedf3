import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { runBuilt, runBuiltJson } from '../helpers/built';

/** The platform's page variants as the built `bin/docsctl.cjs` shows them, pushed from a Git Sync folder. */
describe('page variants through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));
  const json = async (argv: string[]) => await runBuiltJson(box, argv);

  it('pushes a group, a document and a link, and lists each as its variant', async () => {
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const space = (await json(['spaces', 'create', '--title', 'Variants'])).id as string;
    const files: Record<string, string> = {
      'README.md': '# Welcome\n',
      'guides/install.md': '# Install\n\nRun it.\n',
      'SUMMARY.md': '# Summary\n\n* [Welcome](README.md)\n\n## Guides\n\n* [Install](guides/install.md)\n* [Status](https://status.acme.example)\n',
    };
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(dirname(join(box.dir, 'docs', name)), { recursive: true });
      writeFileSync(join(box.dir, 'docs', name), text);
    }
    const pushed = await runBuilt(box, ['content', 'push', 'docs', '--space', space, '--merge']);
    expect(pushed.code, pushed.stderr).toBe(0);

    const { pages } = await json(['content', 'tree', '--space', space]);
    const flat = (list: { pages?: unknown[] }[]): Record<string, unknown>[] => list.flatMap((p) => [p as Record<string, unknown>, ...flat((p.pages ?? []) as never)]);
    const byTitle = new Map(flat(pages).map((p) => [p.title, p]));
    expect(byTitle.get('Welcome')).toMatchObject({ kind: 'sheet', type: 'document', tags: [], layout: { width: 'default' }, git: { path: 'README.md', oid: expect.stringMatching(/^[0-9a-f]{40}$/) } });
    expect(byTitle.get('Guides')).toMatchObject({ kind: 'group', type: 'group' });
    expect(byTitle.get('Guides')).not.toHaveProperty('layout');
    expect(byTitle.get('Status')).toMatchObject({ kind: 'link', type: 'link', target: { kind: 'url', url: 'https://status.acme.example' } });
    expect(byTitle.get('Status')).not.toHaveProperty('pages');
    for (const page of byTitle.values()) expect(page).not.toHaveProperty('object');

    // A text listing still walks the tree, the link included.
    const tree = await runBuilt(box, ['content', 'tree', '--space', space]);
    expect(tree.stdout).toContain('Status');
  }, 60_000);
});
