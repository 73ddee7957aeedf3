import { describe, expect, it } from 'vitest';
import { spaceSandbox, tableOf, tsvRows } from './support';

/**
 * Two change requests that conflict on three pages: Guide changed on both sides, Old deleted by the
 * first and changed by the second, Notes changed by the first and deleted by the second. The first is
 * merged; the second (#3) conflicts.
 */
async function conflicting() {
  const { box, space, json, write } = await spaceSandbox();
  await json(['cr', 'create', '--space', space]);
  const [guide, old, notes] = (await write('1', [
    { operation: 'insert_page', title: 'Guide', document: { markdown: '# Guide\n' } },
    { operation: 'insert_page', title: 'Old', document: { markdown: '# Old\n' } },
    { operation: 'insert_page', title: 'Notes', document: { markdown: '# Notes\n' } },
  ])).changes.map((c: { page: string }) => c.page) as string[];
  expect((await box.run(['cr', 'merge', '1', '--space', space])).code).toBe(0);
  await json(['cr', 'create', '--space', space]);
  await json(['cr', 'create', '--space', space]);
  await write('2', [
    { operation: 'update_page', page: guide, document: { markdown: '# Guide\n\nTheirs.\n' } },
    { operation: 'delete_page', page: old },
    { operation: 'update_page', page: notes, document: { markdown: '# Notes\n\nTheirs.\n' } },
  ]);
  await write('3', [
    { operation: 'update_page', page: guide, title: 'Guide (ours)', document: { markdown: '# Guide\n\nOurs.\n' } },
    { operation: 'update_page', page: old, document: { markdown: '# Old\n\nOurs.\n' } },
    { operation: 'delete_page', page: notes },
  ]);
  expect((await box.run(['cr', 'merge', '2', '--space', space])).code).toBe(0);
  return { box, space, guide, old, notes };
}

describe('cr merge with conflicts: the pages by path and title', () => {
  it('piped: ID, PATH, TITLE and which side did what, one page a line; exit 6', async () => {
    const { box, space, guide, old, notes } = await conflicting();
    const merge = await box.run(['cr', 'merge', '3', '--space', space]);
    expect(merge.code).toBe(6);
    // By path (the answer lists them in the order of their ids).
    expect(tsvRows(merge.stdout)).toEqual([
      [guide, 'guide', 'Guide (ours)', 'changed on both sides'],
      [notes, 'notes', 'Notes', 'deleted in change request'],
      [old, 'old', 'Old', 'deleted in space'],
    ]);
    expect(merge.stderr).toContain('error: conflicts on 3 page(s): nothing was changed');
    // update-from-main lists them the same way.
    const update = await box.run(['cr', 'update-from-main', '3', '--space', space]);
    expect(update.code).toBe(6);
    expect(update.stdout).toBe(merge.stdout);
  });

  it('on a terminal: a table with the ids whole', async () => {
    const { box, space, guide, old, notes } = await conflicting();
    const merge = await box.run(['cr', 'merge', '3', '--space', space], { tty: true, columns: 80 });
    expect(merge.code).toBe(6);
    const { header, rows } = tableOf(merge.stdout);
    expect(header.slice(0, 3)).toEqual(['ID', 'PATH', 'TITLE']);
    expect(rows.map((r) => r.slice(0, 3))).toEqual([[guide, 'guide', 'Guide (ours)'], [notes, 'notes', 'Notes'], [old, 'old', 'Old']]);
    // At 80 columns, which side did what is not cut.
    expect(rows.map((r) => r[3])).toEqual(['changed on both sides', 'deleted in change request', 'deleted in space']);
    expect(merge.stdout).toContain('\u001b[31m');
  });

  it('--json: the API answer as the platform gives it (ids only)', async () => {
    const { box, space, guide, old, notes } = await conflicting();
    const merge = await box.run(['cr', 'merge', '3', '--space', space, '--json']);
    expect(merge.code).toBe(6);
    const answer = JSON.parse(merge.stdout);
    expect(answer).toEqual({ revision: expect.any(String), result: 'conflicts', conflicts: expect.any(Array) });
    expect(answer.conflicts).toHaveLength(3);
    expect(answer.conflicts).toEqual(expect.arrayContaining([{ page: guide }, { page: old }, { page: notes }]));
  });

  it('a page moved on one side is found where the change request has it, and where the space has it is said', async () => {
    const { box, space, json, write } = await spaceSandbox();
    await json(['cr', 'create', '--space', space]);
    const [parent, page] = (await write('1', [
      { operation: 'insert_page', title: 'Parent', document: { markdown: '# Parent\n' } },
      { operation: 'insert_page', title: 'Page', document: { markdown: '# Page\n' } },
    ])).changes.map((c: { page: string }) => c.page) as string[];
    expect((await box.run(['cr', 'merge', '1', '--space', space])).code).toBe(0);
    await json(['cr', 'create', '--space', space]);
    await json(['cr', 'create', '--space', space]);
    await write('2', [{ operation: 'update_page', page, into: parent, document: { markdown: '# Page\n\nTheirs.\n' } }]);
    await write('3', [{ operation: 'update_page', page, document: { markdown: '# Page\n\nOurs.\n' } }]);
    expect((await box.run(['cr', 'merge', '2', '--space', space])).code).toBe(0);
    const merge = await box.run(['cr', 'merge', '3', '--space', space]);
    expect(merge.code).toBe(6);
    expect(tsvRows(merge.stdout)).toEqual([[page, 'page', 'Page', 'changed on both sides (in the space at parent/page)']]);
  });
});

describe('conflicts of reusable content', () => {
  it('a reusable content changed on both sides is listed after the pages, by its include path and title', async () => {
    const { box, space, json, write } = await spaceSandbox();
    await json(['cr', 'create', '--space', space]);
    const reusable = (await write('1', [{ operation: 'insert_reusable_content', title: 'Restart', document: { markdown: 'Restart it.\n' }, git: { path: '.gitbook/includes/restart.md' } }])).changes[0].reusableContent as string;
    expect((await box.run(['cr', 'merge', '1', '--space', space])).code).toBe(0);
    await json(['cr', 'create', '--space', space]);
    await json(['cr', 'create', '--space', space]);
    await write('2', [{ operation: 'update_reusable_content', reusableContent: reusable, document: { markdown: 'Theirs.\n' } }]);
    await write('3', [{ operation: 'update_reusable_content', reusableContent: reusable, document: { markdown: 'Ours.\n' } }]);
    expect((await box.run(['cr', 'merge', '2', '--space', space])).code).toBe(0);
    const merge = await box.run(['cr', 'merge', '3', '--space', space]);
    expect(merge.code).toBe(6);
    expect(tsvRows(merge.stdout)).toEqual([[reusable, '.gitbook/includes/restart.md', 'Restart', 'reusable content changed on both sides']]);
  });
});
