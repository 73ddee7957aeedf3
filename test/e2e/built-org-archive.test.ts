import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { hasTerminal, runBuilt } from '../helpers/built';

// Slow on purpose: a lifecycle test. A whole organization exported and imported again through the built
// CLI, one of them on a terminal (about 10 s alone; past 20 s on a busy machine).

type Reusable = { id: string; title: string; markdown: string; git?: { oid: string; path: string } };
const UPGRADE = '---\ntitle: Upgrade steps\n---\n\n1. Back up.\n2. Upgrade.\n';

/** `export` and `import` as users run them: the built entry, piped and on a terminal. */
describe('export and import through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));

  it('exports piped (no progress), imports into a new database on a terminal (a progress line and a table)', async () => {
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
    // A page including a reusable content (a Git Sync include file), pushed to the Changelog space.
    const folder = join(box.dir, 'changelog');
    mkdirSync(join(folder, '.gitbook/includes'), { recursive: true });
    writeFileSync(join(folder, 'README.md'), '# Changelog\n\n{% include ".gitbook/includes/upgrade.md" %}\n');
    writeFileSync(join(folder, '.gitbook/includes/upgrade.md'), UPGRADE);
    const jsonOf = async (argv: string[]) => {
      const r = await runBuilt(box, [...argv, '--json']);
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout);
    };
    const changelog = ((await jsonOf(['spaces', 'list'])).items as { id: string; title: string }[]).find((s) => s.title === 'Changelog')!.id;
    expect((await runBuilt(box, ['content', 'push', folder, '--space', changelog, '--merge'])).code).toBe(0);
    const [source] = (await jsonOf(['api', `/v1/spaces/${changelog}/content/reusable-contents`])).items as Reusable[];

    const exported = await runBuilt(box, ['export', '-o', 'acme.docsctl.tgz']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toBe('');
    expect(exported.stderr).toMatch(/^Exported organization \S+ \(Acme Docs\) to .*acme\.docsctl\.tgz:\n  37 members, 5 teams, 3 collections, 7 spaces with \d+ pages, 1 reusable contents and 0 files/);
    expect(exported.stderr).not.toContain('Exporting:');

    const copy = ['--db', join(box.dir, 'copy.db')];
    // Only init creates a database (issue 30): the import goes into its first, empty organization.
    expect((await runBuilt(box, [...copy, 'init'])).code).toBe(0);
    const dry = await runBuilt(box, [...copy, 'import', 'acme.docsctl.tgz', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout).users).toEqual({ matched: 1, invited: 36 });

    // --new-org: a second organization beside a database's first one, created through POST /v1/orgs.
    const other = ['--db', join(box.dir, 'other.db')];
    expect((await runBuilt(box, [...other, 'init'])).code).toBe(0);
    const fresh = await runBuilt(box, [...other, 'import', 'acme.docsctl.tgz', '--new-org', '--map', 'other.map.json']);
    expect(fresh.code, fresh.stderr).toBe(0);
    const orgs = JSON.parse((await runBuilt(box, [...other, 'orgs', 'list', '--json'])).stdout).items as { title: string }[];
    expect(orgs.map((o) => o.title).sort()).toEqual(['Acme Docs', 'My Organization']);
    // The reusable content came over as it was, and the page includes it by its new id.
    const org = ['--org', (orgs as { id: string; title: string }[]).find((o) => o.title === 'Acme Docs')!.id];
    const copied = ((await jsonOf([...other, ...org, 'spaces', 'list'])).items as { id: string; title: string }[]).find((s) => s.title === 'Changelog')!.id;
    const reusables = (await jsonOf([...other, 'api', `/v1/spaces/${copied}/content/reusable-contents`])).items as Reusable[];
    expect(reusables.map(({ title, markdown, git }) => ({ title, markdown, path: git?.path, oid: git?.oid }))).toEqual([
      { title: source.title, markdown: UPGRADE, path: '.gitbook/includes/upgrade.md', oid: source.git!.oid },
    ]);
    expect(reusables[0].id).not.toBe(source.id);
    const page = await runBuilt(box, [...other, 'content', 'page', 'readme', '--path', '--space', copied]);
    expect(page.stdout).toContain(`{% include "/reusable-contents/${reusables[0].id}" %}`);
    if (!(await hasTerminal())) return;
    const imported = await runBuilt(box, [...copy, 'import', 'acme.docsctl.tgz'], { tty: true });
    expect(imported.code, imported.stdout).toBe(0);
    expect(imported.stdout).toMatch(/Importing: \d+\/\d+ objects/);
    expect(imported.stdout).toMatch(/^spaces\s+7\s+7\s+0\b/m);
    expect(existsSync(join(box.dir, 'acme.docsctl.tgz.map.json'))).toBe(true);
  }, 120_000);
});
