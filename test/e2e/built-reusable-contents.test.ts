import { afterAll, describe, expect, it } from 'vitest';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { runBuilt } from '../helpers/built';

/** Reusable content (issue 29) through the built entry's `docsctl api`: written, included by a page, read back, merged, copied. */
describe('reusable content through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));
  const api = async (argv: string[]) => {
    const result = await runBuilt(box, ['api', ...argv]);
    expect(result.code, `api ${argv.join(' ')}: ${result.stderr}`).toBe(0);
    return JSON.parse(result.stdout);
  };
  /** A body written to a file and sent with --input. */
  const post = async (path: string, body: unknown) => {
    const file = join(box.dir, 'body.json');
    writeFileSync(file, JSON.stringify(body));
    return await api(['-X', 'POST', path, '--input', file]);
  };

  it('writes one and a page including it, and reads both back, before and after the merge, and from a copy of the database', async () => {
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const space = (await api(['-X', 'POST', '/v1/orgs/{org}/spaces', '-f', 'title=Help'])).id as string;
    const cr = (await api(['-X', 'POST', `/v1/spaces/${space}/change-requests`, '-f', 'subject=Includes'])).number as number;
    const root = `/v1/spaces/${space}/change-requests/${cr}`;
    const text = '---\ntitle: Restart Lawnchair\n---\n\n1. Long press on the home screen.\r\n2. Tap **Restart**.  \n';
    const inserted = await post(`${root}/content`, {
      changes: [{ operation: 'insert_reusable_content', title: 'Restart Lawnchair', document: { markdown: text }, git: { path: '.gitbook/includes/restart-lawnchair.md' } }],
    });
    const id = inserted.changes[0].reusableContent as string;
    expect(inserted.changes).toEqual([{ operation: 'insert_reusable_content', reusableContent: id }]);
    const include = `{% include "/reusable-contents/${id}" %}`;
    const page = (await post(`${root}/content`, { changes: [{ operation: 'insert_page', title: 'Crashes', document: { markdown: `# Crashes\n\n${include}\n` } }] })).changes[0].page as string;

    const listed = await api([`${root}/content/reusable-contents`]);
    expect(listed).toMatchObject({ count: 1, items: [{ object: 'reusable-content', id, title: 'Restart Lawnchair', markdown: text, git: { path: '.gitbook/includes/restart-lawnchair.md' } }] });
    expect((await api(['-X', 'GET', `${root}/content/page/${page}`, '-f', 'format=markdown'])).markdown).toBe(`# Crashes\n\n${include}\n`);
    const document = (await api([`${root}/content/page/${page}`])).document;
    expect(document.nodes[1]).toEqual({ object: 'block', type: 'reusable-content', isVoid: true, data: { ref: { kind: 'reusable-content', reusableContent: id } } });

    expect((await api(['-X', 'POST', `${root}/merge`])).result).toBe('merge');
    const main = await api(['--paginate', `/v1/spaces/${space}/content/reusable-contents`]);
    expect(main).toMatchObject({ count: 1, items: [{ id, markdown: text }] });
    expect((await api([`/v1/spaces/${space}/content`])).reusableContents).toEqual([
      { id, title: 'Restart Lawnchair', document: expect.any(String), git: { oid: expect.stringMatching(/^[0-9a-f]{40}$/), path: '.gitbook/includes/restart-lawnchair.md' } },
    ]);

    // `db copy` copies them as every other table.
    const copy = join(box.dir, 'copy.db');
    const copied = await runBuilt(box, ['db', 'copy', '--from', box.env.DOCSCTL_DB, '--to', copy, '--json']);
    expect(copied.code, copied.stderr).toBe(0);
    expect(JSON.parse(copied.stdout).tables).toContainEqual({ name: 'revision_reusable_contents', rows: 3 });
    const fromCopy = await runBuilt(box, ['--db', copy, 'api', `/v1/spaces/${space}/content/reusable-contents`]);
    expect(fromCopy.code, fromCopy.stderr).toBe(0);
    expect(JSON.parse(fromCopy.stdout).items).toEqual(listed.items);
  }, 120_000);
});
