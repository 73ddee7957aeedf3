import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { sandbox } from '../helpers/cli';
import { runBuilt } from '../helpers/built';

/** The platform's document tree through the built `bin/docsctl.cjs`: a page read and a content write with `docsctl api`. */
describe('document trees through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));
  const api = async (argv: string[], stdin?: string) => {
    const result = await runBuilt(box, ['api', ...argv], stdin === undefined ? {} : { stdin });
    return { ...result, body: result.stdout ? JSON.parse(result.stdout) : undefined };
  };
  const ok = async (argv: string[], stdin?: string) => {
    const result = await api(argv, stdin);
    expect(result.code, `${argv.join(' ')}: ${result.stderr}`).toBe(0);
    return result.body;
  };

  it('reads a page as the tree, writes a tree as a page, and refuses a bad tree with its field', async () => {
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
    const space = (await ok(['/v1/orgs/{org}/spaces', '--paginate'])).items.find((s: { title: string }) => s.title === 'REST API');
    const pages = (await ok([`/v1/spaces/${space.id}/content/pages`])).pages as { id: string; title: string }[];
    const errors = pages.find((p) => p.title === 'Errors')!;

    const read = await ok([`/v1/spaces/${space.id}/content/page/${errors.id}?format=document`]);
    expect(read.document.object).toBe('document');
    expect(read.document.nodes.map((n: { type: string }) => n.type)).toEqual(['heading-1', 'table']);
    expect(read.document.nodes[1]).toMatchObject({ object: 'block', type: 'table', isVoid: true, data: { view: { type: 'grid', columns: ['col1', 'col2'] } } });

    const cr = await ok(['-X', 'POST', `/v1/spaces/${space.id}/change-requests`, '-f', 'subject=Copy the errors page']);
    const write = { changes: [{ operation: 'insert_page', document: read.document, slug: 'errors-copy' }] };
    const written = await ok(['-X', 'POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, '--input', '-'], JSON.stringify(write));
    const copy = written.changes[0].page;
    const markdown = await ok([`/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${copy}?format=markdown`]);
    expect(markdown.markdown).toBe('# Errors\n\n| Status | Meaning |\n| --- | --- |\n| 400 | Bad input |\n| 404 | Not found |\n');
    const again = await ok([`/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${copy}?format=document`]);
    expect(again.document).toEqual(read.document);

    const bad = { changes: [{ operation: 'insert_page', document: { object: 'document', data: {}, nodes: [{ object: 'block', type: 'hint', data: { style: 'loud' }, nodes: [] }] } }] };
    const refused = await api(['-X', 'POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, '--input', '-'], JSON.stringify(bad));
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('changes[0].document.nodes[0].data.style: must be one of: "info", "warning", "danger", "success"');
  }, 60_000);
});
