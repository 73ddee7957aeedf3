import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';

/**
 * A space pushed from a folder, the way docs live in a repository: relative links between the files,
 * an image, one link to a page that does not exist and one to a heading that does not exist.
 */
async function setup() {
  const box = sandbox();
  expect((await box.run(['init'])).code).toBe(0);
  const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Docs', '--json'])).stdout).id as string;
  const docs = join(box.dir, 'docs');
  mkdirSync(join(docs, 'guide'), { recursive: true });
  mkdirSync(join(docs, 'img'), { recursive: true });
  writeFileSync(join(docs, 'README.md'), '# Home\n\n[Install](guide/install.md) [Guide](guide/README.md) [Missing](nope.md) ![logo](img/logo.png) [site](https://example.com)\n');
  writeFileSync(join(docs, 'guide', 'README.md'), '# Guide\n\n## Setup\n\n[install](install.md#on-linux) [home](../README.md)\n');
  writeFileSync(join(docs, 'guide', 'install.md'), '# Install\n\n## On Linux\n\n- [setup](README.md#setup)\n- [bad](#nowhere)\n');
  writeFileSync(join(docs, 'img', 'logo.png'), Buffer.from('not really a png'));
  const pushed = await box.run(['content', 'push', 'docs', '--space', space, '--merge']);
  expect(pushed.code, pushed.stderr).toBe(0);
  const json = async (argv: string[]) => {
    const r = await box.run([...argv, '--json']);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };
  const pageId = async (path: string) => (await json(['content', 'page', path, '--path', '--space', space])).id as string;
  return { box, space, json, pageId };
}

const EXPECTED = [
  ['broken', 'anchor', 'guide/install#nowhere', 'guide/install'],
  // A page kept in a file names a broken link by the path it resolves to, as in the repository.
  ['broken', 'page', 'nope.md', 'readme'],
  ['ok', 'anchor', 'guide#setup', 'guide/install'],
  ['ok', 'anchor', 'guide/install#on-linux', 'guide'],
  ['ok', 'file', 'img/logo.png', 'readme'],
  ['ok', 'page', 'guide', 'readme'],
  ['ok', 'page', 'guide/install', 'readme'],
  ['ok', 'page', 'readme', 'guide'],
  ['ok', 'url', 'https://example.com', 'readme'],
];

const rows = (stdout: string) => stdout.trim().split('\n').filter(Boolean).map((l) => l.split('\t'));

describe('docsctl links', () => {
  it('checks a pushed folder: relative links, anchors and images resolve; broken ones are listed first', async () => {
    const { box, space } = await setup();
    const piped = await box.run(['links', '--space', space]);
    expect(piped.code, piped.stderr).toBe(0);
    const lines = rows(piped.stdout);
    expect(lines.slice(0, 2).map((l) => l[0])).toEqual(['broken', 'broken']);
    expect([...lines].sort((a, b) => (a.join() < b.join() ? -1 : 1))).toEqual(EXPECTED);
    expect(piped.stderr).toBe('9 link(s), 2 broken.\n');

    const tty = await box.run(['links', '--space', space], { tty: true });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/STATUS\s+KIND\s+TARGET\s+LINKED FROM/);
    expect(tty.stdout).toContain('guide/install#nowhere');
    expect(tty.stderr).toBe('9 link(s), 2 broken.\n');
  });

  it('prints the API listing with --json, every page followed', async () => {
    const { box, space } = await setup();
    const r = await box.run(['links', '--space', space, '--json']);
    expect(r.code).toBe(0);
    const listing = JSON.parse(r.stdout);
    expect(listing).toMatchObject({ count: 9, stats: { total: 9, broken: { total: 2, changeRequest: 0 } } });
    expect(listing.next).toBeUndefined();
    expect(listing.items).toHaveLength(9);
    expect(listing.items[0]).toMatchObject({ status: 'broken', relation: 'reference', targetReference: { space }, locationReferences: [{ kind: 'page', space }] });
  });

  it('filters by status and by page', async () => {
    const { box, space, pageId } = await setup();
    const broken = await box.run(['links', '--space', space, '--status', 'broken']);
    expect(rows(broken.stdout).map((l) => l[2])).toEqual(['guide/install#nowhere', 'nope.md']);
    expect(broken.stderr).toBe('9 link(s), 2 broken.\n');
    const guide = await box.run(['links', '--space', space, '--page', await pageId('guide')]);
    expect(rows(guide.stdout).map((l) => l[2])).toEqual(['guide/install#on-linux', 'readme']);
    expect(guide.stderr).toBe('2 link(s), 0 broken.\n');
    const none = await box.run(['links', '--space', space, '--status', 'in-app'], { tty: true });
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe('No results.\n9 link(s), 2 broken.\n');
  });

  it('exits 1 with --fail-on-broken when broken links are found, 0 when none are', async () => {
    const { box, space, pageId } = await setup();
    const failed = await box.run(['links', '--space', space, '--fail-on-broken']);
    expect(failed.code).toBe(1);
    expect(rows(failed.stdout)).toHaveLength(9);
    expect(failed.stderr).toBe('9 link(s), 2 broken.\nerror: 2 broken link(s) found\n');
    // The filter does not hide broken links from the check.
    expect((await box.run(['links', '--space', space, '--status', 'ok', '--fail-on-broken'])).code).toBe(1);
    const clean = await box.run(['links', '--space', space, '--page', await pageId('guide'), '--fail-on-broken']);
    expect(clean.code, clean.stderr).toBe(0);
  });

  it('checks a change request, filtering its status locally, and counts what it introduces', async () => {
    const { box, space, json } = await setup();
    // content push --merge used change request #1.
    const { number } = await json(['cr', 'create', '--space', space, '--subject', 'new page']);
    expect(number).toBe(2);
    const write = await box.run(['api', '-X', 'POST', `/v1/spaces/${space}/change-requests/2/content`, '--input', '-'], {
      stdin: JSON.stringify({ changes: [{ operation: 'insert_page', document: { markdown: '# New\n\n[later](later.md) [home](readme)' } }] }),
    });
    expect(write.code, write.stderr).toBe(0);
    const cr = await box.run(['links', '--space', space, '--change-request', '2', '--status', 'broken']);
    expect(cr.code, cr.stderr).toBe(0);
    expect(rows(cr.stdout).map((l) => [l[2], l[3]])).toEqual([['guide/install#nowhere', 'guide/install'], ['later', 'new'], ['nope.md', 'readme']]);
    // [home](readme) is a target the space already has: one more location, not one more item.
    expect(cr.stderr).toBe('10 link(s), 3 broken (1 introduced by this change request).\n');
    expect((await box.run(['links', '--space', space, '--change-request', '2', '--fail-on-broken'])).code).toBe(1);
    const main = await box.run(['links', '--space', space]);
    expect(main.stderr).toBe('9 link(s), 2 broken (1 introduced by open change requests).\n');
  });

  it('lists the pages referencing a file with --file', async () => {
    const { box, space, json, pageId } = await setup();
    const files = await json(['content', 'files', '--space', space]);
    const logo = files.items[0].id as string;
    const piped = await box.run(['links', '--space', space, '--file', logo]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(rows(piped.stdout)).toEqual([[await pageId('readme'), 'readme', 'Home']]);
    expect(piped.stderr).toBe(`1 page(s) reference file ${logo}.\n`);
    const tty = await box.run(['links', '--space', space, '--file', logo], { tty: true });
    expect(tty.stdout).toMatch(/PAGE\s+PATH\s+TITLE/);
    const asJson = await json(['links', '--space', space, '--file', logo]);
    expect(asJson).toMatchObject({ count: 1, items: [{ kind: 'page', file: logo, path: 'readme' }] });
    // The change request content push merged holds the file too; an unknown change request is exit 5.
    expect(rows((await box.run(['links', '--space', space, '--change-request', '1', '--file', logo])).stdout)).toHaveLength(1);
    expect((await box.run(['links', '--space', space, '--change-request', '99', '--file', logo])).code).toBe(5);
  });

  it('reports bad usage (2) and unknown spaces, pages and files (5)', async () => {
    const { box, space } = await setup();
    expect((await box.run(['links'])).code).toBe(2);
    const status = await box.run(['links', '--space', space, '--status', 'dead']);
    expect(status.code).toBe(2);
    expect(status.stderr).toContain('Allowed choices are ok, broken, in-app');
    const combined = await box.run(['links', '--space', space, '--file', 'f', '--fail-on-broken']);
    expect(combined.code).toBe(2);
    expect(combined.stderr).toContain('--file: cannot be combined');
    expect((await box.run(['links', '--space', 'nope'])).code).toBe(5);
    const page = await box.run(['links', '--space', space, '--page', 'nope']);
    expect(page.code).toBe(5);
    expect(page.stderr).toContain('page nope not found');
    expect((await box.run(['links', '--space', space, '--file', 'nope'])).code).toBe(5);
  });

  it('has help with examples, a CI one included', async () => {
    const { box } = await setup();
    const help = await box.run(['links', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--fail-on-broken');
    expect(help.stdout).toMatch(/Examples:[\s\S]*--fail-on-broken\s+in CI/);
  });

  it('checks the <a href> and <img src> of raw HTML too, as READMEs write them', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Docs', '--json'])).stdout).id as string;
    const docs = join(box.dir, 'docs');
    mkdirSync(join(docs, 'img'), { recursive: true });
    writeFileSync(join(docs, 'README.md'), '# Home\n\n<p align="center"><img src="img/logo.png" width="120"></p>\n\nSee <a href="usage.md">usage</a>.\n\n<img src="img/missing.png">\n');
    writeFileSync(join(docs, 'usage.md'), '# Usage\n\nRun it.\n');
    writeFileSync(join(docs, 'img', 'logo.png'), Buffer.from('png'));
    expect((await box.run(['content', 'push', 'docs', '--space', space, '--merge'])).code).toBe(0);
    const r = await box.run(['links', '--space', space, '--fail-on-broken']);
    expect(r.code).toBe(1);
    expect([...rows(r.stdout)].sort((a, b) => (a.join() < b.join() ? -1 : 1))).toEqual([
      ['broken', 'file', 'img/missing.png', 'readme'],
      ['ok', 'file', 'img/logo.png', 'readme'],
      ['ok', 'page', 'usage', 'readme'],
    ]);
  });

  it('checks includes of reusable content: its title when the content holds it, broken once a change request deletes it', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Docs', '--json'])).stdout).id as string;
    const docs = join(box.dir, 'docs');
    mkdirSync(join(docs, '.gitbook', 'includes'), { recursive: true });
    writeFileSync(join(docs, 'README.md'), '# Home\n\n{% include ".gitbook/includes/restart.md" %}\n');
    writeFileSync(join(docs, '.gitbook', 'includes', 'restart.md'), '---\ntitle: Restart the app\n---\n\nClose it and open it again.\n');
    expect((await box.run(['content', 'push', 'docs', '--space', space, '--merge'])).code).toBe(0);
    const listed = await box.run(['links', '--space', space, '--fail-on-broken']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(rows(listed.stdout)).toEqual([['ok', 'reusable-content', 'Restart the app', 'readme']]);

    const reusable = JSON.parse((await box.run(['api', `/v1/spaces/${space}/content/reusable-contents`])).stdout).items[0].id as string;
    const cr = JSON.parse((await box.run(['api', '-X', 'POST', `/v1/spaces/${space}/change-requests`, '-f', 'subject=Drop restart'])).stdout) as { id: string; number: number };
    writeFileSync(join(box.dir, 'body.json'), JSON.stringify({ changes: [{ operation: 'delete_reusable_content', reusableContent: reusable }] }));
    expect((await box.run(['api', '-X', 'POST', `/v1/spaces/${space}/change-requests/${cr.id}/content`, '--input', 'body.json'])).code).toBe(0);
    const broken = await box.run(['links', '--space', space, '--change-request', String(cr.number), '--fail-on-broken']);
    expect(broken.code).toBe(1);
    expect(rows(broken.stdout)).toEqual([['broken', 'reusable-content', `/reusable-contents/${reusable}`, 'readme']]);
    expect(broken.stderr).toContain('1 link(s), 1 broken (1 introduced by this change request).');
  });
});

// Issue 58: a block naming an operation the spec lacks fails the check, as a broken link does.
describe('links --fail-on-broken with API operations', () => {
  it('reports an operation block whose spec lacks the operation, piped and on a terminal, and passes once the spec holds it', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'API', '--json'])).stdout).id as string;
    const docs = join(box.dir, 'api');
    mkdirSync(docs, { recursive: true });
    writeFileSync(join(docs, 'README.md'), '# API\n\n{% openapi-operation spec="pets" path="/pets" method="get" %}\n{% endopenapi-operation %}\n');
    expect((await box.run(['content', 'push', 'api', '--space', space, '--merge'])).code).toBe(0);
    const failed = await box.run(['links', '--space', space, '--fail-on-broken']);
    expect(failed.code).toBe(1);
    expect(rows(failed.stdout)).toEqual([['broken', 'openapi-operation', 'pets: GET /pets', 'readme']]);
    const shown = await box.run(['links', '--space', space], { tty: true });
    expect(shown.stdout).toMatch(/openapi-operation\s+pets: GET \/pets/);
    writeFileSync(join(box.dir, 'pets.yaml'), "openapi: 3.0.3\ninfo: { title: Pets, version: '1' }\npaths:\n  /pets:\n    get:\n      responses:\n        '200': { description: ok }\n");
    expect((await box.run(['openapi', 'publish', 'pets.yaml', '--spec', 'pets'])).code).toBe(0);
    const passed = await box.run(['links', '--space', space, '--fail-on-broken']);
    expect(passed.code, passed.stdout + passed.stderr).toBe(0);
  });
});
