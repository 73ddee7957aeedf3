import { describe, expect, it } from 'vitest';
import { spaceSandbox } from './support';

/** A space with Guides and Guides › Install, merged; change request #2 open with an FAQ page. */
async function pages() {
  const { box, space, json, write } = await spaceSandbox();
  await json(['cr', 'create', '--space', space]);
  const [guides] = (await write('1', [{ operation: 'insert_page', title: 'Guides', document: { markdown: '# Guides\n' } }])).changes.map((c: { page: string }) => c.page);
  const install = (await write('1', [{ operation: 'insert_page', title: 'Install', document: { markdown: '# Install\n\nRun it.\n' }, into: guides }])).changes[0].page as string;
  expect((await box.run(['cr', 'merge', '1', '--space', space])).code).toBe(0);
  await json(['cr', 'create', '--space', space]);
  await write('2', [{ operation: 'insert_page', title: 'FAQ', document: { markdown: '# FAQ\n' } }]);
  return { box, space, install };
}

describe('content page PAGE: an id, else a path', () => {
  it('reads a page by its path without --path, piped and on a terminal; an id still reads it', async () => {
    const { box, space, install } = await pages();
    const piped = await box.run(['content', 'page', 'guides/install', '--space', space]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe('# Install\n\nRun it.\n');
    expect(piped.stderr).toBe('');
    const tty = await box.run(['content', 'page', 'guides/install', '--space', space], { tty: true });
    expect(tty.code, tty.stderr).toBe(0);
    expect(tty.stdout).toBe(piped.stdout);
    expect((await box.run(['content', 'page', install, '--space', space])).stdout).toBe(piped.stdout);
    expect((await box.run(['content', 'page', 'guides/install', '--path', '--space', space])).stdout).toBe(piped.stdout);
    const asJson = await box.run(['content', 'page', '/guides/install/', '--space', space, '--json']);
    expect(JSON.parse(asJson.stdout)).toMatchObject({ id: install, path: 'guides/install', title: 'Install' });
    // In a change request.
    const faq = await box.run(['content', 'page', 'faq', '--space', space, '--change-request', '2']);
    expect(faq.code, faq.stderr).toBe(0);
    expect(faq.stdout).toBe('# FAQ\n');
  });

  it('a page found neither by id nor by path: exit 5, what was tried, a guess and where the paths are listed', async () => {
    const { box, space } = await pages();
    for (const tty of [false, true]) {
      const missing = await box.run(['content', 'page', 'install', '--space', space], { tty });
      expect(missing.code).toBe(5);
      expect(missing.stdout).toBe('');
      expect(missing.stderr).toBe(`error: no page with id or path install in space ${space}; did you mean guides/install? (paths and ids: docsctl content tree --space ${space})\n`);
    }
    const none = await box.run(['content', 'page', 'getting-started', '--space', space]);
    expect(none.code).toBe(5);
    expect(none.stderr).toBe(`error: no page with id or path getting-started in space ${space} (paths and ids: docsctl content tree --space ${space})\n`);
    const byPath = await box.run(['content', 'page', 'guides/instal', '--path', '--space', space]);
    expect(byPath.code).toBe(5);
    expect(byPath.stderr).toBe(`error: no page at path guides/instal in space ${space}; did you mean guides/install? (paths: docsctl content tree --space ${space})\n`);
    const inRequest = await box.run(['content', 'page', 'faqs', '--space', space, '--change-request', '2']);
    expect(inRequest.code).toBe(5);
    expect(inRequest.stderr).toContain(`in change request 2 of space ${space} (paths and ids: docsctl content tree --space ${space} --change-request 2)`);
  });

  it('a missing space or revision keeps its own message; a page missing from a revision says --revision takes an id', async () => {
    const { box, space } = await pages();
    const noSpace = await box.run(['content', 'page', 'guides/install', '--space', 'nope']);
    expect(noSpace.code).toBe(5);
    expect(noSpace.stderr).toBe('error: space nope not found\n');
    const revision = (await box.run(['spaces', 'get', space, '--json']).then((r) => JSON.parse(r.stdout))).revision as string;
    const inRevision = await box.run(['content', 'page', 'guides/install', '--space', space, '--revision', revision]);
    expect(inRevision.code).toBe(5);
    expect(inRevision.stderr).toContain(`(with --revision, PAGE is an id; docsctl content deleted --space ${space} lists deleted pages with theirs)`);
    const noRevision = await box.run(['content', 'page', 'guides/install', '--space', space, '--revision', 'nope']);
    expect(noRevision.stderr).toBe(`error: revision nope not found in space ${space}\n`);
  });
});
