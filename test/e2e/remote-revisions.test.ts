import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedSandbox } from '../helpers/serve';
import { png } from '../fixtures/import/server';

/**
 * The support path through a real `docsctl serve` (issue 30, item 2): a page and its image deleted by a
 * merged change request are found (`content deleted`), looked at (`content diff`, `cr diff`, `revisions
 * list`) and restored (`revisions restore --page --merge`), coming back byte for byte.
 */
describe('revision history and undo in remote mode through serve', () => {
  const { box, remote } = servedSandbox();
  const json = async (argv: string[]) => {
    const result = await remote([...argv, '--json']);
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout);
  };

  it('finds who deleted a page, shows what changed, and restores the page with its image exactly', async () => {
    const space = (await json(['spaces', 'create', '--title', 'Handbook'])).id as string;
    const docs = join(box.dir, 'docs');
    mkdirSync(join(docs, 'img'), { recursive: true });
    const image = Buffer.concat([png(320, 200), Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7) % 251))]);
    writeFileSync(join(docs, 'img/flow.png'), image);
    writeFileSync(join(docs, 'README.md'), '# Handbook\n\nWelcome.\n');
    writeFileSync(join(docs, 'flow.md'), '# Flow\n\nHow work flows:\n\n![Flow](img/flow.png)\n');
    // content push uploads the image through the upload route, then merges.
    const pushed = await json(['content', 'push', 'docs', '--space', space, '--merge']);
    expect(pushed).toMatchObject({ uploaded: 1, merged: true });
    const pages = (await json(['content', 'tree', '--space', space])).pages as { id: string; title: string }[];
    const flow = pages.find((p) => p.title === 'Flow')!.id;
    const markdown = (await remote(['content', 'page', flow, '--space', space])).stdout;
    const file = (await json(['content', 'files', '--space', space])).items[0].id as string;
    expect(markdown).toContain(`/files/${file}`);
    const before = (await json(['spaces', 'get', space])).revision as string;

    // A change request deletes the page and its image, and is merged.
    const cr = await json(['cr', 'create', '--space', space, '--subject', 'Remove the flow page']);
    const body = JSON.stringify({ changes: [{ operation: 'delete_page', page: flow }, { operation: 'delete_files', files: [file] }] });
    writeFileSync(join(box.dir, 'drop.json'), body);
    expect((await remote(['api', '-X', 'POST', `/v1/spaces/${space}/change-requests/${cr.number}/content`, '--input', 'drop.json'])).code).toBe(0);
    expect((await remote(['cr', 'merge', String(cr.number), '--space', space])).code).toBe(0);

    const history = await remote(['revisions', 'list', '--space', space], true);
    expect(history.code, history.stderr).toBe(0);
    expect(history.stdout).toMatch(/#2 Remove the flow page\s+\+0 ~0 -1/);
    const deleted = await json(['content', 'deleted', '--space', space]);
    expect(deleted.items).toEqual([expect.objectContaining({ page: expect.objectContaining({ id: flow, title: 'Flow' }), lastRevision: before, deletedBy: expect.objectContaining({ email: 'admin@example.com' }) })]);
    const diff = await remote(['content', 'diff', '--space', space]);
    expect(diff.stdout).toMatch(/^removed\s+flow\s+Flow\nfile removed\s+img\/flow\.png/);
    const crDiff = await json(['cr', 'diff', String(cr.number), '--space', space]);
    expect(crDiff.files.removed[0]).toMatchObject({ id: file, size: image.length });

    const restored = await remote(['revisions', 'restore', before, '--space', space, '--page', flow, '--merge']);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toMatch(/Merged change request #3 "Restore "Flow" from revision \S+" \(pages \+1 ~0 -0, 1 file\(s\) back\)/);
    expect((await remote(['content', 'page', flow, '--space', space])).stdout).toBe(markdown);
    expect((await remote(['content', 'download', file, '--space', space, '-o', 'back.png'])).code).toBe(0);
    expect(readFileSync(join(box.dir, 'back.png')).equals(image)).toBe(true);
    expect((await json(['content', 'deleted', '--space', space])).count).toBe(0);
  });
});
