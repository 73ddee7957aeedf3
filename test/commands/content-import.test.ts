import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { main } from '../../src/main';
import { sandbox } from '../helpers/cli';
import { fieldsOf, tsvRows } from './support';
import { fixtureSite, serve, zipOf, type FixtureSite } from '../fixtures/import/server';

let site: FixtureSite;

/** `/big/index.html` linking to `count - 1` pages, one link deep: more than a crawl takes by default. */
function bigSite(count: number) {
  const html = (title: string, body = '') => `<html><body><main><h1>${title}</h1>${body}</main></body></html>`;
  const links = Array.from({ length: count - 1 }, (_, i) => `<a href="p${i + 1}.html">Page ${i + 1}</a>`).join(' ');
  const routes: Record<string, Awaited<ReturnType<typeof serve>>> = { '/big/index.html': serve(html('Big', `<p>${links}</p>`), 'text/html') };
  for (let i = 1; i < count; i++) routes[`/big/p${i}.html`] = serve(html(`Page ${i}`), 'text/html');
  return routes;
}
beforeAll(async () => {
  site = await fixtureSite({
    '/files/notes.zip': async (req, res) => serve(await zipOf({ 'intro.md': '# Intro', 'usage.md': '# Usage' }), 'application/zip')(req, res),
    ...bigSite(120),
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
    // Help wraps at 80 columns, at words.
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('at most 100 pages, 5 links deep');
    expect(help.stdout).toContain('--max-pages <n>');
  });
});

describe('content import --max-pages, --max-depth, --max-time (local engine)', () => {
  it('moves the bounds of a website crawl either way, and refuses values out of range naming the flag', async () => {
    const { box, space, json } = await setup();
    const big = `${site.url}/big/index.html`;
    expect(await json(['content', 'import', big, '--space', space])).toMatchObject({ importedResources: 100, totalResources: 120 });
    const more = await setup();
    expect(await more.json(['content', 'import', big, '--space', more.space, '--max-pages', '150', '--max-time', '60'])).toMatchObject({ importedResources: 120, totalResources: 120 });
    const shallow = await setup();
    expect(await shallow.json(['content', 'import', big, '--space', shallow.space, '--max-depth', '0'])).toMatchObject({ importedResources: 1 });
    const few = await setup();
    expect(await few.json(['content', 'import', big, '--space', few.space, '--max-pages', '3'])).toMatchObject({ importedResources: 3, totalResources: 120 });

    for (const [flag, value, rule] of [['--max-pages', '0', 'from 1 to 10000'], ['--max-depth', '51', 'from 0 to 50'], ['--max-time', '2.5', 'from 1 to 3600']]) {
      const r = await box.run(['content', 'import', big, '--space', space, flag, value]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`${flag}: must be a whole number ${rule}`);
    }
  });

  it('is refused in remote mode, where the server\'s bounds apply', async () => {
    const { box, space } = await setup();
    const r = await box.run(['--url', 'http://127.0.0.1:9', '--token', 'x', 'content', 'import', `${site.url}/big/index.html`, '--space', space, '--max-pages', '5']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--max-pages, --max-depth and --max-time bound the local engine; http://127.0.0.1:9 imports within its own bounds');
  });
});
