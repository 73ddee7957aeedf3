import { describe, expect, it } from 'vitest';
import { spaceSandbox } from './support';
import { displayWidth } from '../../src/output/display-width';

/** `revisions list/restore`, `content diff/deleted` and `cr diff` through main(argv): on a terminal, piped and --json (issue 30, item 2). */

// eslint-disable-next-line no-control-regex
const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

/**
 * A space with a history: #1 adds Guide (with an image), Intro and Old; #2 edits Guide's markdown and
 * deletes Old; #3 (open) adds a page.
 */
async function setup() {
  const { box, space, json, write } = await spaceSandbox();
  const merge = async (cr: string) => expect((await box.run(['cr', 'merge', cr, '--space', space])).code).toBe(0);
  await json(['cr', 'create', '--space', space, '--subject', 'First pages']);
  const image = Buffer.from('\x89PNG\r\n\x1a\nnot really an image, but bytes');
  const file = (await write('1', [{ operation: 'insert_files', files: [{ name: 'shot.png', base64: image.toString('base64') }] }])).insertedFiles[0].id as string;
  const guideMarkdown = `# Guide\n\nStep one.\nStep two.\n\n![Shot](/files/${file})\n`;
  const pages = (await write('1', [
    { operation: 'insert_page', document: { markdown: '# Intro\n\nHello.\n' } },
    { operation: 'insert_page', document: { markdown: guideMarkdown } },
    { operation: 'insert_page', document: { markdown: '# Old\n\nGone soon.\n' } },
  ])).changes.map((c: { page: string }) => c.page) as string[];
  const [intro, guide, old] = pages;
  await merge('1');
  const first = (await json(['spaces', 'get', space])).revision as string;
  await json(['cr', 'create', '--space', space, '--subject', 'Second step, and drop Old']);
  await write('2', [
    { operation: 'update_page', page: guide, document: { markdown: `# Guide\n\nStep one.\nStep 2.\n\n![Shot](/files/${file})\n` } },
    { operation: 'delete_page', page: old },
  ]);
  await merge('2');
  const second = (await json(['spaces', 'get', space])).revision as string;
  await json(['cr', 'create', '--space', space, '--subject', 'Add FAQ']);
  await write('3', [{ operation: 'insert_page', document: { markdown: '# FAQ\n' } }]);
  return { box, space, json, write, merge, intro, guide, old, file, image, first, second, guideMarkdown };
}

describe('revisions list', () => {
  it('on a terminal: a table of when, who, the change request and page counts, fitting 80 columns', async () => {
    const { box, space, first, second } = await setup();
    const tty = await box.run(['revisions', 'list', '--space', space], { tty: true, columns: 80 });
    expect(tty.code, tty.stderr).toBe(0);
    const lines = plain(tty.stdout).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^REVISION\s+WHEN\s+BY\s+CHANGE\s+PAGES$/);
    expect(lines[1]).toMatch(new RegExp(`^${second}\\s+just now\\s+Admin\\s+#2 Second step, and drop Old\\s+\\+0 ~1 -1$`));
    expect(lines[2]).toMatch(new RegExp(`^${first}\\s+just now\\s+Admin\\s+#1 First pages\\s+\\+3 ~0 -0$`));
    expect(lines[3]).toMatch(/^\S+\s+just now\s+\(first revision\)\s+\+0 ~0 -0$/);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(80);
    // Hours later, the subject gives way, not who made the change.
    const later = await box.run(['revisions', 'list', '--space', space], { tty: true, columns: 80, now: new Date(Date.now() + 3 * 3_600_000) });
    const laterLines = plain(later.stdout).trimEnd().split('\n');
    expect(laterLines[0]).toMatch(/^REVISION\s+WHEN\s+BY\s+CHANGE\s+PAGES$/);
    expect(laterLines[1]).toMatch(/^\S+\s+3 hours ago\s+Admin\s+#2 Second step, .*\+0 ~1 -1$/);
    for (const line of laterLines) expect(displayWidth(line)).toBeLessThanOrEqual(80);
  });

  it('piped: tab-separated, ISO times and e-mails; --json: the list envelope; paging', async () => {
    const { box, space, json, second } = await setup();
    const piped = await box.run(['revisions', 'list', '--space', space]);
    expect(piped.code).toBe(0);
    const rows = piped.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows[0]).toEqual([second, expect.stringMatching(/^\d{4}-\d\d-\d\dT/), 'admin@example.com', '#2 Second step, and drop Old', '+0 ~1 -1']);
    expect(rows).toHaveLength(3);
    const list = await json(['revisions', 'list', '--space', space, '--limit', '1']);
    expect(list).toMatchObject({ count: 3, next: { page: expect.any(String) }, items: [{ object: 'revision-summary', id: second, changeRequest: { number: 2 } }] });
    const next = await json(['revisions', 'list', '--space', space, '--limit', '1', '--page', list.next.page]);
    expect(next.items[0].changeRequest.number).toBe(1);
    expect((await box.run(['revisions', 'list', '--space', 'nope'])).code).toBe(5);
    expect((await box.run(['revisions', 'list'])).code).toBe(2);
  });
});

describe('content diff', () => {
  it('on a terminal: what the last merge changed, then the unified diff of each changed page, coloured', async () => {
    const { box, space, first, second } = await setup();
    const tty = await box.run(['content', 'diff', '--space', space], { tty: true });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stderr).toContain(`Revision ${first} → ${second}`);
    expect(plain(tty.stdout)).toBe([
      'removed  old    Old',
      'changed  guide  Guide  +1 -1',
      '',
      '--- a/guide',
      '+++ b/guide',
      '@@ -1,6 +1,6 @@',
      ' # Guide',
      ' ',
      ' Step one.',
      '-Step two.',
      '+Step 2.',
      ' ',
      ` ![Shot](/files/${(tty.stdout.match(/files\/(\S+)\)/) ?? [])[1]})`,
      '',
    ].join('\n'));
  });

  it('piped: the same text without colour; --json: the comparison as data; --from and --to', async () => {
    const { box, space, json, first, second } = await setup();
    const piped = await box.run(['content', 'diff', '--space', space]);
    expect(piped.code).toBe(0);
    expect(piped.stdout).not.toMatch(/\u001b/);
    expect(piped.stdout).toMatch(/^removed {2}old {4}Old\nchanged {2}guide {2}Guide {2}\+1 -1\n\n--- a\/guide\n/);
    const data = await json(['content', 'diff', '--space', space, '--from', first, '--to', second]);
    expect(data).toMatchObject({ object: 'content-diff', from: first, to: second, pages: { removed: [{ title: 'Old' }], changed: [{ title: 'Guide', lines: { added: 1, removed: 1 } }] } });
    const all = await json(['content', 'diff', '--space', space, '--to', second, '--from', (await json(['revisions', 'list', '--space', space])).items[2].id]);
    expect(all.pages.added.map((p: { title: string }) => p.title)).toEqual(['Intro', 'Guide']);
    const same = await box.run(['content', 'diff', '--space', space, '--from', second]);
    expect(same.code).toBe(0);
    expect(same.stdout).toBe('');
    expect(same.stderr).toContain('No differences.');
    expect((await box.run(['content', 'diff', '--space', space, '--to', 'nope'])).code).toBe(5);
    const badFrom = await box.run(['content', 'diff', '--space', space, '--from', 'nope']);
    expect(badFrom.code).toBe(1);
    expect(badFrom.stderr).toContain('from: no revision nope in space');
  });
});

describe('cr diff', () => {
  it('shows what an open change request changes, and what a merged one brought, on a terminal, piped and as JSON', async () => {
    const { box, space, json } = await setup();
    const tty = await box.run(['cr', 'diff', '3', '--space', space], { tty: true });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stderr).toContain('Change request #3 "Add FAQ" (open: since its base)');
    expect(plain(tty.stdout)).toBe('added  faq  FAQ\n');
    const piped = await box.run(['change-requests', 'diff', '2', '--space', space]);
    expect(piped.stdout).toMatch(/^removed {2}old {4}Old\nchanged {2}guide {2}Guide {2}\+1 -1\n/);
    expect(piped.stderr).toContain('(merged: what its merge changed)');
    const data = await json(['cr', 'diff', '2', '--space', space]);
    expect(data).toMatchObject({ object: 'content-diff', changeRequest: { number: 2, status: 'merged' }, pages: { removed: [{ title: 'Old' }] } });
    expect((await box.run(['cr', 'diff', '9', '--space', space])).code).toBe(5);
  });
});

describe('content deleted', () => {
  it('lists pages removed lately with who and the revision to restore from: table, TSV, JSON', async () => {
    const { box, space, json, old, first, second } = await setup();
    const tty = await box.run(['content', 'deleted', '--space', space], { tty: true, columns: 120 });
    expect(tty.code, tty.stderr).toBe(0);
    const lines = plain(tty.stdout).trimEnd().split('\n');
    expect(lines[0]).toMatch(/^PAGE\s+TITLE\s+PATH\s+DELETED\s+BY\s+CHANGE\s+RESTORE FROM$/);
    expect(lines[1]).toMatch(new RegExp(`^${old}\\s+Old\\s+old\\s+just now\\s+Admin\\s+#2 Second step, and drop Old\\s+${first}$`));
    const piped = await box.run(['content', 'deleted', '--space', space]);
    expect(piped.stdout.trimEnd().split('\t')).toEqual([old, 'Old', 'old', expect.stringMatching(/^\d{4}-/), 'admin@example.com', '#2 Second step, and drop Old', first]);
    const data = await json(['content', 'deleted', '--space', space, '--days', '30']);
    expect(data).toMatchObject({ count: 1, items: [{ object: 'deleted-page', page: { id: old, title: 'Old' }, revision: second, lastRevision: first }] });
    const bad = await box.run(['content', 'deleted', '--space', space, '--days', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--days: must be a whole number from 1 to 365');
  });
});

describe('content page --revision', () => {
  it('prints a deleted page\'s markdown as it was, or its document with --json', async () => {
    const { box, space, json, old, first } = await setup();
    const page = await box.run(['content', 'page', old, '--space', space, '--revision', first]);
    expect(page.code, page.stderr).toBe(0);
    expect(page.stdout).toBe('# Old\n\nGone soon.\n');
    expect(await json(['content', 'page', old, '--space', space, '--revision', first])).toMatchObject({ id: old, document: { object: 'document' } });
    expect((await box.run(['content', 'page', old, '--space', space])).code).toBe(5);
    expect((await box.run(['content', 'page', 'old', '--path', '--space', space, '--revision', first])).code).toBe(2);
  });
});

describe('revisions restore', () => {
  it('opens a change request bringing a deleted page back, and merges it with --merge: the page and its file come back exactly', async () => {
    const { box, space, json, old, guide, file, image, first, second, write, guideMarkdown } = await setup();
    // A third merge deletes Guide and its image.
    await json(['cr', 'create', '--space', space, '--subject', 'Drop Guide']);
    await write('4', [{ operation: 'delete_page', page: guide }, { operation: 'delete_files', files: [file] }]);
    expect((await box.run(['cr', 'merge', '4', '--space', space])).code).toBe(0);

    const opened = await box.run(['revisions', 'restore', first, '--space', space, '--page', old], { tty: true });
    expect(opened.code, opened.stderr).toBe(0);
    expect(opened.stderr).toContain(`Opened change request #5 "Restore "Old" from revision ${first}" (pages +1 ~0 -0); merge it with: docsctl cr merge 5 --space ${space}`);
    expect(plain(opened.stdout)).toMatch(/NUMBER\s+5/);

    const merged = await box.run(['revisions', 'restore', second, '--space', space, '--page', guide, '--merge', '--subject', 'Bring Guide back']);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stderr).toMatch(/^Merged change request #6 "Bring Guide back" \(pages \+1 ~0 -0, 1 file\(s\) back\): the space is at revision \S+\.$/m);
    expect(merged.stdout.split('\t').slice(0, 4)).toEqual(['6', expect.any(String), 'merged', 'Bring Guide back']);
    const page = await box.run(['content', 'page', guide, '--space', space]);
    expect(page.stdout).toBe(guideMarkdown.replace('Step two.', 'Step 2.'));
    const downloaded = await box.run(['content', 'download', file, '--space', space, '-o', 'shot.png']);
    expect(downloaded.code, downloaded.stderr).toBe(0);
    expect(Buffer.compare((await import('node:fs')).readFileSync(`${box.dir}/shot.png`), image)).toBe(0);

    const asJson = await json(['revisions', 'restore', first, '--space', space]);
    expect(asJson).toMatchObject({ object: 'revision-restore', revision: first, changeRequest: { number: 7, status: 'open' } });
  });

  it('exits 6 when there is nothing to restore, 5 for an unknown revision, 1 for a page the revision lacks', async () => {
    const { box, space, json, second, intro } = await setup();
    const before = (await json(['cr', 'list', '--space', space, '--status', 'open'])).count;
    const same = await box.run(['revisions', 'restore', second, '--space', space, '--page', intro]);
    expect(same.code).toBe(6);
    expect(same.stderr).toContain('nothing to restore');
    expect((await box.run(['revisions', 'restore', 'nope', '--space', space])).code).toBe(5);
    const missing = await box.run(['revisions', 'restore', second, '--space', space, '--page', 'nope']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`page: no page nope in revision ${second}`);
    expect((await json(['cr', 'list', '--space', space, '--status', 'open'])).count).toBe(before);
    expect((await box.run(['revisions', 'restore', second])).code).toBe(2);
  });
});
