import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptySandbox, json, ok, sampleSandbox, tsvRows } from './support';
import { enrichSample, GIF, normalizedArchive } from '../helpers/org-archive';

/** The sample organization exported, and an empty organization to import it into. */
async function sampleArchive() {
  const a = await sampleSandbox();
  ok(await a.run(['export', '-o', 'acme.docsctl.tgz']));
  return { a, archive: join(a.dir, 'acme.docsctl.tgz'), b: await emptySandbox() };
}

describe('export and import', () => {
  it('round trip: export A, import into an empty B, export B gives the same archive modulo ids and times', async () => {
    const a = await sampleSandbox();
    const { space } = await enrichSample(a);
    const exported = await json(a, ['export', '-o', 'acme.docsctl.tgz']);
    const archive = join(a.dir, 'acme.docsctl.tgz');
    expect(exported.counts).toMatchObject({ members: 37, teams: 5, collections: 3, spaces: 7, files: 1, changeRequests: 3, comments: 3, replies: 2, sites: 2, openapiSpecs: 1, openapiVersions: 2, translations: 1, customFields: 3, samlProviders: 1, invites: 2 });
    expect(readdirSync(a.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const b = await emptySandbox();
    const imported = await b.run(['import', archive], { tty: true });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/KIND\W+IN ARCHIVE\W+IMPORTED\W+FAILED/);
    expect(imported.stdout).toMatch(/spaces\W+7\W+7\W+0\W/);
    expect(imported.stderr).not.toContain('Carried over with a loss:');
    expect(imported.stderr).not.toContain('Could not be carried over');
    expect(existsSync(`${archive}.map.json`)).toBe(true);

    ok(await b.run(['export', '-o', 'copy.docsctl.tgz']));
    const [left, right] = [await normalizedArchive(archive), await normalizedArchive(join(b.dir, 'copy.docsctl.tgz'))];
    expect(right).toEqual(left);

    // What B holds is what A held: the file's bytes, the links to it, the members and their roles.
    const spaces = (await json(b, ['spaces', 'list'])).items as { id: string; title: string }[];
    const copy = spaces.find((s) => s.title === 'Changelog')!.id;
    const files = (await json(b, ['content', 'files', '--space', copy])).items as { id: string }[];
    expect(files).toHaveLength(1);
    ok(await b.run(['content', 'download', files[0].id, '--space', copy, '-o', 'logo.gif']));
    expect(readFileSync(join(b.dir, 'logo.gif'))).toEqual(GIF);
    expect((await b.run(['content', 'page', 'readme', '--path', '--space', copy])).stdout).toContain(`/files/${files[0].id}`);
    expect(space).not.toBe(copy);
    // A page's icon and description travel in its markdown's frontmatter.
    const tree = JSON.stringify(await json(b, ['content', 'tree', '--space', copy]));
    expect(tree).toContain('"description":"What breaks in v2"');
    expect(tree).toContain('"emoji":"warning"');
    const members = (await json(b, ['members', 'list', '--limit', '1000'])).items as { role: string; user: { email: string } }[];
    expect(members.find((m) => m.user.email === 'grace.hopper@acme.example')?.role).toBe('admin');
  }, 120_000);

  it('--new-org imports into an organization it creates, and a re-run goes on in that one', async () => {
    const { a, archive } = await sampleArchive();
    const dry = await a.run(['import', archive, '--new-org', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr + dry.stdout).toContain('would create an organization titled "Acme Docs"');
    expect((await json(a, ['orgs', 'list'])).items).toHaveLength(1);
    const combined = await a.run(['--org', 'whatever', 'import', archive, '--new-org']);
    expect(combined.code).toBe(2);
    expect(combined.stderr).toContain('--new-org creates the organization to import into: it cannot be combined with --org');

    // On the same instance, everything comes over but the hostname, which the first organization keeps.
    const hostnameTaken = 'organization hostname acme: hostname: "acme" is already used by another organization';
    const first = await a.run(['import', archive, '--new-org']);
    expect(first.code).toBe(1);
    expect(first.stderr).toContain(hostnameTaken);
    const orgs = (await json(a, ['orgs', 'list'])).items as { id: string; title: string }[];
    expect(orgs.map((o) => o.title)).toEqual(['Acme Docs', 'Acme Docs']);
    const created = orgs[1].id;
    expect((await json(a, ['--org', created, 'spaces', 'list'])).items).toHaveLength(7);
    // Again: no third organization, nothing made twice.
    expect((await a.run(['import', archive, '--new-org'])).stderr).toContain(hostnameTaken);
    expect((await json(a, ['orgs', 'list'])).items).toHaveLength(2);
    expect((await json(a, ['--org', created, 'spaces', 'list'])).items).toHaveLength(7);
  }, 120_000);

  it('resumes after a failure without making anything twice', async () => {
    const { archive, b } = await sampleArchive();
    // A field of the same name and another type: creating it fails, and so does setting its value on spaces.
    ok(await b.run(['custom-fields', 'create', 'owner', '--type', 'number']));
    const failed = await b.run(['import', archive]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('Could not be carried over:');
    expect(failed.stderr).toMatch(/custom field owner: /);
    expect(failed.stderr).toMatch(/space "Employee handbook": /);
    expect(failed.stderr).not.toMatch(/\n\s+at /);
    // Piped, the summary is TSV: kind, in archive, imported, failed.
    const rows = tsvRows(failed.stdout);
    expect(rows.find((r) => r[0] === 'spaces')).toEqual(['spaces', '7', '0', '7']);
    expect(rows.find((r) => r[0] === 'teams')).toEqual(['teams', '5', '5', '0']);

    ok(await b.run(['custom-fields', 'delete', 'owner', '--yes']));
    const dry = await b.run(['import', archive, '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(tsvRows(dry.stdout).find((r) => r[0] === 'teams')).toEqual(['teams', '5', '5', '0']);
    const resumed = await b.run(['import', archive]);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resumed: \d+ step\(s\) were done by an earlier run/);
    expect((await json(b, ['teams', 'list'])).items).toHaveLength(5);
    expect((await json(b, ['spaces', 'list'])).items).toHaveLength(7);
    ok(await b.run(['export', '-o', 'copy.docsctl.tgz']));
    expect(await normalizedArchive(join(b.dir, 'copy.docsctl.tgz'))).toEqual(await normalizedArchive(archive));
  }, 120_000);

  it("lists what is carried over with a loss: another person's comments are posted by the person importing", async () => {
    const a = await emptySandbox();
    ok(await a.run(['invites', 'email', 'grace@acme.example', '--role', 'admin']));
    const space = (await json(a, ['spaces', 'create', '--title', 'Notes'])).id as string;
    ok(await a.run(['--as', 'grace@acme.example', 'comments', 'add', '--space', space, '--body', 'First!']));
    ok(await a.run(['export', '-o', 'notes.docsctl.tgz']));
    const b = await emptySandbox();
    const imported = await b.run(['import', join(a.dir, 'notes.docsctl.tgz'), '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toMatch(/Carried over with a loss:\n  comment \S+ in space "Notes": posted by the person importing: the API posts as its caller \(written by grace@acme.example\)/);
    const result = JSON.parse(imported.stdout);
    expect(result.failures).toEqual([]);
    expect(result.notes).toHaveLength(1);
    const comments = (await json(b, ['comments', 'list', '--space', (await json(b, ['spaces', 'list'])).items[0].id])).items;
    expect(comments.map((c: { body: { markdown?: string } }) => c.body.markdown?.trim())).toEqual(['First!']);
  }, 60_000);

  it('export on a terminal and piped: the summary on stderr, nothing on stdout; --json the counts', async () => {
    const a = await sampleSandbox();
    for (const tty of [true, false]) {
      const r = await a.run(['export', '-o', `acme-${tty}.tgz`], { tty });
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^Exported organization \S+ \(Acme Docs\) to .*acme-(true|false)\.tgz:\n  37 members, 5 teams, 3 collections, 7 spaces with 3 pages and 0 files \(0 B\),\n  2 open change requests, 0 comments, 2 sites, 0 OpenAPI specs, 0 translations\.\n$/);
    }
    // Two exports of the same organization differ only in the manifest's time: the entries are the same bytes.
    const { readArchive } = await import('../../src/org-archive/archive-file');
    const [one, two] = [await readArchive(join(a.dir, 'acme-true.tgz')), await readArchive(join(a.dir, 'acme-false.tgz'))];
    expect(two.slice(1)).toEqual(one.slice(1));
    const orgs = (await json(a, ['orgs', 'list'])).items as { id: string }[];
    expect((await a.run(['export'])).code).toBe(0);
    expect(existsSync(join(a.dir, `${orgs[0].id}.docsctl.tgz`))).toBe(true);
  }, 60_000);

  it('dry run: prints the plan on a terminal and as JSON, and changes nothing', async () => {
    const { archive, b } = await sampleArchive();
    const table = await b.run(['import', archive, '--dry-run'], { tty: true });
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/KIND\W+IN ARCHIVE\W+ALREADY IMPORTED\W+TO IMPORT/);
    expect(table.stdout).toMatch(/members\W+37\W+0\W+37\W/);
    expect(table.stderr).toContain('would match 1 member(s) by e-mail and invite 36. Nothing was changed.');
    const plan = await json(b, ['import', archive, '--dry-run']);
    expect(plan.users).toEqual({ matched: 1, invited: 36 });
    expect(plan.plan.find((r: { kind: string }) => r.kind === 'sites')).toEqual({ kind: 'sites', archived: 2, done: 0, todo: 2 });
    expect((await json(b, ['members', 'list'])).items).toHaveLength(1);
    expect((await json(b, ['spaces', 'list'])).items).toHaveLength(0);
    expect(existsSync(`${archive}.map.json`)).toBe(false);
  }, 60_000);
});

describe('export and import: bad input', () => {
  /** Rewrites an archive's entries through `change`, keeping everything else. */
  async function tampered(from: string, to: string, change: (entries: { name: string; bytes: Buffer }[]) => { name: string; bytes: Buffer }[]) {
    const { readArchive, writeArchive } = await import('../../src/org-archive/archive-file');
    await writeArchive(to, change(await readArchive(from)));
  }

  it('names what is wrong, with a meaningful exit code and no stack trace', async () => {
    const a = await sampleSandbox();
    ok(await a.run(['export', '-o', 'good.tgz']));
    const good = join(a.dir, 'good.tgz');
    writeFileSync(join(a.dir, 'notes.txt'), 'not an archive');
    await tampered(good, join(a.dir, 'v99.tgz'), (entries) => entries.map((e) => (e.name === 'manifest.json' ? { ...e, bytes: Buffer.from(e.bytes.toString().replace('"version": 1,', '"version": 99,')) } : e)));
    await tampered(good, join(a.dir, 'changed.tgz'), (entries) => entries.map((e) => (e.name === 'organization.json' ? { ...e, bytes: Buffer.from(e.bytes.toString().replace('Acme Docs', 'Acme Evil')) } : e)));
    await tampered(good, join(a.dir, 'missing.tgz'), (entries) => entries.filter((e) => !e.name.startsWith('sites/')));
    await tampered(good, join(a.dir, 'first.tgz'), (entries) => [...entries.slice(1), entries[0]]);
    // Well-formed and with matching checksums, but not what the format holds: refused before anything is imported.
    const { sha256 } = await import('../../src/org-archive/manifest');
    await tampered(good, join(a.dir, 'shape.tgz'), (entries) => {
      const changed = entries.map((e) => (e.name === 'organization.json' ? { ...e, bytes: Buffer.from(JSON.stringify({ ...JSON.parse(e.bytes.toString()), members: 'everyone' })) } : e));
      const manifest = JSON.parse(changed[0].bytes.toString());
      manifest.entries = changed.slice(1).map((e) => ({ name: e.name, bytes: e.bytes.length, sha256: sha256(e.bytes) }));
      return [{ name: 'manifest.json', bytes: Buffer.from(JSON.stringify(manifest)) }, ...changed.slice(1)];
    });

    const cases: [string[], number, RegExp][] = [
      [['import', 'notes.txt'], 1, /^error: notes\.txt: not a gzip'd archive/],
      [['import', 'nothing.tgz'], 5, /^error: nothing\.tgz: no such file/],
      [['import', '.'], 2, /is a folder, not an archive/],
      [['import', 'v99.tgz'], 1, /v99\.tgz: manifest version 99 is not supported \(this docsctl reads version 1; the archive was made by a newer docsctl\)/],
      [['import', 'changed.tgz'], 1, /changed\.tgz: checksum mismatch for organization\.json/],
      [['import', 'missing.tgz'], 1, /missing\.tgz: the manifest lists sites\/\S+, sites\/\S+, missing from the archive/],
      [['import', 'first.tgz'], 1, /not an organization archive \(the first entry is organization\.json, not manifest\.json\)/],
      [['import', 'shape.tgz'], 1, /shape\.tgz: organization\.json is not what the archive format holds there: members: must be of type array/],
      [['--org', 'nope', 'import', 'good.tgz'], 5, /^error: .*nope/],
      [['--org', 'nope', 'export', '-o', 'nope.tgz'], 5, /^error: .*nope/],
    ];
    for (const [argv, code, message] of cases) {
      const r = await a.run(argv);
      expect(r.code, `${argv.join(' ')}: ${r.stderr}`).toBe(code);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(join(a.dir, 'nope.tgz'))).toBe(false);
    expect(readdirSync(a.dir).filter((f) => f.endsWith('.tmp') || f.endsWith('.map.json'))).toEqual([]);
  }, 60_000);

  it('refuses a mapping file written for another archive or another organization', async () => {
    const a = await sampleSandbox();
    ok(await a.run(['export', '-o', 'acme.tgz']));
    const b = await emptySandbox();
    writeFileSync(join(b.dir, 'other.map.json'), JSON.stringify({ format: 'docsctl-import-map', archive: 'x', target: { url: 'u', organization: 'o' }, ids: {}, done: [] }));
    const r = await b.run(['import', join(a.dir, 'acme.tgz'), '--map', 'other.map.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('other.map.json was written for another archive: move it away or pass --map FILE');
  }, 60_000);
});
