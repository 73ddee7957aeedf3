import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { hasTerminal, runBuilt } from '../helpers/built';

/** `export` and `import` as users run them: the built entry, piped and on a terminal. */
describe('export and import through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));

  it('exports piped (no progress), imports into a new database on a terminal (a progress line and a table)', async () => {
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
    const exported = await runBuilt(box, ['export', '-o', 'acme.docsctl.tgz']);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toBe('');
    expect(exported.stderr).toMatch(/^Exported organization \S+ \(Acme Docs\) to .*acme\.docsctl\.tgz:\n  37 members, 5 teams, 3 collections, 7 spaces with 3 pages/);
    expect(exported.stderr).not.toContain('Exporting:');

    const copy = ['--db', join(box.dir, 'copy.db')];
    const dry = await runBuilt(box, [...copy, 'import', 'acme.docsctl.tgz', '--dry-run', '--json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(JSON.parse(dry.stdout).users).toEqual({ matched: 1, invited: 36 });

    // --new-org: a second organization beside a database's first one, created through POST /v1/orgs.
    const other = ['--db', join(box.dir, 'other.db')];
    const fresh = await runBuilt(box, [...other, 'import', 'acme.docsctl.tgz', '--new-org', '--map', 'other.map.json']);
    expect(fresh.code, fresh.stderr).toBe(0);
    const orgs = JSON.parse((await runBuilt(box, [...other, 'orgs', 'list', '--json'])).stdout).items as { title: string }[];
    expect(orgs.map((o) => o.title).sort()).toEqual(['Acme Docs', 'My Organization']);
    if (!(await hasTerminal())) return;
    const imported = await runBuilt(box, [...copy, 'import', 'acme.docsctl.tgz'], { tty: true });
    expect(imported.code, imported.stdout).toBe(0);
    expect(imported.stdout).toMatch(/Importing: \d+\/\d+ objects/);
    expect(imported.stdout).toMatch(/^spaces\s+7\s+7\s+0\b/m);
    expect(existsSync(join(box.dir, 'acme.docsctl.tgz.map.json'))).toBe(true);
  }, 120_000);
});
