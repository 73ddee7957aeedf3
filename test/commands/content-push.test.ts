import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';

const GIF = Buffer.from('GIF89a\x04\x00\x02\x00;', 'latin1');

function folder(root: string, files: Record<string, string | Buffer>) {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(root, name, '..'), { recursive: true });
    writeFileSync(join(root, name), content);
  }
}

async function setup() {
  const box = sandbox();
  expect((await box.run(['init'])).code).toBe(0);
  const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Docs', '--json'])).stdout).id as string;
  folder(join(box.dir, 'docs'), {
    'README.md': '# Welcome\n\nStart with the [install guide](guides/install.md).\n\n![logo](images/logo.gif)\n',
    'guides/README.md': '# Guides\n',
    'guides/install.md': '---\ntitle: Install docsctl\n---\nRun `npm install`.\n',
    'guides/upgrade.md': '# Upgrade\n',
    'images/logo.gif': GIF,
    'SUMMARY.md': '# Summary\n\n* [Welcome](README.md)\n* [Guides](guides/README.md)\n  * [Upgrade](guides/upgrade.md)\n  * [Install](guides/install.md)\n',
  });
  const tree = async () => (await box.run(['content', 'tree', '--space', space])).stdout.trim().split('\n').filter(Boolean).map((l) => l.split('\t').slice(1).join(' '));
  const crCount = async () => JSON.parse((await box.run(['cr', 'list', '--space', space, '--status', 'merged', '--json'])).stdout).count as number;
  return { box, space, tree, crCount };
}

describe('content push', () => {
  it('dry-runs, then pushes a folder as one change request and merges it', async () => {
    const { box, space, tree, crCount } = await setup();
    const dry = await box.run(['content', 'push', 'docs', '--space', space, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('Would insert 4, update 0, delete 0 page(s), upload 1 and delete 0 file(s).');
    expect(await tree()).toEqual([]);

    const pushed = await box.run(['content', 'push', 'docs', '--space', space, '--merge', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(JSON.parse(pushed.stdout)).toEqual({ inserted: 4, updated: 0, deleted: 0, uploaded: 1, deletedFiles: 0, reusableContents: 0, skipped: [], changeRequest: 1, merged: true });
    // SUMMARY.md orders Upgrade before Install; frontmatter gives Install its title.
    expect(await tree()).toEqual(['readme Welcome', 'guides Guides', 'guides/upgrade Upgrade', 'guides/install Install docsctl']);
    const readme = await box.run(['content', 'page', 'readme', '--path', '--space', space]);
    expect(readme.stdout).toMatch(/!\[logo\]\(\/files\/\S+\)/);
    expect(readme.stdout).toContain('[install guide](guides/install.md)');

    const again = await box.run(['content', 'push', 'docs', '--space', space, '--merge']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('Nothing to push');
    expect(await crCount()).toBe(1);
  });

  it('sends only the difference: changed pages updated, removed ones deleted', async () => {
    const { box, space, tree } = await setup();
    expect((await box.run(['content', 'push', 'docs', '--space', space, '--merge'])).code).toBe(0);
    writeFileSync(join(box.dir, 'docs/guides/upgrade.md'), '# Upgrade to v2\n');
    rmSync(join(box.dir, 'docs/guides/install.md'));
    // Its entry gone too: an entry whose file is missing is an empty page (issue 57).
    writeFileSync(join(box.dir, 'docs/SUMMARY.md'), '# Summary\n\n* [Welcome](README.md)\n* [Guides](guides/README.md)\n  * [Upgrade](guides/upgrade.md)\n');
    const pushed = await box.run(['content', 'push', 'docs', '--space', space, '--merge', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(JSON.parse(pushed.stdout)).toMatchObject({ inserted: 0, updated: 1, deleted: 1, uploaded: 0, merged: true });
    expect(await tree()).toEqual(['readme Welcome', 'guides Guides', 'guides/upgrade Upgrade to v2']);
  });

  it('exits 6 and lists the pages when the change request conflicts with the space', async () => {
    const { box, space } = await setup();
    expect((await box.run(['content', 'push', 'docs', '--space', space, '--merge'])).code).toBe(0);
    // Someone edits Upgrade in the space through another change request while the push is being prepared.
    const pageId = JSON.parse((await box.run(['content', 'page', 'guides/upgrade', '--path', '--space', space, '--json'])).stdout).id;
    const other = JSON.parse((await box.run(['cr', 'create', '--space', space, '--json'])).stdout);
    writeFileSync(join(box.dir, 'docs/guides/upgrade.md'), '# Upgrade, ours\n');
    const ours = await box.run(['content', 'push', 'docs', '--space', space]);
    expect(ours.code, ours.stderr).toBe(0);
    const body = JSON.stringify({ changes: [{ operation: 'update_page', page: pageId, document: { markdown: '# Upgrade, theirs\n' } }] });
    expect((await box.run(['api', '-X', 'POST', `/v1/spaces/${space}/change-requests/${other.id}/content`, '--input', '-'], { stdin: body })).code).toBe(0);
    expect((await box.run(['cr', 'merge', String(other.number), '--space', space])).code).toBe(0);
    const merge = await box.run(['cr', 'merge', '3', '--space', space]);
    expect(merge.code).toBe(6);
    expect(merge.stdout.split('\t').slice(0, 3)).toEqual([pageId, 'guides/upgrade', 'Upgrade, ours']);
  });

  it('pulls the same layout back, so pull then push is a no-op', async () => {
    const { box, space } = await setup();
    expect((await box.run(['content', 'push', 'docs', '--space', space, '--merge'])).code).toBe(0);
    const pulled = await box.run(['content', 'pull', 'out', '--space', space, '--json']);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(JSON.parse(pulled.stdout)).toEqual({ pages: 4, files: 1 });
    for (const file of ['README.md', 'guides/README.md', 'guides/install.md', 'guides/upgrade.md', 'SUMMARY.md']) {
      expect(existsSync(join(box.dir, 'out', file)), file).toBe(true);
    }
    // Files go back where the folder kept them, and the links to them follow.
    expect(readFileSync(join(box.dir, 'out/images/logo.gif')).equals(GIF)).toBe(true);
    expect(readFileSync(join(box.dir, 'out/README.md'), 'utf8')).toContain('![logo](images/logo.gif)');
    expect(readFileSync(join(box.dir, 'out/guides/install.md'), 'utf8')).toBe('---\ntitle: Install docsctl\n---\nRun `npm install`.\n');
    const push = await box.run(['content', 'push', 'out', '--space', space]);
    expect(push.code).toBe(0);
    expect(push.stderr).toContain('Nothing to push');
  });

  it('reports a missing folder as an error', async () => {
    const { box, space } = await setup();
    const result = await box.run(['content', 'push', 'nowhere', '--space', space]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('nowhere: cannot read the folder');
  });
});

describe('content push: group folders', () => {
  it('turns a folder without README.md into a group page, and pull keeps it one', async () => {
    const { box, space } = await setup();
    // Without a SUMMARY.md, the folders make the tree.
    rmSync(join(box.dir, 'docs/SUMMARY.md'));
    folder(join(box.dir, 'docs'), { 'reference/api.md': '# API\n' });
    expect((await box.run(['content', 'push', 'docs', '--space', space, '--merge'])).code).toBe(0);
    const tree = JSON.parse((await box.run(['content', 'tree', '--space', space, '--json'])).stdout).pages;
    expect(tree.find((p: { path: string }) => p.path === 'reference')).toMatchObject({ type: 'group', title: 'reference' });
    expect((await box.run(['content', 'pull', 'out', '--space', space])).code).toBe(0);
    expect(existsSync(join(box.dir, 'out/reference/README.md'))).toBe(false);
    expect(existsSync(join(box.dir, 'out/reference/api.md'))).toBe(true);
    expect(readFileSync(join(box.dir, 'out/SUMMARY.md'), 'utf8')).toContain('## reference\n\n* [API](reference/api.md)\n');
    expect((await box.run(['content', 'push', 'out', '--space', space])).stderr).toContain('Nothing to push');
  });

  it('with a SUMMARY.md, leaves out the markdown files it does not list and says so', async () => {
    const { box, space } = await setup();
    folder(join(box.dir, 'docs'), { 'notes/draft.md': '# Draft\n', 'notes/spec.pdf': 'pdf' });
    const pushed = await box.run(['content', 'push', 'docs', '--space', space, '--merge', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(JSON.parse(pushed.stdout)).toMatchObject({ inserted: 4, skipped: [
      'notes/draft.md: not listed in SUMMARY.md, so not a page',
      'notes/spec.pdf: no page links to it and it is not in .gitbook/assets/, so not uploaded',
    ] });
    expect(pushed.stderr).toContain('Skipped notes/draft.md: not listed in SUMMARY.md, so not a page');
  });
});
