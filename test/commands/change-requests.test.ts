import { describe, expect, it } from 'vitest';
import { spaceSandbox } from './support';

/** A database with a space, and a helper to write pages into a change request through `docsctl api`. */
const setup = spaceSandbox;

describe('change-requests (cr)', () => {
  it('creates, lists (open by default), gets by number and updates', async () => {
    const { box, space, json } = await setup();
    const created = await json(['cr', 'create', '--space', space, '--subject', 'Add a guide']);
    expect(created).toMatchObject({ number: 1, status: 'open', subject: 'Add a guide' });
    await json(['change-requests', 'create', '--space', space]);

    const piped = await box.run(['cr', 'list', '--space', space]);
    expect(piped.stdout.trim().split('\n').map((l) => l.split('\t')[0])).toEqual(['2', '1']);
    const tty = await box.run(['cr', 'list', '--space', space], { tty: true });
    expect(tty.stdout).toMatch(/NUMBER.*STATUS.*SUBJECT/);
    expect((await json(['cr', 'get', '1', '--space', space])).id).toBe(created.id);

    await json(['cr', 'update', '2', '--space', space, '--status', 'archived']);
    expect((await json(['cr', 'list', '--space', space])).items.map((c: { number: number }) => c.number)).toEqual([1]);
    expect((await json(['cr', 'list', '--space', space, '--status', 'archived'])).items[0].number).toBe(2);
    expect((await box.run(['cr', 'update', '1', '--space', space])).code).toBe(2);
    expect((await box.run(['cr', 'list', '--space', space, '--status', 'bogus'])).code).toBe(2);
    const long = await box.run(['cr', 'update', '1', '--space', space, '--subject', 'x'.repeat(101)]);
    expect(long.code).toBe(1);
    expect(long.stderr).toContain('subject: must be at most 100 characters');
    expect((await box.run(['cr', 'get', '99', '--space', space])).code).toBe(5);
  });

  it('merges, and exits 6 listing the pages when two change requests conflict', async () => {
    const { box, space, json, write } = await setup();
    await json(['cr', 'create', '--space', space]);
    const page = (await write('1', [{ operation: 'insert_page', document: { markdown: '# Guide' } }])).changes[0].page;
    const merged = await box.run(['cr', 'merge', '1', '--space', space]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stderr).toMatch(/^Merged \(revision \S+\)\./);

    await json(['cr', 'create', '--space', space]);
    await json(['cr', 'create', '--space', space]);
    await write('2', [{ operation: 'update_page', page, document: { markdown: '# Guide, take two' } }]);
    await write('3', [{ operation: 'update_page', page, document: { markdown: '# Guide, take three' } }]);
    expect((await box.run(['cr', 'merge', '2', '--space', space])).code).toBe(0);
    expect((await json(['cr', 'get', '3', '--space', space])).outdated).toBe(true);

    const conflict = await box.run(['cr', 'merge', '3', '--space', space]);
    expect(conflict.code).toBe(6);
    // Piped: the id first, then where the page is, its title and which side did what.
    expect(conflict.stdout).toBe(`${page}\tguide\tGuide\tchanged on both sides\n`);
    expect(conflict.stderr).toContain('conflicts on 1 page(s): nothing was changed');
    const asJson = await box.run(['cr', 'update-from-main', '3', '--space', space, '--json']);
    expect(asJson.code).toBe(6);
    // The change request's revision, unchanged (the platform's answer always carries one).
    expect(JSON.parse(asJson.stdout)).toEqual({ revision: expect.any(String), result: 'conflicts', conflicts: [{ page }] });
    expect((await box.run(['cr', 'merge', '2', '--space', space])).code).toBe(6);
  });

  it('updates an outdated change request from main', async () => {
    const { box, space, json, write } = await setup();
    await json(['cr', 'create', '--space', space]);
    await json(['cr', 'create', '--space', space]);
    await write('1', [{ operation: 'insert_page', document: { markdown: '# One' } }]);
    await write('2', [{ operation: 'insert_page', document: { markdown: '# Two' } }]);
    expect((await box.run(['cr', 'merge', '1', '--space', space])).code).toBe(0);
    expect((await json(['cr', 'get', '2', '--space', space])).outdated).toBe(true);
    const updated = await box.run(['cr', 'update-from-main', '2', '--space', space]);
    expect(updated.code, updated.stderr).toBe(0);
    expect((await json(['cr', 'get', '2', '--space', space])).outdated).toBe(false);
    const tree = await box.run(['content', 'tree', '--space', space, '--change-request', '2']);
    expect(tree.stdout.trim().split('\n').map((l) => l.split('\t')[2]).sort()).toEqual(['One', 'Two']);
  });

  it('refuses a read member with exit 4', async () => {
    const { box, space } = await setup();
    await box.run(['invites', 'email', 'reader@example.com', '--role', 'read']);
    await box.run(['spaces', 'update', space, '--default-level', 'read']);
    const r = await box.run(['--as', 'reader@example.com', 'cr', 'create', '--space', space]);
    expect(r.code).toBe(4);
  });
});

describe('content', () => {
  it('shows the page tree, pages as markdown or documents, files, and downloads bytes', async () => {
    const { box, space, json, write } = await setup();
    await json(['cr', 'create', '--space', space]);
    const gif = Buffer.from('GIF89a\x04\x00\x02\x00;', 'latin1');
    const first = await write('1', [
      { operation: 'insert_page', document: { markdown: '---\ndescription: Start here\n---\n# Guides\n\nRead **this**.' } },
      { operation: 'insert_files', files: [{ name: 'dot.gif', base64: gif.toString('base64') }] },
    ]);
    const guides = first.changes[0].page;
    await write('1', [{ operation: 'insert_page', document: { markdown: '# Install\n\n- one\n- two' }, into: guides }]);
    expect((await box.run(['cr', 'merge', '1', '--space', space])).code).toBe(0);

    const piped = await box.run(['content', 'tree', '--space', space]);
    expect(piped.stdout.trim().split('\n').map((l) => l.split('\t').slice(1))).toEqual([['guides', 'Guides'], ['guides/install', 'Install']]);
    const tty = await box.run(['content', 'tree', '--space', space], { tty: true });
    expect(tty.stdout).toBe('Guides  (guides)\n  Install  (guides/install)\n');

    const markdown = await box.run(['content', 'page', 'guides/install', '--path', '--space', space]);
    expect(markdown.stdout).toBe('# Install\n\n- one\n- two');
    const doc = await json(['content', 'page', guides, '--space', space]);
    expect(doc.document.nodes.map((n: { type: string }) => n.type)).toEqual(['heading-1', 'paragraph']);
    expect(doc.description).toBe('Start here');
    expect((await box.run(['content', 'page', 'nope', '--path', '--space', space])).code).toBe(5);

    const files = await box.run(['content', 'files', '--space', space]);
    const [fileId, name, type, size, dims] = files.stdout.trim().split('\t');
    expect([name, type, size, dims]).toEqual(['dot.gif', 'image/gif', String(gif.length), '4x2']);
    expect((await box.run(['content', 'files', '--space', space], { tty: true })).stdout).toMatch(/NAME.*TYPE.*SIZE/);

    const downloaded = await box.run(['content', 'download', fileId, '--space', space, '-o', 'copy.gif']);
    expect(downloaded.code, downloaded.stderr).toBe(0);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(`${box.dir}/copy.gif`).equals(gif)).toBe(true);
  });
});

describe('cr pdf', () => {
  it('prints the PDF URL, and downloads the PDF with -o', async () => {
    const { box, space, json, write } = await setup();
    await json(['cr', 'create', '--space', space]);
    const page = (await write('1', [{ operation: 'insert_page', document: { markdown: '# Guide\n\nText.' } }])).changes[0].page;
    const url = await box.run(['cr', 'pdf', '1', '--space', space]);
    expect(url.code, url.stderr).toBe(0);
    expect(url.stdout.trim()).toMatch(new RegExp(`/v1/spaces/${space}/pdf/download\\?revision=\\S+$`));
    const saved = await box.run(['cr', 'pdf', '1', '--space', space, '--page', page, '-o', 'guide.pdf']);
    expect(saved.code, saved.stderr).toBe(0);
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(`${box.dir}/guide.pdf`).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await box.run(['cr', 'pdf', '1', '--space', space, '--page', 'nope'])).code).toBe(1);
  });
});
