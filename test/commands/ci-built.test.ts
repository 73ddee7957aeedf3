import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { hasTerminal, runBuilt, runBuiltJson } from '../helpers/built';

/**
 * Issue 31's CI items through the built entry (bin/docsctl.cjs) as a child process, as a CI job runs
 * them: openapi validate, content push --dry-run, a conflicting cr merge, content page by path.
 */
describe('CI commands that explain themselves, through the built entry', () => {
  const box = sandbox();
  let space: string;
  const write = async (cr: string, changes: unknown[]) => {
    const r = await runBuilt(box, ['api', '-X', 'POST', `/v1/spaces/${space}/change-requests/${cr}/content`, '--input', '-'], { stdin: JSON.stringify({ changes }) });
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout);
  };
  beforeAll(async () => {
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    space = (await runBuiltJson(box, ['spaces', 'create', '--title', 'Docs'])).id;
    const docs = join(box.dir, 'docs');
    mkdirSync(join(docs, 'guides'), { recursive: true });
    writeFileSync(join(docs, 'README.md'), '# Welcome\n');
    writeFileSync(join(docs, 'guides/README.md'), '# Guides\n');
    writeFileSync(join(docs, 'guides/install.md'), '# Install\n');
    writeFileSync(join(docs, 'guides/old.md'), '# Old\n');
    const pushed = await runBuilt(box, ['content', 'push', 'docs', '--space', space, '--merge']);
    expect(pushed.code, pushed.stderr).toBe(0);
  });

  it('openapi validate: the problems named, exit 1; a valid document exit 0; an unknown openapi command exit 2', async () => {
    writeFileSync(join(box.dir, 'bad.yaml'), 'openapi: 3.0.3\ninfo:\n  title: Pets\npaths:\n  /pets:\n    get:\n      summry: x\n      responses:\n        "200":\n          description: ok\n');
    const bad = await runBuilt(box, ['openapi', 'validate', 'bad.yaml']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('bad.yaml: #/info: missing required property "version"\nbad.yaml: #/paths/~1pets/get: unexpected property "summry"\n');
    expect(bad.stderr).toBe('error: bad.yaml is not a valid OpenAPI document (2 problems, listed above)\n');
    writeFileSync(join(box.dir, 'good.json'), JSON.stringify({ openapi: '3.0.3', info: { title: 'Pets', version: '2' }, paths: {} }));
    const good = await runBuilt(box, ['openapi', 'validate', 'good.json', '--json']);
    expect(good.code, good.stderr).toBe(0);
    expect(JSON.parse(good.stdout)).toEqual({ valid: true, documents: [{ source: 'good.json', valid: true, format: 'json', title: 'Pets', version: '2', problems: [] }] });
    const unknown = await runBuilt(box, ['openapi', 'validat', '--help']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown command 'validat' for docsctl openapi (did you mean validate?)");
  });

  it('content push --dry-run: the pages and files that would change, then the counts', async () => {
    const docs = join(box.dir, 'docs');
    writeFileSync(join(docs, 'guides/install.md'), '# Install it\n');
    writeFileSync(join(docs, 'guides/upgrade.md'), '# Upgrade\n');
    rmSync(join(docs, 'guides/old.md'));
    mkdirSync(join(docs, '.gitbook/assets'), { recursive: true });
    writeFileSync(join(docs, '.gitbook/assets/logo.svg'), '<svg/>');
    const dry = await runBuilt(box, ['content', 'push', 'docs', '--space', space, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout.trimEnd().split('\n').map((line) => line.split(/ {2,}/))).toEqual([
      ['added', 'guides/upgrade', 'Upgrade'],
      ['changed', 'guides/install', 'Install it', 'content, title "Install" → "Install it"'],
      ['deleted', 'guides/old', 'Old'],
      ['file added', '.gitbook/assets/logo.svg', '6 bytes'],
    ]);
    expect(dry.stderr).toContain('Would insert 1, update 1, delete 1 page(s), upload 1 and delete 0 file(s).');
    const asJson = await runBuiltJson(box, ['content', 'push', 'docs', '--space', space, '--dry-run']);
    expect(asJson.pages.map((p: { change: string; path: string }) => `${p.change} ${p.path}`)).toEqual(['changed guides/install', 'added guides/upgrade', 'deleted guides/old']);
    expect(asJson.files).toEqual([{ change: 'added', path: '.gitbook/assets/logo.svg', size: 6 }]);
  });

  it.runIf(hasTerminal())('content push --dry-run on a real terminal: the same lines', async () => {
    const tty = await runBuilt(box, ['content', 'push', 'docs', '--space', space, '--dry-run'], { tty: true, columns: 80 });
    expect(tty.code).toBe(0);
    // eslint-disable-next-line no-control-regex
    const lines = tty.stdout.replace(/\r/g, '').replace(/\u001b\[[0-9;]*m/g, '').trimEnd().split('\n');
    expect(lines).toContain('changed     guides/install            Install it  content, title "Install" → "Install it"');
    expect(lines).toContain('Would insert 1, update 1, delete 1 page(s), upload 1 and delete 0 file(s).');
  });

  it('a conflicting cr merge lists the pages by id, path and title, exit 6', async () => {
    const page = (await runBuiltJson(box, ['content', 'page', 'readme', '--space', space])).id as string;
    await runBuiltJson(box, ['cr', 'create', '--space', space]);
    await runBuiltJson(box, ['cr', 'create', '--space', space]);
    await write('2', [{ operation: 'update_page', page, document: { markdown: '# Welcome\n\nTheirs.\n' } }]);
    await write('3', [{ operation: 'update_page', page, document: { markdown: '# Welcome\n\nOurs.\n' } }]);
    expect((await runBuilt(box, ['cr', 'merge', '2', '--space', space])).code).toBe(0);
    const merge = await runBuilt(box, ['cr', 'merge', '3', '--space', space]);
    expect(merge.code).toBe(6);
    expect(merge.stdout).toBe(`${page}\treadme\tWelcome\tchanged on both sides\n`);
    expect(merge.stderr).toBe('error: conflicts on 1 page(s): nothing was changed\n');
  });

  it('content page takes a path without --path; a page not found says what was tried and what it may mean', async () => {
    const byPath = await runBuilt(box, ['content', 'page', 'guides/install', '--space', space]);
    expect(byPath.code, byPath.stderr).toBe(0);
    expect(byPath.stdout).toBe('# Install\n');
    const missing = await runBuilt(box, ['content', 'page', 'install', '--space', space]);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toBe(`error: no page with id or path install in space ${space}; did you mean guides/install? (paths and ids: docsctl content tree --space ${space})\n`);
  });
});
