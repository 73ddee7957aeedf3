import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptySandbox, sampleSandbox, fieldsOf, json, ok, recordingPrompter, tableOf, tsvRows, type Sandbox } from './support';
import { READER, addMembers, createSpace, withEngine } from './spaces-support';
import { createUserRow } from '../../src/engine/users';
import { insertOrganization } from '../../src/engine/organizations';

const HEADER = ['ID', 'TITLE', 'VISIBILITY', 'PUBLISHED', 'SPACES', 'URL'];
const DETAIL = [...HEADER, 'TYPE', 'HOSTNAME', 'BASENAME', 'PROXY', 'ADAPTIVE', 'CREATED', 'UPDATED', 'APP URL'];
const PUBLIC_URL = 'http://localhost:8080';
const VISITOR = 'visitor@other.example';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function createSite(s: Sandbox, title: string, ...flags: string[]): Promise<any> {
  return json(s, ['sites', 'create', '--title', title, ...flags]);
}

const CLAIMS = {
  type: 'object',
  additionalProperties: false,
  properties: {
    isBetaUser: { type: 'boolean', description: 'Signed up for the beta' },
    unsigned: { type: 'object', properties: { darkMode: { type: 'boolean' } } },
  },
};

describe('sites create', () => {
  it('creates a site showing existing spaces, in every output mode', async () => {
    const s = await emptySandbox();
    const guides = await createSpace(s, 'Guides');
    const api = await createSpace(s, 'API');
    const created = await createSite(s, 'Developer docs', '--space', guides.id, api.id, '--visibility', 'unlisted', '--type', 'premium');
    expect(created).toMatchObject({ object: 'site', title: 'Developer docs', visibility: 'unlisted', type: 'premium', published: false, siteSpaces: 2 });
    expect(created.urls.published).toBe(`${PUBLIC_URL}/o/${created.urls.location.split('/')[5]}/sites/${created.id}`);

    const tty = ok(await s.run(['sites', 'create', '--title', 'Handbook', '--space', guides.id], { tty: true }));
    const fields = fieldsOf(tty.stdout);
    expect(Object.keys(fields)).toEqual(DETAIL);
    expect(fields).toMatchObject({ TITLE: 'Handbook', VISIBILITY: 'public', PUBLISHED: 'false', SPACES: '1', TYPE: 'basic' });
    expect(tty.stderr).toMatch(/^Created site Handbook \(.+\); publish it with: docsctl sites publish /);

    const piped = ok(await s.run(['sites', 'create', '--title', 'Status']));
    const [row] = tsvRows(piped.stdout);
    expect(row).toHaveLength(DETAIL.length);
    expect(row.slice(1, 5)).toEqual(['Status', 'public', 'false', '0']);
  });

  it('creates a new sample space with pages, or an empty one', async () => {
    const s = await emptySandbox();
    const site = await createSite(s, 'Help center', '--new-space', 'sample');
    expect(site.siteSpaces).toBe(1);
    const spaces = await json(s, ['spaces', 'list']);
    expect(spaces.items.map((x: { title: string }) => x.title)).toEqual(['Help center']);
    const published = await json(s, ['sites', 'published', site.id]);
    const spaceId = published.structure.structure[0].space.id;
    const pages = ok(await s.run(['content', 'tree', '--space', spaceId])).stdout;
    expect(pages).toContain('Quickstart');
    expect((await createSite(s, 'Blank', '--new-space', 'empty')).siteSpaces).toBe(1);
  });

  it('refuses bad input: combined flags (exit 2), API validation naming the field (exit 1), non-admins (exit 4)', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const space = await createSpace(s, 'Guides');
    const both = await s.run(['sites', 'create', '--space', space.id, '--new-space', 'empty']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--space and --new-space cannot be combined');
    const short = await s.run(['sites', 'create', '--title', 'x']);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('title: must be at least 2 characters');
    const unknown = await s.run(['sites', 'create', '--space', 'nope']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('spaces[0]: no space nope in this organization');
    expect((await s.run(['sites', 'create', '--visibility', 'private'])).code).toBe(2);
    expect((await s.run(['--as', READER, 'sites', 'create', '--title', 'Mine'])).code).toBe(4);
    expect((await json(s, ['sites', 'list'])).count).toBe(0);
  });
});

describe('sites list and get', () => {
  it('lists sites with filters in every output mode; an empty list exits 0', async () => {
    const s = await emptySandbox();
    expect(ok(await s.run(['sites', 'list'], { tty: true })).stderr).toContain('No results.');
    const space = await createSpace(s, 'Guides');
    const handbook = await createSite(s, 'Internal handbook', '--space', space.id);
    const portal = await createSite(s, 'Developer portal');
    ok(await s.run(['sites', 'publish', portal.id]));

    const rows = tsvRows(ok(await s.run(['sites', 'list'])).stdout);
    expect(rows.map((r) => r.slice(0, 5))).toEqual([
      [handbook.id, 'Internal handbook', 'public', 'false', '1'],
      [portal.id, 'Developer portal', 'public', 'true', '0'],
    ]);
    const table = tableOf(ok(await s.run(['sites', 'list'], { tty: true })).stdout);
    expect(table.header).toEqual(HEADER);
    expect(table.rows.map((r) => r[1])).toEqual(['Internal handbook', 'Developer portal']);
    const listed = await json(s, ['sites', 'list']);
    expect(listed.items[0]).toEqual(await json(s, ['sites', 'get', handbook.id]));

    const ids = async (...flags: string[]) => (await json(s, ['sites', 'list', ...flags])).items.map((i: { id: string }) => i.id);
    expect(await ids('--published')).toEqual([portal.id]);
    expect(await ids('--unpublished')).toEqual([handbook.id]);
    expect(await ids('--title', 'HANDBOOK')).toEqual([handbook.id]);
    expect(await ids('--space', space.id)).toEqual([handbook.id]);
    expect(await ids('--limit', '1')).toEqual([handbook.id]);
    expect((await s.run(['sites', 'list', '--published', '--unpublished'])).code).toBe(2);
  });

  it('gets one site in every output mode; an unknown site exits 5', async () => {
    const s = await emptySandbox();
    const site = await createSite(s, 'Docs');
    const fields = fieldsOf(ok(await s.run(['sites', 'get', site.id], { tty: true })).stdout);
    expect(fields).toMatchObject({ ID: site.id, TITLE: 'Docs', ADAPTIVE: 'false', URL: site.urls.published, 'APP URL': site.urls.app });
    const [row] = tsvRows(ok(await s.run(['sites', 'get', site.id])).stdout);
    expect(row[0]).toBe(site.id);
    expect(await json(s, ['sites', 'get', site.id])).toEqual(site);
    const missing = await s.run(['sites', 'get', 'nope']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('site nope not found');
  });
});

describe('sites update, publish and unpublish', () => {
  it('sends every flag, --no-X removes a value, and prints the site', async () => {
    const s = await emptySandbox();
    const space = await createSpace(s, 'Guides');
    const other = await createSpace(s, 'API');
    const site = await createSite(s, 'Docs', '--space', space.id, other.id);
    const updated = await json(s, [
      'sites', 'update', site.id, '--title', 'Product docs', '--visibility', 'share-link', '--basename', 'docs',
      '--hostname', 'docs.example.com', '--proxy', 'example.com/help', '--adaptive', '--publish',
    ]);
    expect(updated).toMatchObject({
      title: 'Product docs', visibility: 'share-link', basename: 'docs', hostname: 'docs.example.com',
      proxy: { origin: 'example.com/help', target: 'https://docs.example.com/docs' }, adaptiveContent: { enabled: true }, published: true,
    });
    const cleared = await json(s, ['sites', 'update', site.id, '--no-proxy', '--no-hostname', '--no-basename', '--no-adaptive', '--unpublish']);
    expect(cleared).toMatchObject({ adaptiveContent: { enabled: false }, published: false });
    for (const field of ['proxy', 'hostname', 'basename']) expect(cleared).not.toHaveProperty(field);

    const apiSiteSpace = (await json(s, ['sites', 'published', site.id])).structure.structure[1].id;
    ok(await s.run(['sites', 'update', site.id, '--default-site-space', apiSiteSpace]));
    const defaults = (await json(s, ['sites', 'published', site.id])).structure.structure.map((x: { default: boolean }) => x.default);
    expect(defaults).toEqual([false, true]);

    const tty = ok(await s.run(['sites', 'update', site.id, '--title', 'Docs again'], { tty: true }));
    expect(fieldsOf(tty.stdout).TITLE).toBe('Docs again');
    expect(tty.stderr).toContain(`Updated site Docs again (${site.id}).`);
    const [piped] = tsvRows(ok(await s.run(['sites', 'update', site.id, '--visibility', 'visitor-auth'])).stdout);
    expect(piped.slice(0, 3)).toEqual([site.id, 'Docs again', 'visitor-auth']);
  });

  it('refuses nothing to do and contradicting flags (exit 2), bad values (exit 1), conflicts (exit 6), readers (exit 4)', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const a = await createSite(s, 'Site A');
    const b = await createSite(s, 'Site B');
    const nothing = await s.run(['sites', 'update', a.id]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to update');
    expect((await s.run(['sites', 'update', a.id, '--publish', '--unpublish'])).code).toBe(2);
    const bad = await s.run(['sites', 'update', a.id, '--proxy', 'https://example.com/docs']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('proxy: must be a host and a path');
    ok(await s.run(['sites', 'update', a.id, '--hostname', 'docs.example.com']));
    const taken = await s.run(['sites', 'update', b.id, '--hostname', 'docs.example.com']);
    expect(taken.code).toBe(6);
    expect(taken.stderr).toContain('hostname: "docs.example.com" is already used by another site');
    expect((await s.run(['--as', READER, 'sites', 'publish', a.id])).code).toBe(4);
    expect((await s.run(['sites', 'publish', 'nope'])).code).toBe(5);
  });

  it('publish and unpublish flip published and say where the site is', async () => {
    const s = await emptySandbox();
    const site = await createSite(s, 'Docs');
    const published = ok(await s.run(['sites', 'publish', site.id]));
    expect(published.stderr).toContain(`Published site Docs (public) at ${site.urls.published}`);
    expect(tsvRows(published.stdout)[0][3]).toBe('true');
    expect((await json(s, ['sites', 'get', site.id])).published).toBe(true);
    const tty = ok(await s.run(['sites', 'unpublish', site.id], { tty: true }));
    expect(fieldsOf(tty.stdout).PUBLISHED).toBe('false');
    expect((await json(s, ['sites', 'unpublish', site.id])).published).toBe(false);
  });
});

describe('sites delete', () => {
  it('refuses without --yes when piped; asks on a TTY; deletes the site but not its spaces', async () => {
    const s = await emptySandbox();
    const space = await createSpace(s, 'Guides');
    const site = await createSite(s, 'Docs', '--space', space.id);
    const refused = await s.run(['sites', 'delete', site.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing without --yes');
    const no = recordingPrompter(false);
    expect((await s.run(['sites', 'delete', site.id], { tty: true, prompter: no })).code).toBe(2);
    expect(no.questions).toEqual([`Delete site "Docs" (${site.id}) and its structure?`]);
    ok(await s.run(['sites', 'get', site.id]));
    const yes = recordingPrompter(true);
    const done = ok(await s.run(['sites', 'delete', site.id], { tty: true, prompter: yes }));
    expect(done.stderr).toContain(`Deleted site Docs (${site.id}).`);
    expect((await s.run(['sites', 'get', site.id])).code).toBe(5);
    ok(await s.run(['spaces', 'get', space.id]));
    const other = await createSite(s, 'Other');
    const piped = ok(await s.run(['--json', 'sites', 'delete', other.id, '--yes']));
    expect(piped.stdout).toBe('');
    expect((await s.run(['sites', 'delete', 'nope', '--yes'])).code).toBe(5);
  });
});

describe('sites share-link', () => {
  it('prints the share URL (stdout) with notes (stderr); --rotate asks or needs --yes and replaces the key', async () => {
    const s = await emptySandbox();
    const site = await createSite(s, 'Docs', '--visibility', 'share-link');
    const printed = ok(await s.run(['sites', 'share-link', site.id]));
    const url = printed.stdout.trim();
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/o/.+/sites/${site.id}\\?shareKey=[A-Za-z0-9_-]{32}$`));
    expect(printed.stderr).toContain('is not published yet');
    const link = await json(s, ['sites', 'share-link', site.id]);
    expect(link).toEqual({ object: 'site-share-link', shareKey: url.split('=')[1], url });
    expect(ok(await s.run(['sites', 'share-link', site.id], { tty: true })).stdout).toBe(`${url}\n`);

    const refused = await s.run(['sites', 'share-link', site.id, '--rotate']);
    expect(refused.code).toBe(2);
    expect(ok(await s.run(['sites', 'share-link', site.id])).stdout.trim()).toBe(url);
    const prompter = recordingPrompter(true);
    const rotated = ok(await s.run(['sites', 'share-link', site.id, '--rotate'], { tty: true, prompter }));
    expect(prompter.questions[0]).toContain('Links with the current key stop working');
    expect(rotated.stdout.trim()).not.toBe(url);
    expect(rotated.stderr).toContain('Rotated the share key');
    const again = await json(s, ['sites', 'share-link', site.id, '--rotate', '--yes']);
    expect(again.url).not.toBe(rotated.stdout.trim());

    ok(await s.run(['sites', 'update', site.id, '--visibility', 'public']));
    expect(ok(await s.run(['sites', 'share-link', site.id])).stderr).toContain('the link only matters once it is share-link');
  });
});

describe('sites adaptive-schema', () => {
  it('lists the claims, sets a schema from a file or stdin, and round-trips get --json', async () => {
    const s = await emptySandbox();
    const site = await createSite(s, 'Docs');
    expect(ok(await s.run(['sites', 'adaptive-schema', 'get', site.id], { tty: true })).stderr).toContain('No results.');
    writeFileSync(join(s.dir, 'claims.json'), JSON.stringify(CLAIMS));
    const set = ok(await s.run(['sites', 'adaptive-schema', 'set', site.id, '--file', 'claims.json']));
    expect(tsvRows(set.stdout)).toEqual([['isBetaUser', 'true', 'Signed up for the beta'], ['darkMode', 'false', '']]);
    expect(set.stderr).toContain(`Updated the adaptive schema of site ${site.id}.`);
    const table = tableOf(ok(await s.run(['sites', 'adaptive-schema', 'get', site.id], { tty: true })).stdout);
    expect(table.header).toEqual(['CLAIM', 'SIGNED', 'DESCRIPTION']);
    expect(table.rows.map((r) => r[0])).toEqual(['isBetaUser', 'darkMode']);
    const got = await json(s, ['sites', 'adaptive-schema', 'get', site.id]);
    expect(got).toMatchObject({ object: 'site-adaptive-schema', jsonSchema: CLAIMS });

    const next = { ...got, jsonSchema: { ...CLAIMS, properties: { isAdmin: { type: 'boolean', description: 'Administrator' } } } };
    const fromStdin = await json(s, ['sites', 'adaptive-schema', 'set', site.id, '--file', '-'], { stdin: JSON.stringify(next) });
    expect(Object.keys(fromStdin.jsonSchema.properties)).toEqual(['isAdmin']);
  });

  it('reports a schema of the wrong shape (exit 1, naming where), unreadable files (exit 1) and no --file (exit 2)', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const site = await createSite(s, 'Docs');
    writeFileSync(join(s.dir, 'bad.json'), JSON.stringify({ ...CLAIMS, properties: { beta: { type: 'string', description: 'x' } } }));
    const bad = await s.run(['sites', 'adaptive-schema', 'set', site.id, '--file', 'bad.json']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('jsonSchema.properties.beta.type: must be "boolean"');
    writeFileSync(join(s.dir, 'broken.json'), '{ nope');
    const broken = await s.run(['sites', 'adaptive-schema', 'set', site.id, '--file', 'broken.json']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('broken.json is not valid JSON');
    expect((await s.run(['sites', 'adaptive-schema', 'set', site.id, '--file', 'missing.json'])).code).toBe(1);
    expect((await s.run(['sites', 'adaptive-schema', 'set', site.id])).code).toBe(2);
    writeFileSync(join(s.dir, 'claims.json'), JSON.stringify(CLAIMS));
    expect((await s.run(['--as', READER, 'sites', 'adaptive-schema', 'set', site.id, '--file', 'claims.json'])).code).toBe(4);
    ok(await s.run(['--as', READER, 'sites', 'adaptive-schema', 'get', site.id]));
  });
});

describe('sites published', () => {
  it('shows the structure as visitors see it in every output mode; visitors need the share key', async () => {
    const s = await emptySandbox();
    const guides = await createSpace(s, 'Guides');
    const api = await createSpace(s, 'API');
    const site = await createSite(s, 'Docs', '--space', guides.id, api.id, '--visibility', 'share-link');
    const rows = tsvRows(ok(await s.run(['sites', 'published', site.id])).stdout);
    expect(rows.map((r) => r.slice(0, 4))).toEqual([['', 'guides', 'Guides', 'true'], ['', 'api', 'API', 'false']]);
    const tty = ok(await s.run(['sites', 'published', site.id], { tty: true }));
    expect(tableOf(tty.stdout).header).toEqual(['SECTION', 'PATH', 'SPACE', 'DEFAULT', 'URL']);
    expect(tty.stderr).toContain('Docs: not published, share-link');
    const body = await json(s, ['sites', 'published', site.id]);
    expect(body.object).toBe('published-content-site');
    expect(body.customizations.site.title).toBe('Docs');

    // Someone of another organization, acting with --org on this one.
    const orgId = body.site.urls.location.split('/')[5];
    await withEngine(s, async (engine) => await insertOrganization(engine.core, { title: 'Other Org', adminUserId: (await createUserRow(engine.core, { email: VISITOR })).id }));
    const asVisitor = (...flags: string[]) => s.run(['--as', VISITOR, '--org', orgId, 'sites', 'published', site.id, ...flags]);
    expect((await asVisitor()).code).toBe(5);
    ok(await s.run(['sites', 'publish', site.id]));
    expect((await asVisitor()).code).toBe(5);
    const key = (await json(s, ['sites', 'share-link', site.id])).shareKey;
    const seen = ok(await asVisitor('--share-key', key));
    expect(tsvRows(seen.stdout)).toHaveLength(2);
    expect((await asVisitor('--share-key', 'wrong')).code).toBe(5);
  });
});

describe('init --sample', () => {
  it('adds a published public site with a section group and sections, and an unpublished share-link site', async () => {
    const s = await sampleSandbox();
    const rows = tsvRows(ok(await s.run(['sites', 'list'])).stdout);
    expect(rows.map((r) => r.slice(1, 5))).toEqual([
      ['Acme Developers', 'public', 'true', '3'],
      ['Acme Partner Portal', 'share-link', 'false', '1'],
    ]);
    expect(rows[0][5]).toBe('http://acme.localhost:8080/developers');
    const published = await json(s, ['sites', 'published', rows[0][0]]);
    expect(published.structure.type).toBe('sections');
    expect(published.structure.structure.map((x: { title: string; default: boolean; siteSpaces: { title: string }[] }) => [x.title, x.default, x.siteSpaces.map((y) => y.title)])).toEqual([
      ['API', true, ['REST API', 'Webhooks']],
      ['Changelog', false, ['Changelog']],
    ]);
    expect(published.customizations.site.styling.primaryColor).toEqual({ light: '#E2542C', dark: '#F07A52' });
    const claims = tsvRows(ok(await s.run(['sites', 'adaptive-schema', 'get', rows[0][0]])).stdout);
    expect(claims).toEqual([['isBetaUser', 'true', 'Signed up for the beta programme']]);
  });
});

describe('sites help', () => {
  it('every verb has examples', async () => {
    const s = await emptySandbox();
    for (const verb of ['list', 'get', 'create', 'update', 'delete', 'publish', 'unpublish', 'share-link', 'adaptive-schema get', 'adaptive-schema set', 'published']) {
      const help = ok(await s.run(['sites', ...verb.split(' '), '--help']));
      expect(help.stdout, verb).toMatch(new RegExp(`Examples:\\n  \\$ docsctl sites ${verb}`));
    }
  });
});
