import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { memorySource, readTreeFrom, slugOfName } from '../../src/content-tree/local-tree';
import { sandbox } from '../helpers/cli';
import { runBuilt } from '../helpers/built';

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
    const box = sandbox();
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const docs = join(box.dir, 'docs');
    const write = (name: string, content: string) => {
      mkdirSync(dirname(join(docs, name)), { recursive: true });
      writeFileSync(join(docs, name), content);
    };
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
});
