import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emptySandbox, json, ok, sampleSandbox, tsvRows } from './support';
import { enrichSample, GIF, normalizedArchive, UPGRADE_STEPS } from '../helpers/org-archive';

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
    expect(exported.counts).toMatchObject({ members: 37, teams: 5, collections: 3, spaces: 7, files: 1, reusableContents: 1, changeRequests: 3, comments: 3, replies: 2, sites: 2, openapiSpecs: 1, openapiVersions: 2, translations: 1, customFields: 3, samlProviders: 1, invites: 2 });
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
    // The reusable content, as it was but for its id, and the page including it names its new id.
    const reusables = (await json(b, ['api', `/v1/spaces/${copy}/content/reusable-contents`])).items as { id: string; title: string; markdown: string; git?: { path: string } }[];
    const original = (await json(a, ['api', `/v1/spaces/${space}/content/reusable-contents`])).items as typeof reusables;
    expect(reusables.map(({ title, markdown, git }) => ({ title, markdown, git: git?.path }))).toEqual([{ title: 'Upgrade steps', markdown: UPGRADE_STEPS, git: '.gitbook/includes/upgrade.md' }]);
    expect(reusables[0].id).not.toBe(original[0].id);
    const v2 = (await b.run(['content', 'page', 'v2', '--path', '--space', copy])).stdout;
    expect(v2).toContain(`{% include "/reusable-contents/${reusables[0].id}" %}`);
    expect(v2).not.toContain(original[0].id);
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
      expect(r.stderr).toMatch(/^Exported organization \S+ \(Acme Docs\) to .*acme-(true|false)\.tgz:\n  37 members, 5 teams, 3 collections, 7 spaces with 3 pages, 0 reusable contents and 0 files \(0 B\),\n  2 open change requests, 0 comments, 2 sites, 0 OpenAPI specs, 0 translations\.\n$/);
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

/** Runs `docsctl api -X POST PATH --input FILE` with `body` and answers the parsed answer. */
async function post(box: Awaited<ReturnType<typeof emptySandbox>>, path: string, body: unknown = {}) {
  const file = join(box.dir, 'body.json');
  writeFileSync(file, JSON.stringify(body));
  return await json(box, ['api', '-X', 'POST', path, '--input', file]);
}

type Reusable = { id: string; title: string; markdown: string; git?: { path: string } };
const include = (id: string) => `{% include "/reusable-contents/${id}" %}`;
/** Text as Git Sync keeps it: frontmatter, CRLF, trailing blanks, no final newline. */
const RESTART = '---\ntitle: Restart\n---\r\n\r\n1. Stop.  \r\n2. Start.';

describe('export and import: reusable content', () => {
  it('carries reusable contents (with a Git Sync file or none) and a change request changing them; includes name the new ids', async () => {
    const a = await emptySandbox();
    const space = (await json(a, ['spaces', 'create', '--title', 'Handbook'])).id as string;
    const crs = `/v1/spaces/${space}/change-requests`;
    const seed = (await post(a, crs, { subject: 'seed' })).id as string;
    const [restart, contact] = (await post(a, `${crs}/${seed}/content`, { changes: [
      { operation: 'insert_reusable_content', title: 'Restart', document: { markdown: RESTART }, git: { path: '.gitbook/includes/restart.md' } },
      { operation: 'insert_reusable_content', title: 'Contact support', document: { markdown: 'Write to [support](mailto:help@acme.example).\n' } },
    ] })).changes.map((c: { reusableContent: string }) => c.reusableContent);
    const guide = `# Guide\n\n${include(restart)}\n\nOr ask:\n\n{%- include '/reusable-contents/${contact}' -%}\n\n${include('ghost')}\n`;
    await post(a, `${crs}/${seed}/content`, { changes: [{ operation: 'insert_page', document: { markdown: guide } }] });
    await post(a, `${crs}/${seed}/merge`);
    // An open change request renames one, deletes the other and adds a third, which a new page includes.
    const rework = (await post(a, crs, { subject: 'Rework' })).id as string;
    const added = (await post(a, `${crs}/${rework}/content`, { changes: [
      { operation: 'update_reusable_content', reusableContent: contact, title: 'Contact us' },
      { operation: 'delete_reusable_content', reusableContent: restart },
      { operation: 'insert_reusable_content', title: 'New step', document: { markdown: 'Check the logs.\n' }, git: { path: '.gitbook/includes/new-step.md' } },
    ] })).changes[2].reusableContent as string;
    await post(a, `${crs}/${rework}/content`, { changes: [{ operation: 'insert_page', document: { markdown: `# Next\n\n${include(added)}\n` } }] });
    const exported = await json(a, ['export', '-o', 'handbook.docsctl.tgz']);
    expect(exported.counts).toMatchObject({ spaces: 1, pages: 1, reusableContents: 2, changeRequests: 1 });
    expect(exported.version).toBe(2);
    const archive = join(a.dir, 'handbook.docsctl.tgz');

    const b = await emptySandbox();
    const imported = await b.run(['import', archive]);
    expect(imported.code, imported.stderr).toBe(0);
    const copy = (await json(b, ['spaces', 'list'])).items[0].id as string;
    const listed = async (root: string, box = b) => (await json(box, ['api', `${root}/content/reusable-contents`])).items as Reusable[];
    const shape = (items: Reusable[]) => items.map(({ title, markdown, git }) => ({ title, markdown, git: git?.path }));
    const main = await listed(`/v1/spaces/${copy}`);
    expect(shape(main)).toEqual(shape(await listed(`/v1/spaces/${space}`, a)));
    expect(shape(main)).toEqual([
      { title: 'Contact support', markdown: 'Write to [support](mailto:help@acme.example).\n', git: undefined },
      { title: 'Restart', markdown: RESTART, git: '.gitbook/includes/restart.md' },
    ]);
    const [newContact, newRestart] = main.map((r) => r.id);
    expect([newContact, newRestart]).not.toContain(contact);
    const copied = (await b.run(['content', 'page', 'guide', '--path', '--space', copy])).stdout;
    expect(copied).toContain(`${include(newRestart)}\n\nOr ask:\n\n{%- include '/reusable-contents/${newContact}' -%}\n\n${include('ghost')}`);

    // The change request: the renamed one keeps its (new) id, the deleted one is gone, the added one is included by its new id.
    const cr = (await json(b, ['api', `/v1/spaces/${copy}/change-requests`])).items[0] as { id: string; subject: string };
    expect(cr.subject).toBe('Rework');
    const inCr = await listed(`/v1/spaces/${copy}/change-requests/${cr.id}`);
    expect(inCr.map((r) => [r.id === newContact, r.title, r.git?.path])).toEqual([[true, 'Contact us', undefined], [false, 'New step', '.gitbook/includes/new-step.md']]);
    expect((await b.run(['content', 'page', 'next', '--path', '--space', copy, '--change-request', cr.id])).stdout).toContain(include(inCr[1].id));

    // The links report: the includes of reusable contents the content holds are ok, the ghost's broken.
    const links = await json(b, ['links', '--space', copy]);
    const targets = links.items.map((i: { status: string; targetReference: { kind: string; reusableContent: string } }) => [i.status, i.targetReference.kind, i.targetReference.reusableContent]);
    expect(targets[0]).toEqual(['broken', 'reusable-content', 'ghost']);
    // Ok ones are ordered by id, which is random here.
    expect(targets.slice(1).sort()).toEqual([['ok', 'reusable-content', newContact], ['ok', 'reusable-content', newRestart]].sort());

    // Again: nothing to do, nothing made twice; and B exports as A did.
    const again = await b.run(['import', archive]);
    expect(again.code, again.stderr).toBe(0);
    expect(await listed(`/v1/spaces/${copy}`)).toEqual(main);
    ok(await b.run(['export', '-o', 'copy.docsctl.tgz']));
    expect(await normalizedArchive(join(b.dir, 'copy.docsctl.tgz'))).toEqual(await normalizedArchive(archive));

    // A run that stopped after the space's content and before the change request: the next finds
    // the space's reusable contents again (by file or title) and changes them rather than adding copies.
    const mapFile = `${archive}.map.json`;
    const kept = readFileSync(mapFile, 'utf8').split('\n').filter(Boolean).filter((line) => {
      const record = JSON.parse(line) as { done?: string; id?: [string, string] };
      return !record.done?.startsWith('cr:') && !record.id?.[0].startsWith('cr:');
    });
    writeFileSync(mapFile, `${kept.join('\n')}\n`);
    await json(b, ['api', '-X', 'PATCH', `/v1/spaces/${copy}/change-requests/${cr.id}`, '-f', 'status=archived']);
    const resumed = await b.run(['import', archive]);
    expect(resumed.code, resumed.stderr).toBe(0);
    const [redone] = (await json(b, ['api', `/v1/spaces/${copy}/change-requests`])).items as { id: string }[];
    expect(redone.id).not.toBe(cr.id);
    const again2 = await listed(`/v1/spaces/${copy}/change-requests/${redone.id}`);
    expect(again2.map((r) => [r.id === newContact, r.title])).toEqual([[true, 'Contact us'], [false, 'New step']]);
    expect((await b.run(['content', 'page', 'next', '--path', '--space', copy, '--change-request', redone.id])).stdout).toContain(include(again2[1].id));
  }, 120_000);

  it('imports an archive of version 1, written before archives held reusable content', async () => {
    const a = await sampleSandbox();
    await enrichSample(a);
    ok(await a.run(['export', '-o', 'v2.tgz']));
    // What an earlier docsctl wrote: no reusableContents in any content, version 1, no such count.
    const { readArchive, writeArchive } = await import('../../src/org-archive/archive-file');
    const { sha256 } = await import('../../src/org-archive/manifest');
    const withoutReusables = (content: Record<string, unknown>) => {
      delete content.reusableContents;
    };
    const entries = (await readArchive(join(a.dir, 'v2.tgz'))).slice(1).map((e) => {
      if (!e.name.startsWith('spaces/')) return e;
      const space = JSON.parse(e.bytes.toString());
      withoutReusables(space.content);
      for (const cr of space.changeRequests) withoutReusables(cr.content);
      return { name: e.name, bytes: Buffer.from(`${JSON.stringify(space, null, 1)}\n`) };
    });
    const manifest = JSON.parse((await readArchive(join(a.dir, 'v2.tgz')))[0].bytes.toString());
    delete manifest.counts.reusableContents;
    const v1 = { ...manifest, version: 1, entries: entries.map((e) => ({ name: e.name, bytes: e.bytes.length, sha256: sha256(e.bytes) })) };
    await writeArchive(join(a.dir, 'v1.tgz'), [{ name: 'manifest.json', bytes: Buffer.from(JSON.stringify(v1, null, 1)) }, ...entries]);
    expect(JSON.stringify(entries.map((e) => e.bytes.toString()))).not.toContain('reusableContents');

    const b = await emptySandbox();
    const imported = await b.run(['import', join(a.dir, 'v1.tgz')]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).not.toContain('Could not be carried over');
    expect((await json(b, ['spaces', 'list'])).items).toHaveLength(7);
    ok(await b.run(['export', '-o', 'copy.tgz']));
    // Everything but the reusable content (which version 1 did not hold) came over.
    const [left, right] = [await normalizedArchive(join(a.dir, 'v2.tgz')), await normalizedArchive(join(b.dir, 'copy.tgz'))];
    const strip = (n: typeof left) => JSON.parse(JSON.stringify(n, (key, value) => (key === 'reusableContents' ? undefined : value)));
    expect(strip(right)).toEqual(strip(left));
  }, 120_000);
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
    await tampered(good, join(a.dir, 'v99.tgz'), (entries) => entries.map((e) => (e.name === 'manifest.json' ? { ...e, bytes: Buffer.from(e.bytes.toString().replace(/"version": \d+,/, '"version": 99,')) } : e)));
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
      [['import', 'v99.tgz'], 1, /v99\.tgz: manifest version 99 is not supported \(this docsctl reads versions 1 and 2; the archive was made by a newer docsctl\)/],
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
