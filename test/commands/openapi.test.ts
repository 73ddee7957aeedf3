import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { yesPrompter, noPrompter } from '../helpers/cli';
import { emptySandbox, fieldsOf, json, ok, tableOf, tsvRows, type Sandbox } from './support';
import { READER, addMembers, addOrganization, withEngine } from './spaces-support';
import { runBuilt } from '../helpers/built';
import { refBomb } from '../openapi-document/ref-bomb';
import { specFixture } from '../helpers/openapi';
import { fixtureSite, serve, type FixtureSite } from '../fixtures/import/server';

const v1 = specFixture('v1.yaml');
const v2 = specFixture('v2.yaml');

let site: FixtureSite;
beforeAll(async () => {
  site = await fixtureSite({ '/v1.yaml': serve(v1, 'application/yaml') });
});
afterAll(() => site.close());

async function withFiles(): Promise<Sandbox> {
  const s = await emptySandbox();
  writeFileSync(join(s.dir, 'v1.yaml'), v1);
  writeFileSync(join(s.dir, 'v2.yaml'), v2);
  writeFileSync(join(s.dir, 'invalid.yaml'), specFixture('invalid.yaml'));
  return s;
}

const versionCount = async (s: Sandbox) => await withEngine(s, async (e) => (await e.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM openapi_spec_versions'))!.n);

describe('openapi publish', () => {
  it('publishes a file, is idempotent, and makes a new version for a changed file', async () => {
    const s = await withFiles();
    const first = ok(await s.run(['openapi', 'publish', 'v1.yaml', '--spec', 'petstore'], { tty: true }));
    expect(first.stderr).toContain('Published version 1 of spec petstore (new spec).');
    expect(fieldsOf(first.stdout)).toMatchObject({ SPEC: 'petstore', CHANGE: 'new-spec', VERSION: '1', STATE: 'complete' });

    const again = ok(await s.run(['openapi', 'publish', 'v1.yaml', '--spec', 'petstore']));
    expect(again.stderr).toContain('No change: spec petstore already has this document (version 1).');
    expect(tsvRows(again.stdout)[0].slice(0, 3)).toEqual(['petstore', 'no-change', '1']);
    expect(await versionCount(s)).toBe(1);

    const changed = await json(s, ['openapi', 'publish', 'v2.yaml', '--spec', 'petstore']);
    expect(changed).toMatchObject({ change: 'new-version', spec: { object: 'openapi-spec', slug: 'petstore' }, version: { object: 'openapi-spec-version', number: 2, apiVersion: '2.0.0' } });
    expect(changed.spec.lastVersion).toBe(changed.version.id);
    expect(await versionCount(s)).toBe(2);
  });

  it("takes the platform CLI's flags as they are: --organization and the file last", async () => {
    const s = await withFiles();
    const org = (await json(s, ['orgs', 'list'])).items[0].id as string;
    const published = await json(s, ['openapi', 'publish', '--spec', 'petstore', '--organization', org, 'v1.yaml']);
    expect(published).toMatchObject({ change: 'new-spec', spec: { slug: 'petstore' } });
    const wrong = await s.run(['openapi', 'publish', '--spec', 'petstore', '--organization', 'nope', 'v1.yaml']);
    expect(wrong.code).toBe(5);
  });

  it('--dry-run says what would change and publishes nothing', async () => {
    const s = await withFiles();
    const fresh = ok(await s.run(['openapi', 'publish', 'v1.yaml', '--spec', 'petstore', '--dry-run']));
    expect(fresh.stderr).toContain('Would create spec petstore');
    expect(await json(s, ['openapi', 'publish', 'v1.yaml', '--spec', 'petstore', '--dry-run'])).toEqual({ spec: { slug: 'petstore' }, change: 'new-spec', dryRun: true });
    expect(await versionCount(s)).toBe(0);
    ok(await s.run(['openapi', 'publish', 'v1.yaml', '--spec', 'petstore']));
    expect((await json(s, ['openapi', 'publish', 'v1.yaml', '--spec', 'petstore', '--dry-run'])).change).toBe('no-change');
    const next = ok(await s.run(['openapi', 'publish', 'v2.yaml', '--spec', 'petstore', '--dry-run'], { tty: true }));
    expect(next.stderr).toContain('Would publish a new version of spec petstore.');
    expect(fieldsOf(next.stdout)).toMatchObject({ CHANGE: 'new-version' });
    expect(await versionCount(s)).toBe(1);
  });

  it('an invalid document exits 1 with the parser messages and sends nothing', async () => {
    const s = await withFiles();
    const res = await s.run(['openapi', 'publish', 'invalid.yaml', '--spec', 'petstore']);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('  #/info: missing required property "version"\n  #/paths/~1pets/get: missing required property "responses"\n');
    expect(res.stderr).toContain('invalid.yaml is not a valid OpenAPI document (2 problems, listed above); nothing was sent');
    expect((await s.run(['openapi', 'get', 'petstore'])).code).toBe(5);
    const missing = await s.run(['openapi', 'publish', 'nope.yaml', '--spec', 'petstore']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nope.yaml: cannot read the file (ENOENT)');
  });

  it('stops validating the file when the organization cannot be found, and exits at once (the built CLI)', async () => {
    const s = await withFiles();
    // A member of two organizations, none of them the database's first: which one is not known.
    await addMembers(s, { [READER]: 'read' });
    await addOrganization(s, 'Two', READER);
    await addOrganization(s, 'Three', READER);
    ok(await s.run(['members', 'remove', READER, '--yes']));
    writeFileSync(join(s.dir, 'bomb.json'), refBomb()); // a minute of validation, were it not stopped
    const started = performance.now();
    const res = await runBuilt(s, ['--as', READER, 'openapi', 'publish', 'bomb.json', '--spec', 'petstore']);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain('you belong to 2 organizations: pass --org ID');
    expect(performance.now() - started).toBeLessThan(10_000); // the validation's time bound is 20 s
  }, 30_000);

  it("says an invalid document's faults first, also when reading the spec fails meanwhile (a guest may not)", async () => {
    const s = await withFiles();
    await addMembers(s, { 'guest@example.com': null });
    const invalid = await s.run(['--as', 'guest@example.com', 'openapi', 'publish', 'invalid.yaml', '--spec', 'petstore']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('invalid.yaml is not a valid OpenAPI document (2 problems, listed above); nothing was sent');
    const valid = await s.run(['--as', 'guest@example.com', 'openapi', 'publish', 'v1.yaml', '--spec', 'petstore']);
    expect(valid.code, valid.stderr).toBe(4);
  });

  it('publishes a URL (validated here first, fetched by the instance) and takes --org', async () => {
    const s = await withFiles();
    const orgId = (await json(s, ['orgs', 'list'])).items[0].id;
    const res = await json(s, ['openapi', 'publish', `${site.url}/v1.yaml`, '--spec', 'remote', '--org', orgId]);
    expect(res.spec).toMatchObject({ sourceURL: `${site.url}/v1.yaml`, processingState: 'complete' });
    const bad = await s.run(['openapi', 'publish', `${site.url}/missing.yaml`, '--spec', 'remote']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/missing\.yaml answered HTTP 404 \(FETCH_ERROR\)/);
  });

  it('members below create cannot publish (exit 4); --spec is required (exit 2)', async () => {
    const s = await withFiles();
    await addMembers(s, { [READER]: 'read' });
    const denied = await s.run(['--as', READER, 'openapi', 'publish', 'v1.yaml', '--spec', 'petstore']);
    expect(denied.code).toBe(4);
    expect(denied.stderr).toContain('create role or higher');
    expect((await s.run(['openapi', 'publish', 'v1.yaml'])).code).toBe(2);
  });
});

describe('openapi diff', () => {
  it('shows added, removed and changed operations and flags breaking ones', async () => {
    const s = await withFiles();
    ok(await s.run(['openapi', 'publish', 'v1.yaml', '--spec', 'petstore']));
    const tty = ok(await s.run(['openapi', 'diff', 'petstore', 'v2.yaml'], { tty: true }));
    const table = tableOf(tty.stdout);
    expect(table.header).toEqual(['CHANGE', 'OPERATION', 'BREAKING', 'DETAIL']);
    expect(table.rows[0]).toEqual(['removed', 'DELETE /pets/{petId} (deletePet)', 'yes', 'operation removed']);
    expect(tty.stderr).toContain('1 added, 1 removed, 2 changed operations; 8 breaking changes.');
    const rows = tsvRows(ok(await s.run(['openapi', 'diff', 'petstore', 'v2.yaml'])).stdout);
    expect(rows).toContainEqual(['changed', 'GET /pets (listPets)', 'yes', 'parameter query:limit became required']);
    expect(rows).toContainEqual(['changed', 'GET /pets/{petId} (showPetById)', 'yes', '200 response status: enum lost "sold"']);
    expect(rows[rows.length - 1]).toEqual(['added', 'GET /stores (listStores)', 'no', 'operation added']);
    const diff = await json(s, ['openapi', 'diff', 'petstore', 'v2.yaml']);
    expect(diff).toMatchObject({ breaking: 8, added: [{ path: '/stores' }], removed: [{ method: 'DELETE' }] });

    const failing = await s.run(['openapi', 'diff', 'petstore', 'v2.yaml', '--fail-on-breaking']);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toContain('8 breaking changes (--fail-on-breaking)');
    const same = ok(await s.run(['openapi', 'diff', 'petstore', 'v1.yaml', '--fail-on-breaking']));
    expect(same.stdout).toBe('');
    expect(same.stderr).toContain('0 added, 0 removed, 0 changed operations; 0 breaking changes.');
  });

  it('an unknown spec exits 5; an invalid file exits 1', async () => {
    const s = await withFiles();
    expect((await s.run(['openapi', 'diff', 'nope', 'v2.yaml'])).code).toBe(5);
    ok(await s.run(['openapi', 'publish', 'v1.yaml', '--spec', 'petstore']));
    expect((await s.run(['openapi', 'diff', 'petstore', 'invalid.yaml'])).code).toBe(1);
  });
});

describe('openapi list, get, versions, content, delete', () => {
  it('reads specs and versions in every output mode', async () => {
    const s = await withFiles();
    const empty = ok(await s.run(['openapi', 'list'], { tty: true }));
    expect(empty.stderr).toContain('No results.');
    ok(await s.run(['openapi', 'publish', 'v1.yaml', '--spec', 'petstore']));
    ok(await s.run(['openapi', 'publish', 'v2.yaml', '--spec', 'petstore']));
    ok(await s.run(['openapi', 'publish', 'v1.yaml', '--spec', 'another']));

    const table = tableOf(ok(await s.run(['openapi', 'list'], { tty: true })).stdout);
    expect(table.header).toEqual(['SLUG', 'STATE', 'ERROR', 'LAST VERSION', 'PROCESSED', 'SOURCE URL']);
    expect(table.rows.map((r) => r[0])).toEqual(['another', 'petstore']);
    expect(tsvRows(ok(await s.run(['openapi', 'list'])).stdout).map((r) => r.slice(0, 2))).toEqual([['another', 'complete'], ['petstore', 'complete']]);
    expect((await json(s, ['openapi', 'list'])).count).toBe(2);

    const spec = await json(s, ['openapi', 'get', 'petstore']);
    expect(fieldsOf(ok(await s.run(['openapi', 'get', 'petstore'], { tty: true })).stdout)).toMatchObject({ ID: spec.id, SLUG: 'petstore', STATE: 'complete' });
    expect(tsvRows(ok(await s.run(['openapi', 'get', 'petstore'])).stdout)[0][0]).toBe(spec.id);

    const versions = await json(s, ['openapi', 'versions', 'petstore']);
    expect(versions.items.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    expect(tableOf(ok(await s.run(['openapi', 'versions', 'petstore'], { tty: true })).stdout).rows.map((r) => r[1])).toEqual(['2', '1']);
    expect(tsvRows(ok(await s.run(['openapi', 'versions', 'petstore', '--limit', '1'])).stdout)).toHaveLength(1);

    expect(ok(await s.run(['openapi', 'content', 'petstore'])).stdout).toBe(v2);
    expect(ok(await s.run(['openapi', 'content', 'petstore', '--version-id', versions.items[1].id], { tty: true })).stdout).toBe(v1);
    const content = await json(s, ['openapi', 'content', 'petstore']);
    expect(content).toEqual({ filesystem: { 'openapi.yaml': v2 }, url: versions.items[0].url, urls: { source: versions.items[0].url, public: null } });
    const saved = ok(await s.run(['openapi', 'content', 'petstore', '--version-id', versions.items[1].id, '-o', 'old.yaml']));
    expect(saved.stderr).toContain('Wrote openapi.yaml of petstore to old.yaml.');
    expect(readFileSync(join(s.dir, 'old.yaml'), 'utf8')).toBe(v1);
    expect((await s.run(['openapi', 'content', 'petstore', '--version-id', 'nope'])).code).toBe(5);
  });

  it('delete confirms on a terminal and needs --yes otherwise', async () => {
    const s = await withFiles();
    ok(await s.run(['openapi', 'publish', 'v1.yaml', '--spec', 'petstore']));
    const refused = await s.run(['openapi', 'delete', 'petstore']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing without --yes');
    expect((await s.run(['openapi', 'delete', 'petstore'], { tty: true, prompter: noPrompter })).code).toBe(2);
    ok(await s.run(['openapi', 'delete', 'petstore'], { tty: true, prompter: yesPrompter }));
    expect((await s.run(['openapi', 'get', 'petstore'])).code).toBe(5);
    ok(await s.run(['openapi', 'publish', 'v1.yaml', '--spec', 'petstore']));
    expect(ok(await s.run(['openapi', 'delete', 'petstore', '--yes'])).stderr).toContain('Deleted OpenAPI spec petstore.');
    expect(await versionCount(s)).toBe(0);
    expect((await s.run(['openapi', 'delete', 'nope', '--yes'])).code).toBe(5);
  });

  it('every verb has help with an example', async () => {
    const s = await withFiles();
    for (const verb of ['publish', 'diff', 'list', 'get', 'versions', 'content', 'delete']) {
      const help = await s.run(['openapi', verb, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`$ docsctl openapi ${verb}`);
    }
  });
});
