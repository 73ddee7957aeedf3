import { afterAll, describe, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { hasTerminal, runBuilt, runBuiltJson } from '../helpers/built';
import { displayWidth } from '../../src/output/display-width';

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '').replace(/\r/g, '');

/** Revision history and undo (issue 30, item 2) through the built entry, as a child process, on the sample organization. */
describe('revisions through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));

  it('lists the history at 80 columns, shows and restores a page a merge deleted', async () => {
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
    const space = ((await runBuiltJson(box, ['spaces', 'list'])).items as { id: string; title: string }[]).find((s) => s.title === 'REST API')!.id;
    const pages = (await runBuiltJson(box, ['content', 'tree', '--space', space])).pages as { id: string; title: string }[];
    const errors = pages.find((p) => p.title === 'Errors')!.id;
    const markdown = (await runBuilt(box, ['content', 'page', errors, '--space', space])).stdout;
    const before = (await runBuiltJson(box, ['spaces', 'get', space])).revision as string;

    const cr = (await runBuiltJson(box, ['cr', 'create', '--space', space, '--subject', 'Drop the errors page'])).number as number;
    writeFileSync(join(box.dir, 'drop.json'), JSON.stringify({ changes: [{ operation: 'delete_page', page: errors }] }));
    expect((await runBuilt(box, ['api', '-X', 'POST', `/v1/spaces/${space}/change-requests/${cr}/content`, '--input', 'drop.json'])).code).toBe(0);
    expect((await runBuilt(box, ['cr', 'merge', String(cr), '--space', space])).code).toBe(0);

    const piped = await runBuilt(box, ['revisions', 'list', '--space', space]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.split('\n')[0].split('\t').slice(2)).toEqual(['admin@example.com', `#${cr} Drop the errors page`, '+0 ~0 -1']);
    if (await hasTerminal()) {
      const tty = await runBuilt(box, ['revisions', 'list', '--space', space], { tty: true, columns: 80 });
      expect(tty.code).toBe(0);
      const lines = plain(tty.stdout).trimEnd().split('\n');
      expect(lines[0]).toMatch(/^REVISION\s+WHEN\s+BY\s+CHANGE\s+PAGES$/);
      expect(lines[1]).toMatch(new RegExp(`just now\\s+Admin\\s+#${cr} Drop the errors page\\s+\\+0 ~0 -1$`));
      for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    }

    const deleted = await runBuiltJson(box, ['content', 'deleted', '--space', space]);
    expect(deleted.items).toEqual([expect.objectContaining({ page: expect.objectContaining({ id: errors }), lastRevision: before, changeRequest: expect.objectContaining({ number: cr }) })]);
    const diff = await runBuiltJson(box, ['content', 'diff', '--space', space]);
    expect(diff.pages.removed).toEqual([expect.objectContaining({ id: errors, title: 'Errors' })]);

    const restored = await runBuilt(box, ['revisions', 'restore', before, '--space', space, '--page', errors, '--merge']);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stderr).toContain('Merged change request');
    expect((await runBuilt(box, ['content', 'page', errors, '--space', space])).stdout).toBe(markdown);
    const nothing = await runBuilt(box, ['revisions', 'restore', before, '--space', space, '--page', errors]);
    expect(nothing.code).toBe(6);
  });
});
