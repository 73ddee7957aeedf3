import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { main } from '../../src/main';
import { sandbox } from '../helpers/cli';
import { fieldsOf, tsvRows } from './support';
import { fixtureSite, serve, zipOf, type FixtureSite } from '../fixtures/import/server';

let site: FixtureSite;
beforeAll(async () => {
  site = await fixtureSite({
    '/files/notes.zip': async (req, res) => serve(await zipOf({ 'intro.md': '# Intro', 'usage.md': '# Usage' }), 'application/zip')(req, res),
  });
});
afterAll(() => site.close());

/** A database with a space; `json(argv)` runs with --json and parses stdout. */
async function setup() {
  const box = sandbox();
  expect((await box.run(['init'])).code).toBe(0);
  const json = async (argv: string[]) => {
    const r = await box.run([...argv, '--json']);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };
  const space = (await json(['spaces', 'create', '--title', 'Docs'])).id as string;
  return { box, space, json };
}

describe('content import', () => {
  it('crawls a website into the space (the default source): TSV when piped, a message on stderr', async () => {
    const { box, space, json } = await setup();
    const piped = await box.run(['content', 'import', `${site.url}/docs/guide/install.html`, '--space', space]);
    expect(piped.code, piped.stderr).toBe(0);
    const [[revision, imported, total]] = tsvRows(piped.stdout);
    expect([imported, total]).toEqual(['2', '2']);
    expect(piped.stderr).toBe(`Imported 2 of 2 resources into space ${space} (revision ${revision}).\n`);
    expect((await json(['spaces', 'get', space])).revision).toBe(revision);
    const tree = await box.run(['content', 'tree', '--space', space]);
    expect(tsvRows(tree.stdout).map((r) => r[1])).toEqual(['install', 'configure']);
  });

  it('shows the result as a table on a terminal, and as the API object with --json', async () => {
    const { box, space } = await setup();
    const tty = await box.run(['content', 'import', `${site.url}/files/page.html`, '--source', 'html', '--space', space], { tty: true });
    expect(tty.code, tty.stderr).toBe(0);
    expect(fieldsOf(tty.stdout)).toMatchObject({ IMPORTED: '1', TOTAL: '1' });
    expect(tty.stderr).toMatch(/^Imported 1 of 1 resources into space \S+ \(revision \S+\)\.\n$/);

    const asJson = await box.run(['content', 'import', `${site.url}/files/guide.md`, '--source', 'markdown', '--space', space, '--json']);
    expect(asJson.code, asJson.stderr).toBe(0);
    expect(JSON.parse(asJson.stdout)).toEqual({ revision: expect.any(String), importedResources: 1, totalResources: 1 });
  });

  it('imports into a change request with --change-request (id or number)', async () => {
    const { box, space, json } = await setup();
    const cr = await json(['cr', 'create', '--space', space]);
    const result = await json(['content', 'import', `${site.url}/files/notes.zip`, '--source', 'zip', '--space', space, '--change-request', String(cr.number)]);
    expect(result).toMatchObject({ importedResources: 2, totalResources: 2 });
    expect((await json(['cr', 'get', String(cr.number), '--space', space])).revision).toBe(result.revision);
    const tree = await box.run(['content', 'tree', '--space', space, '--change-request', cr.id]);
    expect(tsvRows(tree.stdout).map((r) => r[2])).toEqual(['Intro', 'Usage']);
    expect((await box.run(['content', 'tree', '--space', space])).stderr).toContain('No pages.');
    const message = await box.run(['content', 'import', `${site.url}/files/guide.md`, '--source', 'markdown', '--space', space, '--change-request', cr.id]);
    expect(message.stderr).toMatch(new RegExp(`^Imported 1 of 1 resources into change request ${cr.id} of space ${space} \\(revision \\S+\\)\\.\\n$`));
  });

  it('exits 1 with the API\'s message when the URL cannot be imported, 2 on a bad --source, 5 for an unknown space', async () => {
    const { box, space } = await setup();
    const missing = await box.run(['content', 'import', `${site.url}/docs/missing.html`, '--space', space]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`url: ${site.url}/docs/missing.html answered 404 Not Found`);
    const unsupported = await box.run(['content', 'import', `${site.url}/docs/`, '--source', 'notion', '--space', space]);
    expect(unsupported.code).toBe(1);
    expect(unsupported.stderr).toContain('source: "notion" imports are not supported by this instance');
    const bad = await box.run(['content', 'import', `${site.url}/docs/`, '--source', 'pdf', '--space', space]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("option '--source <source>' argument");
    expect(bad.stderr).toContain('Allowed choices are website, html, markdown, zip, docx, confluence, github-wiki, notion, google-docs.');
    expect((await box.run(['content', 'import', `${site.url}/docs/`, '--space', 'nope'])).code).toBe(5);
    const notUrl = await box.run(['content', 'import', 'docs.example.com', '--space', space]);
    expect(notUrl.code).toBe(1);
    expect(notUrl.stderr).toMatch(/url: /);
  });

  it('shows a spinner on an interactive terminal while it runs', async () => {
    const { box, space } = await setup();
    const err: string[] = [];
    const out: string[] = [];
    const terminal = { isTTY: true, columns: 80, write: (s: string) => { err.push(s); return true; }, cursorTo: () => true, clearLine: () => true, moveCursor: () => true };
    const code = await main(['content', 'import', `${site.url}/files/page.html`, '--source', 'html', '--space', space], {
      stdout: { isTTY: true, write: (s: string) => out.push(s) },
      stderr: terminal,
      stdin: Object.assign(Readable.from([]), { isTTY: true }),
      env: box.env,
      cwd: box.dir,
    });
    expect(code).toBe(0);
    expect(err.join('')).toContain(`Importing ${site.url}/files/page.html (html) into space ${space}`);
    expect(err.join('')).toContain('Imported 1 of 1 resources');
  });

  it('has help with examples and the bounds of a crawl', async () => {
    const { box } = await setup();
    const help = await box.run(['content', 'import', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('$ docsctl content import https://docs.example.com/ --space SPACE_ID');
    expect(help.stdout).toContain('at most 100 pages, 5 links deep');
  });
});
