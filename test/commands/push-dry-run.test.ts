import { describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';

const GIF = Buffer.from('GIF89a\x04\x00\x02\x00;', 'latin1');
const GIF2 = Buffer.from('GIF89a\x08\x00\x02\x00;;', 'latin1');

function folder(root: string, files: Record<string, string | Buffer>) {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), content);
  }
}

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** A space pushed from a folder, then the folder changed: a page added, one changed, one moved, a subtree deleted, files added, changed, deleted. */
async function changedFolder() {
  const box = sandbox();
  expect((await box.run(['init'])).code).toBe(0);
  const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Docs', '--json'])).stdout).id as string;
  const docs = join(box.dir, 'docs');
  folder(docs, {
    'README.md': '# Welcome\n',
    'guides/README.md': '# Guides\n',
    'guides/install.md': '# Install\n',
    'guides/upgrade.md': '# Upgrade\n',
    'legacy/README.md': '# Legacy\n',
    'legacy/notes.md': '# Notes\n',
    '.gitbook/assets/a.gif': GIF,
    '.gitbook/assets/b.gif': GIF,
    'SUMMARY.md': '# Summary\n\n* [Welcome](README.md)\n* [Guides](guides/README.md)\n  * [Install](guides/install.md)\n  * [Upgrade](guides/upgrade.md)\n* [Legacy](legacy/README.md)\n  * [Notes](legacy/notes.md)\n',
  });
  const pushed = await box.run(['content', 'push', 'docs', '--space', space, '--merge']);
  expect(pushed.code, pushed.stderr).toBe(0);
  rmSync(join(docs, 'legacy'), { recursive: true });
  rmSync(join(docs, '.gitbook/assets/b.gif'));
  folder(docs, {
    'guides/upgrade.md': '# Upgrade to v2\n',
    'guides/zeta.md': '# Zeta\n',
    '.gitbook/assets/a.gif': GIF2,
    '.gitbook/assets/c.gif': GIF,
    'SUMMARY.md': '# Summary\n\n* [Welcome](README.md)\n* [Guides](guides/README.md)\n  * [Upgrade](guides/upgrade.md)\n  * [Zeta](guides/zeta.md)\n* [Install](guides/install.md)\n',
  });
  const tree = JSON.parse((await box.run(['content', 'tree', '--space', space, '--json'])).stdout) as { pages: { id: string; path: string; pages?: { id: string; path: string }[] }[] };
  const ids = new Map<string, string>();
  const walk = (pages: { id: string; path: string; pages?: unknown[] }[]) => pages.forEach((p) => (ids.set(p.path, p.id), walk((p.pages ?? []) as never)));
  walk(tree.pages);
  return { box, space, ids };
}

const EXPECTED_LINES = [
  ['added', 'guides/zeta', 'Zeta'],
  ['changed', 'guides/upgrade', 'Upgrade to v2', 'content, title "Upgrade" → "Upgrade to v2", position 2 → 1'],
  ['moved', 'guides/install → install', 'Install'],
  ['deleted', 'legacy', 'Legacy'],
  ['deleted', 'legacy/notes', 'Notes', 'with legacy'],
  ['file changed', '.gitbook/assets/a.gif', `${GIF2.length} bytes`],
  ['file added', '.gitbook/assets/c.gif', `${GIF.length} bytes`],
  ['file deleted', '.gitbook/assets/b.gif'],
];

describe('content push --dry-run: what would change, page by page and file by file', () => {
  it('piped: one line per page and file, then the counts; nothing changes', async () => {
    const { box, space } = await changedFolder();
    const dry = await box.run(['content', 'push', 'docs', '--space', space, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).not.toMatch(/\u001b\[/);
    expect(dry.stdout.trimEnd().split('\n').map((line) => line.split(/ {2,}/))).toEqual(EXPECTED_LINES);
    // The columns line up: each line's title starts at the same column.
    const lines = dry.stdout.trimEnd().split('\n');
    expect(new Set(lines.slice(0, 5).map((line, i) => line.indexOf(EXPECTED_LINES[i][2])))).toHaveProperty('size', 1);
    expect(dry.stderr).toContain('Would insert 1, update 2, delete 1 page(s), upload 2 and delete 2 file(s).');
    // Nothing was opened.
    expect(JSON.parse((await box.run(['cr', 'list', '--space', space, '--status', 'open', '--json'])).stdout).count).toBe(0);
  });

  it('on a terminal: the same lines, the kind of change coloured', async () => {
    const { box, space } = await changedFolder();
    const piped = await box.run(['content', 'push', 'docs', '--space', space, '--dry-run']);
    const tty = await box.run(['content', 'push', 'docs', '--space', space, '--dry-run'], { tty: true });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stdout).toContain('\u001b[32madded');
    expect(tty.stdout).toContain('\u001b[31mdeleted');
    expect(plain(tty.stdout)).toBe(piped.stdout);
    expect(tty.stderr).toContain('Would insert 1, update 2, delete 1 page(s)');
    const noColor = await box.run(['content', 'push', 'docs', '--space', space, '--dry-run'], { tty: true, env: { NO_COLOR: '1' } });
    expect(noColor.stdout).toBe(piped.stdout);
  });

  it('--json: the counts with pages, files and includes as data', async () => {
    const { box, space, ids } = await changedFolder();
    const dry = await box.run(['content', 'push', 'docs', '--space', space, '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    const answer = JSON.parse(dry.stdout);
    expect(answer).toMatchObject({ inserted: 1, updated: 2, deleted: 1, uploaded: 2, deletedFiles: 2, reusableContents: 0, merged: false, dryRun: true, includes: [] });
    expect(answer.pages).toEqual([
      { change: 'changed', id: ids.get('guides/upgrade'), path: 'guides/upgrade', title: 'Upgrade to v2', type: 'document', position: { from: 1, to: 0 }, titleBefore: 'Upgrade', content: true },
      { change: 'added', path: 'guides/zeta', title: 'Zeta', type: 'document' },
      { change: 'moved', id: ids.get('guides/install'), path: 'install', title: 'Install', type: 'document', from: 'guides/install' },
      { change: 'deleted', id: ids.get('legacy'), path: 'legacy', title: 'Legacy', type: 'document' },
      { change: 'deleted', id: ids.get('legacy/notes'), path: 'legacy/notes', title: 'Notes', type: 'document', deletedWith: 'legacy' },
    ]);
    expect(answer.files).toEqual([
      { change: 'changed', path: '.gitbook/assets/a.gif', id: expect.any(String), size: GIF2.length },
      { change: 'added', path: '.gitbook/assets/c.gif', size: GIF.length },
      { change: 'deleted', path: '.gitbook/assets/b.gif', id: expect.any(String) },
    ]);
    expect(dry.stderr).not.toContain('Would insert');
  });

  it('lists included files (reusable content) and says so when nothing would change', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Docs', '--json'])).stdout).id as string;
    folder(join(box.dir, 'docs'), {
      'README.md': '# Welcome\n\n{% include ".gitbook/includes/restart.md" %}\n',
      '.gitbook/includes/restart.md': '# Restart\n\nRestart the service.\n',
    });
    const dry = await box.run(['content', 'push', 'docs', '--space', space, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.trimEnd().split('\n').map((line) => line.split(/ {2,}/))).toEqual([
      ['added', 'readme', 'Welcome'],
      ['include added', '.gitbook/includes/restart.md', 'Restart'],
    ]);
    expect((await box.run(['content', 'push', 'docs', '--space', space, '--merge'])).code).toBe(0);
    const same = await box.run(['content', 'push', 'docs', '--space', space, '--dry-run', '--json']);
    expect(JSON.parse(same.stdout)).toMatchObject({ inserted: 0, updated: 0, deleted: 0, dryRun: true, pages: [], files: [], includes: [] });
    const sameText = await box.run(['content', 'push', 'docs', '--space', space, '--dry-run']);
    expect(sameText.stdout).toBe('');
    expect(sameText.stderr).toContain('Nothing to push');
  });
});
