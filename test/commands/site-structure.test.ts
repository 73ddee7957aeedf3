import { describe, expect, it } from 'vitest';
import { emptySandbox, fieldsOf, json, ok, recordingPrompter, tableOf, tsvRows, type Sandbox } from './support';
import { READER, addMembers, createSpace, withEngine } from './spaces-support';
import { insertSite } from '../helpers/sites';

/** A sandbox with a site "Docs" and three spaces Alpha, Beta, Gamma. */
async function siteSandbox() {
  const s = await emptySandbox();
  const siteId = await withEngine(s, async (engine, { organizationId }) => await insertSite(engine, organizationId, { title: 'Docs' }));
  const alpha = (await createSpace(s, 'Alpha')).id as string;
  const beta = (await createSpace(s, 'Beta')).id as string;
  const gamma = (await createSpace(s, 'Gamma')).id as string;
  return { ...s, siteId, alpha, beta, gamma };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const jsonOf = (s: Sandbox, argv: string[]): Promise<any> => json(s, argv);

const SECTION_HEADER = ['ID', 'TITLE', 'PATH', 'DEFAULT', 'GROUP', 'SPACES', 'CONDITION'];
const SITE_SPACE_HEADER = ['ID', 'SPACE', 'PATH', 'SECTION', 'DEFAULT', 'CONDITION'];
const GROUP_HEADER = ['ID', 'TITLE', 'ICON', 'SECTIONS'];

describe('sections', () => {
  it('add prints the section on a TTY, piped and as JSON; list shows them in order', async () => {
    const s = await siteSandbox();
    const added = ok(await s.run(['sections', 'add', s.siteId, '--space', s.alpha], { tty: true }));
    expect(added.stderr).toContain('at /alpha, the default section.');
    const fields = fieldsOf(added.stdout);
    expect(fields).toMatchObject({ TITLE: 'Alpha', PATH: 'alpha', DEFAULT: 'true', SPACES: '1' });
    expect(fields['SITE SPACES']).toMatch(/^Alpha \(.+\) default$/);

    const [row] = tsvRows(ok(await s.run(['sections', 'add', s.siteId, '--space', s.beta, '--title', 'Guides'])).stdout);
    expect(row.slice(1, 4)).toEqual(['Guides', 'guides', 'false']);
    const third = await jsonOf(s, ['sections', 'add', s.siteId, '--space', s.gamma]);
    expect(third).toMatchObject({ object: 'site-section', title: 'Gamma', default: false });

    const table = tableOf(ok(await s.run(['sections', 'list', s.siteId], { tty: true })).stdout);
    expect(table.header).toEqual(SECTION_HEADER);
    expect(table.rows.map((r) => r[1])).toEqual(['Alpha', 'Guides', 'Gamma']);
    expect(tsvRows(ok(await s.run(['sections', 'list', s.siteId])).stdout).map((r) => r[3])).toEqual(['true', 'false', 'false']);
    const page = await jsonOf(s, ['sections', 'list', s.siteId, '--limit', '2']);
    expect(page.count).toBe(3);
    expect(page.items).toHaveLength(2);
    const rest = await jsonOf(s, ['sections', 'list', s.siteId, '--page', page.next.page]);
    expect(rest.items.map((i: { id: string }) => i.id)).toEqual([third.id]);
  });

  it('update sets and removes fields, move reorders, delete asks first', async () => {
    const s = await siteSandbox();
    const a = await jsonOf(s, ['sections', 'add', s.siteId, '--space', s.alpha]);
    const b = await jsonOf(s, ['sections', 'add', s.siteId, '--space', s.beta]);
    const gammaInA = await jsonOf(s, ['site-spaces', 'add', s.siteId, '--space', s.gamma, '--section', a.id]);

    const updated = await jsonOf(s, ['sections', 'update', s.siteId, a.id, '--title', 'Product', '--path', 'product', '--condition', 'visitor.claims.beta',
      '--icon', 'book', '--description', 'All of it', '--default-site-space', gammaInA.id]);
    expect(updated).toMatchObject({ title: 'Product', path: 'product', condition: 'visitor.claims.beta', icon: 'book', description: 'All of it' });
    expect(updated.siteSpaces.map((x: { title: string; default: boolean }) => `${x.title}${x.default ? '*' : ''}`)).toEqual(['Alpha', 'Gamma*']);
    const removed = await jsonOf(s, ['sections', 'update', s.siteId, a.id, '--no-condition', '--no-icon', '--no-description']);
    expect(removed).not.toHaveProperty('condition');
    expect(removed).not.toHaveProperty('icon');
    expect(removed).not.toHaveProperty('description');
    expect(removed.title).toBe('Product');
    const nothing = await s.run(['sections', 'update', s.siteId, a.id]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to update');
    const bad = await s.run(['sections', 'update', s.siteId, a.id, '--title', 'x']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('title: must be at least 2 characters');
    expect((await s.run(['sections', 'update', s.siteId, a.id, '--path', 'beta'])).code).toBe(6);

    const moved = ok(await s.run(['sections', 'move', s.siteId, b.id, '--before', a.id]));
    expect(moved.stderr).toContain(`Moved section Beta (${b.id}) before ${a.id}.`);
    expect((await jsonOf(s, ['sections', 'list', s.siteId])).items.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expect((await s.run(['sections', 'move', s.siteId, b.id])).code).toBe(2);
    expect((await s.run(['sections', 'move', s.siteId, b.id, '--before', a.id, '--after', a.id])).code).toBe(2);

    const refused = await s.run(['sections', 'delete', s.siteId, a.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`Delete section "Product" (${a.id}) and its 2 site spaces: refusing without --yes`);
    const no = recordingPrompter(false);
    expect((await s.run(['sections', 'delete', s.siteId, a.id], { tty: true, prompter: no })).code).toBe(2);
    expect(no.questions).toHaveLength(1);
    ok(await s.run(['sections', 'delete', s.siteId, a.id, '--yes']));
    const left = await jsonOf(s, ['sections', 'list', s.siteId]);
    expect(left.items.map((x: { id: string; default: boolean }) => [x.id, x.default])).toEqual([[b.id, true]]);
    expect((await s.run(['sections', 'delete', s.siteId, 'nope', '--yes'])).code).toBe(5);
  });

  it('exit codes: unknown site 5, a reader changing the structure 4, a missing --space 2', async () => {
    const s = await siteSandbox();
    await addMembers(s, { [READER]: 'read' });
    expect((await s.run(['sections', 'list', 'nope'])).code).toBe(5);
    const forbidden = await s.run(['--as', READER, 'sections', 'add', s.siteId, '--space', s.alpha]);
    expect(forbidden.code).toBe(4);
    expect(forbidden.stderr).toContain('admin role required');
    ok(await s.run(['--as', READER, 'sections', 'list', s.siteId]));
    expect((await s.run(['sections', 'add', s.siteId])).code).toBe(2);
    const badSpace = await s.run(['sections', 'add', s.siteId, '--space', 'nope']);
    expect(badSpace.code).toBe(1);
    expect(badSpace.stderr).toContain('spaceId: no space nope in this organization');
  });
});

describe('section-groups', () => {
  it('create, list, update, add-section, remove-section, move and delete, in every output mode', async () => {
    const s = await siteSandbox();
    const a = await jsonOf(s, ['sections', 'add', s.siteId, '--space', s.alpha]);
    const b = await jsonOf(s, ['sections', 'add', s.siteId, '--space', s.beta]);
    const c = await jsonOf(s, ['sections', 'add', s.siteId, '--space', s.gamma]);

    const created = ok(await s.run(['section-groups', 'create', s.siteId, 'Developers', '--icon', 'code', '--section', b.id, a.id], { tty: true }));
    expect(created.stderr).toContain('with 2 sections.');
    const fields = fieldsOf(created.stdout);
    expect(fields).toMatchObject({ TITLE: 'Developers', ICON: 'code', SECTIONS: `Beta (${b.id}), Alpha (${a.id})` });
    const groupId = fields.ID;

    const table = tableOf(ok(await s.run(['section-groups', 'list', s.siteId], { tty: true })).stdout);
    expect(table.header).toEqual(GROUP_HEADER);
    expect(table.rows).toEqual([[groupId, 'Developers', 'code', `Beta (${b.id}), Alpha (${a.id})`]]);
    expect(tsvRows(ok(await s.run(['section-groups', 'list', s.siteId])).stdout)).toEqual([[groupId, 'Developers', 'code', `Beta (${b.id}), Alpha (${a.id})`]]);

    const renamed = await jsonOf(s, ['section-groups', 'update', s.siteId, groupId, '--title', 'Devs', '--no-icon']);
    expect(renamed).toMatchObject({ title: 'Devs' });
    expect(renamed).not.toHaveProperty('icon');
    expect((await s.run(['section-groups', 'update', s.siteId, groupId])).code).toBe(2);

    const added = await jsonOf(s, ['section-groups', 'add-section', s.siteId, groupId, c.id]);
    expect(added.sections.map((x: { id: string }) => x.id)).toEqual([b.id, a.id, c.id]);
    const removed = ok(await s.run(['section-groups', 'remove-section', s.siteId, groupId, b.id]));
    expect(removed.stderr).toContain('it is now at the top level');
    // Top level: the group (Alpha, Gamma), then Beta right after it.
    expect((await jsonOf(s, ['sections', 'list', s.siteId])).items.map((x: { title: string }) => x.title)).toEqual(['Alpha', 'Gamma', 'Beta']);

    ok(await s.run(['section-groups', 'move', s.siteId, groupId, '--after', b.id]));
    expect((await jsonOf(s, ['sections', 'list', s.siteId])).items.map((x: { title: string }) => x.title)).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect((await s.run(['section-groups', 'move', s.siteId, groupId, '--before', a.id])).code).toBe(1);

    const refused = await s.run(['section-groups', 'delete', s.siteId, groupId]);
    expect(refused.code).toBe(2);
    ok(await s.run(['section-groups', 'delete', s.siteId, groupId, '--yes']));
    expect((await jsonOf(s, ['section-groups', 'list', s.siteId])).count).toBe(0);
    expect((await jsonOf(s, ['sections', 'list', s.siteId])).items.map((x: { title: string }) => x.title)).toEqual(['Beta', 'Alpha', 'Gamma']);
    expect((await s.run(['section-groups', 'delete', s.siteId, groupId, '--yes'])).code).toBe(5);
  });
});

describe('site-spaces', () => {
  it('add, list (with --default / --no-default), update, move and delete', async () => {
    const s = await siteSandbox();
    const added = ok(await s.run(['site-spaces', 'add', s.siteId, '--space', s.alpha], { tty: true }));
    expect(added.stderr).toContain(`Added space Alpha to site ${s.siteId} as site space`);
    expect(fieldsOf(added.stdout)).toMatchObject({ SPACE: 'Alpha', PATH: 'alpha', DEFAULT: 'true', 'SPACE ID': s.alpha });
    const beta = await jsonOf(s, ['site-spaces', 'add', s.siteId, '--space', s.beta]);
    const [gammaRow] = tsvRows(ok(await s.run(['site-spaces', 'add', s.siteId, '--space', s.gamma])).stdout);
    expect(gammaRow.slice(1, 5)).toEqual(['Gamma', 'gamma', '', 'false']);

    const table = tableOf(ok(await s.run(['site-spaces', 'list', s.siteId], { tty: true })).stdout);
    expect(table.header).toEqual(SITE_SPACE_HEADER);
    expect(table.rows.map((r) => r[1])).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(tsvRows(ok(await s.run(['site-spaces', 'list', s.siteId, '--default'])).stdout).map((r) => r[1])).toEqual(['Alpha']);
    expect((await jsonOf(s, ['site-spaces', 'list', s.siteId, '--no-default'])).items.map((x: { title: string }) => x.title)).toEqual(['Beta', 'Gamma']);

    const updated = await jsonOf(s, ['site-spaces', 'update', s.siteId, beta.id, '--path', 'v2', '--condition', 'visitor.claims.beta']);
    expect(updated).toMatchObject({ path: 'v2', condition: 'visitor.claims.beta' });
    expect(await jsonOf(s, ['site-spaces', 'update', s.siteId, beta.id, '--no-condition'])).not.toHaveProperty('condition');
    expect((await s.run(['site-spaces', 'update', s.siteId, beta.id])).code).toBe(2);
    expect((await s.run(['site-spaces', 'update', s.siteId, beta.id, '--path', 'alpha'])).code).toBe(6);

    ok(await s.run(['site-spaces', 'move', s.siteId, gammaRow[0], '--before', beta.id]));
    expect((await jsonOf(s, ['site-spaces', 'list', s.siteId])).items.map((x: { title: string }) => x.title)).toEqual(['Alpha', 'Gamma', 'Beta']);

    const yes = recordingPrompter(true);
    ok(await s.run(['site-spaces', 'delete', s.siteId, beta.id], { tty: true, prompter: yes }));
    expect(yes.questions).toEqual([`Remove space "Beta" (site space ${beta.id}) from site ${s.siteId}?`]);
    expect((await jsonOf(s, ['site-spaces', 'list', s.siteId])).count).toBe(2);
    expect((await s.run(['site-spaces', 'delete', s.siteId, beta.id, '--yes'])).code).toBe(5);
    expect((await s.run(['site-spaces', 'add', s.siteId, '--space', s.alpha])).code).toBe(6);
  });
});

describe('sites tree', () => {
  async function structured() {
    const s = await siteSandbox();
    const a = await jsonOf(s, ['sections', 'add', s.siteId, '--space', s.alpha, '--title', 'Product']);
    const b = await jsonOf(s, ['sections', 'add', s.siteId, '--space', s.beta]);
    const gamma = await jsonOf(s, ['site-spaces', 'add', s.siteId, '--space', s.gamma, '--section', a.id]);
    ok(await s.run(['site-spaces', 'update', s.siteId, gamma.id, '--condition', 'visitor.claims.beta']));
    const group = await jsonOf(s, ['section-groups', 'create', s.siteId, 'Developers', '--section', b.id]);
    const empty = await jsonOf(s, ['section-groups', 'create', s.siteId, 'Later']);
    return { ...s, a, b, gamma, group, empty };
  }

  it('draws the structure as a tree on a terminal', async () => {
    const s = await structured();
    const out = ok(await s.run(['sites', 'tree', s.siteId], { tty: true })).stdout;
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^Docs  \\S+  \\[${s.siteId}\\]$`));
    expect(lines.slice(1)).toEqual([
      `├── Product  /product  [default, ${s.a.id}]`,
      `│   ├── Alpha  /alpha  [default, ${s.a.siteSpaces[0].id}]`,
      `│   └── Gamma  /gamma  [if visitor.claims.beta, ${s.gamma.id}]`,
      `├── Developers (group)  [${s.group.id}]`,
      `│   └── Beta  /beta  [${s.b.id}]`,
      `│       └── Beta  /beta  [default, ${s.b.siteSpaces[0].id}]`,
      `└── Later (group)  [${s.empty.id}]`,
    ]);
  });

  it('prints one row per object when piped, and the published structure with --json', async () => {
    const s = await structured();
    const rows = tsvRows(ok(await s.run(['sites', 'tree', s.siteId])).stdout);
    expect(rows.map((r) => r.slice(0, 7))).toEqual([
      ['section', s.a.id, '', 'Product', 'product', 'true', ''],
      ['site-space', s.a.siteSpaces[0].id, s.a.id, 'Alpha', 'alpha', 'true', ''],
      ['site-space', s.gamma.id, s.a.id, 'Gamma', 'gamma', 'false', 'visitor.claims.beta'],
      ['group', s.group.id, '', 'Developers', '', '', ''],
      ['section', s.b.id, s.group.id, 'Beta', 'beta', 'false', ''],
      ['site-space', s.b.siteSpaces[0].id, s.b.id, 'Beta', 'beta', 'true', ''],
      ['group', s.empty.id, '', 'Later', '', '', ''],
    ]);
    const tree = await jsonOf(s, ['sites', 'tree', s.siteId]);
    expect(tree.type).toBe('sections');
    expect(tree.structure.map((x: { id: string }) => x.id)).toEqual([s.a.id, s.b.id]);
    expect(tree.structure[0].siteSpaces.map((x: { id: string }) => x.id)).toEqual([s.a.siteSpaces[0].id, s.gamma.id]);
  });

  it('shows the root site spaces of a site without sections; exit 5 for an unknown site', async () => {
    const s = await siteSandbox();
    const empty = ok(await s.run(['sites', 'tree', s.siteId], { tty: true }));
    expect(empty.stderr).toContain('The site shows no spaces yet');
    const alpha = await jsonOf(s, ['site-spaces', 'add', s.siteId, '--space', s.alpha]);
    const out = ok(await s.run(['sites', 'tree', s.siteId], { tty: true })).stdout;
    expect(out.trimEnd().split('\n').slice(1)).toEqual([`└── Alpha  /alpha  [default, ${alpha.id}]`]);
    expect(await jsonOf(s, ['sites', 'tree', s.siteId])).toEqual({ type: 'siteSpaces', structure: [alpha] });
    expect((await s.run(['sites', 'tree', 'nope'])).code).toBe(5);
  });
});
