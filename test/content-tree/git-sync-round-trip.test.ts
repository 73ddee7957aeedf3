import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sandbox } from '../helpers/cli';
import { runBuilt } from '../helpers/built';

const FIXTURES = join(__dirname, '../fixtures/gitsync');

/** Every file under `dir`, by its path relative to it with '/'. */
function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.set(relative(dir, path).split('\\').join('/'), readFileSync(path));
    }
  };
  walk(dir);
  return files;
}

async function pushed(fixture: string) {
  const box = sandbox();
  expect((await box.run(['init'])).code).toBe(0);
  const space = JSON.parse((await box.run(['spaces', 'create', '--title', fixture, '--json'])).stdout).id as string;
  cpSync(join(FIXTURES, fixture), join(box.dir, 'src'), { recursive: true });
  const push = await box.run(['content', 'push', 'src', '--space', space, '--merge', '--json']);
  expect(push.code, push.stderr).toBe(0);
  const tree = async () => (await box.run(['content', 'tree', '--space', space])).stdout.trim().split('\n').map((l) => l.split('\t').slice(1, 3).join(' '));
  return { box, space, result: JSON.parse(push.stdout), stderr: push.stderr, tree };
}

describe('Git Sync folders: push, pull, push again', () => {
  it('builds the tree SUMMARY.md describes: nesting, ## groups, link pages, READMEs at every level, odd file names', async () => {
    const { result, tree } = await pushed('handbook');
    expect(result).toMatchObject({ inserted: 14, uploaded: 5, skipped: [], merged: true });
    expect(await tree()).toEqual([
      'readme Welcome',
      'changelog Changelog',
      'getting-started Getting started',
      'getting-started/installation Installation',
      'getting-started/quick-start Quick start',
      'getting-started/quick-start/first-steps First steps',
      'getting-started/platform-guide Platform guide',
      'reference Reference',
      'reference/api API',
      'reference/api/authentication Authentication',
      'reference/api/how-to-prohibit-the-replacement-of-with-00 How to prohibit the replacement of + with 00',
      'reference/cli CLI',
      'reference/cli/commands Commands',
      'reference/cli/commands/docs-push docs push',
    ]);
  });

  for (const fixture of ['handbook', 'monorepo']) {
    it(`${fixture}: the pull gives the pushed files back byte for byte, and pushing the pull changes nothing`, async () => {
      const { box, space, result } = await pushed(fixture);
      const out = join(box.dir, 'out');
      const source = filesOf(join(FIXTURES, fixture));
      // A pull into the repository keeps its .gitbook.yaml, which says where the content goes.
      if (source.has('.gitbook.yaml')) {
        mkdirSync(out);
        writeFileSync(join(out, '.gitbook.yaml'), source.get('.gitbook.yaml')!);
      }
      const pull = await box.run(['content', 'pull', 'out', '--space', space]);
      expect(pull.code, pull.stderr).toBe(0);
      const skipped = new Set((result.skipped as string[]).map((line) => line.split(':')[0]));
      // Content is what is under the root (monorepo's .gitbook.yaml says docs/), but for the files left out.
      const root = fixture === 'monorepo' ? 'docs/' : '';
      const expected = [...source.keys()].filter((f) => f.startsWith(root) && !skipped.has(f.slice(root.length))).sort();
      const pulled = filesOf(out);
      pulled.delete('.gitbook.yaml');
      expect([...pulled.keys()].sort()).toEqual(expected);
      for (const file of expected) expect(pulled.get(file)!.toString('latin1'), file).toBe(source.get(file)!.toString('latin1'));

      for (const folder of ['src', 'out']) {
        const again = await box.run(['content', 'push', folder, '--space', space, '--json']);
        expect(again.code, again.stderr).toBe(0);
        expect(JSON.parse(again.stdout), folder).toMatchObject({ inserted: 0, updated: 0, deleted: 0, uploaded: 0 });
      }
      const links = await box.run(['links', '--space', space, '--fail-on-broken']);
      expect(links.code, links.stdout + links.stderr).toBe(0);
    });
  }

  it('monorepo: follows .gitbook.yaml (root, first page) and reports the files SUMMARY.md does not list', async () => {
    const { result, tree } = await pushed('monorepo');
    expect(result.skipped).toEqual(['drafts/unlisted.md: not listed in SUMMARY.md, so not a page']);
    expect(await tree()).toEqual([
      'intro Introduction',
      'guides Guides',
      'guides/deploying Deploying',
      'guides/deploying/kubernetes To Kubernetes',
      'guides/cafe-creme Café & Crème',
      'status-page Status page',
    ]);
  });

  it('a space made without Git Sync (pages with no file of their own) pulls and re-pushes without a change', async () => {
    const box = sandbox();
    expect((await box.run(['init', '--sample'])).code).toBe(0);
    const spaces = JSON.parse((await box.run(['spaces', 'list', '--json'])).stdout).items as { id: string; title: string }[];
    const space = spaces.find((s) => s.title === 'REST API')!.id;
    expect((await box.run(['content', 'pull', 'out', '--space', space])).code).toBe(0);
    expect(readFileSync(join(box.dir, 'out/SUMMARY.md'), 'utf8')).toBe('# Table of contents\n\n* [Overview](overview.md)\n* [Authentication](authentication.md)\n* [Errors](errors.md)\n');
    const push = await box.run(['content', 'push', 'out', '--space', space]);
    expect(push.code, push.stderr).toBe(0);
    expect(push.stderr).toContain('Nothing to push');
  });

  it('uploads more files than one change takes (the API takes 100 a change) in the same push', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Many', '--json'])).stdout).id as string;
    mkdirSync(join(box.dir, 'many/.gitbook/assets'), { recursive: true });
    writeFileSync(join(box.dir, 'many/README.md'), '# Many\n');
    for (let i = 0; i < 250; i++) writeFileSync(join(box.dir, `many/.gitbook/assets/i-${i}.txt`), `file ${i}`);
    const push = await box.run(['content', 'push', 'many', '--space', space, '--merge', '--json']);
    expect(push.code, push.stderr).toBe(0);
    expect(JSON.parse(push.stdout)).toMatchObject({ inserted: 1, uploaded: 250, merged: true });
    expect((await box.run(['content', 'push', 'many', '--space', space])).stderr).toContain('Nothing to push');
  });

  it('round-trips through the built CLI: push, pull into the repository, push again', async () => {
    const box = sandbox();
    const run = (argv: string[]) => runBuilt(box, argv);
    expect((await run(['init'])).code).toBe(0);
    const space = JSON.parse((await run(['spaces', 'create', '--title', 'Monorepo', '--json'])).stdout).id as string;
    cpSync(join(FIXTURES, 'monorepo'), join(box.dir, 'repo'), { recursive: true });
    const push = await run(['content', 'push', 'repo', '--space', space, '--merge']);
    expect(push.code, push.stderr).toBe(0);
    expect(push.stderr).toContain('Skipped drafts/unlisted.md: not listed in SUMMARY.md, so not a page');
    mkdirSync(join(box.dir, 'clone'));
    writeFileSync(join(box.dir, 'clone/.gitbook.yaml'), readFileSync(join(FIXTURES, 'monorepo/.gitbook.yaml')));
    expect((await run(['content', 'pull', 'clone', '--space', space])).code).toBe(0);
    for (const file of ['docs/SUMMARY.md', 'docs/guides/Café & Crème.md', 'docs/guides/deploying.md', 'docs/.gitbook/assets/arch.png']) {
      expect(readFileSync(join(box.dir, 'clone', file)).equals(readFileSync(join(FIXTURES, 'monorepo', file))), file).toBe(true);
    }
    expect((await run(['content', 'push', 'clone', '--space', space])).stderr).toContain('Nothing to push');
    writeFileSync(join(box.dir, 'repo/.gitbook.yaml'), 'root: ../../etc\n');
    const refused = await run(['content', 'push', 'repo', '--space', space]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('repo: cannot read the folder: .gitbook.yaml: root must stay inside the folder');
  }, 60_000);
});
