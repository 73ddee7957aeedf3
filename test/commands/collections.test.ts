import { describe, expect, it } from 'vitest';
import { noPrompter, yesPrompter } from '../helpers/cli';
import { emptySandbox, fieldsOf, json, ok, recordingPrompter, tableOf, tsvRows, type Sandbox } from './support';
import { READER, addMembers, addOrganization, createCollection, createSpace, titles, withEngine } from './spaces-support';

const HEADER = ['ID', 'TITLE', 'PARENT', 'DEFAULT LEVEL', 'CREATED'];
const DETAIL = [...HEADER, 'DESCRIPTION', 'UPDATED', 'URL'];

async function exists(s: Sandbox, id: string): Promise<boolean> {
  const r = await s.run(['collections', 'get', id]);
  expect([0, 5]).toContain(r.code);
  return r.code === 0;
}

describe('collections list', () => {
  it('lists top-level collections in order and sub-collections unless --no-nested, in every output mode', async () => {
    const s = await emptySandbox();
    const guides = await createCollection(s, 'Guides');
    const api = await createCollection(s, 'API');
    const howto = await createCollection(s, 'How-to', '--parent', guides.id);

    const piped = ok(await s.run(['collections', 'list']));
    const rows = tsvRows(piped.stdout);
    expect(rows.map((r) => r[1]).sort()).toEqual(['API', 'Guides', 'How-to']);
    expect(rows.find((r) => r[1] === 'How-to')!.slice(0, 4)).toEqual([howto.id, 'How-to', guides.id, 'guest']);

    const tty = ok(await s.run(['collections', 'list'], { tty: true }));
    const table = tableOf(tty.stdout);
    expect(table.header).toEqual(HEADER);
    expect(table.rows).toHaveLength(3);

    const top = await json(s, ['collections', 'list', '--no-nested']);
    expect(top.count).toBe(2);
    expect(top.items.map((c: { id: string }) => c.id)).toEqual([guides.id, api.id]);
    expect(top.items[0]).toMatchObject({ object: 'collection', title: 'Guides', defaultLevel: null });
    expect((await json(s, ['collections', 'list', '--nested'])).count).toBe(3);

    const paged = await json(s, ['collections', 'list', '--limit', '2']);
    expect(paged.items).toHaveLength(2);
    expect(paged.next.page).toEqual(expect.any(String));
    const rest = await json(s, ['collections', 'list', '--limit', '2', '--page', paged.next.page]);
    expect([...paged.items, ...rest.items].map((c: { id: string }) => c.id).sort()).toEqual([guides.id, api.id, howto.id].sort());
  });

  it('an empty list exits 0 ("No results." on a TTY); a bad --limit is a usage error', async () => {
    const s = await emptySandbox();
    const tty = ok(await s.run(['collections', 'list'], { tty: true }));
    expect(tty.stdout).toBe('');
    expect(tty.stderr).toContain('No results.');
    expect(ok(await s.run(['collections', 'list'])).stdout).toBe('');
    expect((await json(s, ['collections', 'list'])).count).toBe(0);
    expect((await s.run(['collections', 'list', '--limit', '0'])).code).toBe(2);
  });
});

describe('collections get', () => {
  it('shows one collection: field table on a TTY, one row piped, the API object with --json; unknown id exits 5', async () => {
    const s = await emptySandbox();
    const c = await createCollection(s, 'Guides');

    const fields = fieldsOf(ok(await s.run(['collections', 'get', c.id], { tty: true })).stdout);
    expect(Object.keys(fields)).toEqual(DETAIL);
    expect(fields).toMatchObject({ ID: c.id, TITLE: 'Guides', 'DEFAULT LEVEL': 'guest' });
    expect(fields.URL).toContain(`/c/${c.id}`);

    const [row] = tsvRows(ok(await s.run(['collections', 'get', c.id])).stdout);
    expect(row.slice(0, 2)).toEqual([c.id, 'Guides']);
    expect(row).toHaveLength(DETAIL.length);

    expect(await json(s, ['collections', 'get', c.id])).toEqual(c);

    const missing = await s.run(['collections', 'get', 'nope']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toContain('collection nope not found');
    expect(missing.stdout).toBe('');
  });
});

describe('collections create', () => {
  it('creates at the top level or inside another collection, in every output mode', async () => {
    const s = await emptySandbox();
    const piped = ok(await s.run(['collections', 'create', 'Guides']));
    const [row] = tsvRows(piped.stdout);
    expect(row[1]).toBe('Guides');
    expect(piped.stderr).toBe(`Created collection Guides (${row[0]}).\n`);

    const tty = ok(await s.run(['collections', 'create', 'Reference', '--parent', row[0]], { tty: true }));
    const fields = fieldsOf(tty.stdout);
    expect(fields).toMatchObject({ TITLE: 'Reference', PARENT: row[0] });

    const sub = await json(s, ['collections', 'get', fields.ID]);
    expect(sub).toMatchObject({ object: 'collection', title: 'Reference', parent: row[0] });
    expect(await titles(s, ['collections', 'list', '--no-nested'])).toEqual(['Guides']);
  });

  it('validates: too long a title or an unknown parent exits 1, a missing title 2, a read member 4', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const long = await s.run(['collections', 'create', 'x'.repeat(51)]);
    expect(long.code).toBe(1);
    expect(long.stderr).toContain('title: ');
    const parent = await s.run(['collections', 'create', 'Sub', '--parent', 'nope']);
    expect(parent.code).toBe(1);
    expect(parent.stderr).toContain('parent: no collection nope');
    expect((await s.run(['collections', 'create'])).code).toBe(2);
    const forbidden = await s.run(['--as', READER, 'collections', 'create', 'Mine']);
    expect(forbidden.code).toBe(4);
    expect((await json(s, ['collections', 'list'])).count).toBe(0);
  });
});

describe('collections update', () => {
  it('changes the title, description and default level, and reads them back', async () => {
    const s = await emptySandbox();
    const c = await createCollection(s, 'Guides');

    const piped = ok(await s.run(['collections', 'update', c.id, '--title', 'Handbooks', '--description', 'How we work']));
    expect(tsvRows(piped.stdout)[0].slice(0, 2)).toEqual([c.id, 'Handbooks']);
    expect(piped.stderr).toContain(`Updated collection Handbooks (${c.id}).`);

    const tty = ok(await s.run(['collections', 'update', c.id, '--default-level', 'read'], { tty: true }));
    expect(fieldsOf(tty.stdout)).toMatchObject({ TITLE: 'Handbooks', DESCRIPTION: 'How we work', 'DEFAULT LEVEL': 'read' });

    const back = await json(s, ['collections', 'update', c.id, '--default-level', 'guest']);
    expect(back).toMatchObject({ title: 'Handbooks', description: 'How we work', defaultLevel: null });
    expect(await json(s, ['collections', 'get', c.id])).toMatchObject({ title: 'Handbooks', description: 'How we work', defaultLevel: null });
  });

  it('exits 2 with nothing to change or a bad role, 1 for a too long description, 4 for a reader, 5 for an unknown id', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const c = await createCollection(s, 'Guides');
    const nothing = await s.run(['collections', 'update', c.id]);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toContain('nothing to update');
    expect((await s.run(['collections', 'update', c.id, '--default-level', 'owner'])).code).toBe(2);
    const long = await s.run(['collections', 'update', c.id, '--description', 'd'.repeat(101)]);
    expect(long.code).toBe(1);
    expect(long.stderr).toContain('description');
    expect((await s.run(['--as', READER, 'collections', 'update', c.id, '--title', 'Mine'])).code).toBe(4);
    expect((await s.run(['collections', 'update', 'nope', '--title', 'X'])).code).toBe(5);
    expect((await json(s, ['collections', 'get', c.id])).title).toBe('Guides');
  });
});

describe('collections delete', () => {
  it('refuses without --yes when piped (exit 2) and deletes with --yes (nothing on stdout, even with --json)', async () => {
    const s = await emptySandbox();
    const c = await createCollection(s, 'Guides');
    const refused = await s.run(['collections', 'delete', c.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing without --yes');
    expect(await exists(s, c.id)).toBe(true);

    const done = ok(await s.run(['--json', 'collections', 'delete', c.id, '--yes']));
    expect(done.stdout).toBe('');
    expect(done.stderr).toBe(`Deleted collection Guides (${c.id}).\n`);
    expect(await exists(s, c.id)).toBe(false);
  });

  it('asks on a TTY: no cancels (exit 2), yes deletes', async () => {
    const s = await emptySandbox();
    const c = await createCollection(s, 'Guides');
    const no = recordingPrompter(false);
    const cancelled = await s.run(['collections', 'delete', c.id], { tty: true, prompter: no });
    expect(cancelled.code).toBe(2);
    expect(cancelled.stderr).toContain('cancelled');
    expect(no.questions).toEqual([`Delete collection "Guides" (${c.id})?`]);
    expect(await exists(s, c.id)).toBe(true);

    ok(await s.run(['collections', 'delete', c.id], { tty: true, prompter: yesPrompter }));
    expect(await exists(s, c.id)).toBe(false);
  });

  it('exits 6 with the API message while it holds a space or a collection, 4 for a reader, 5 for an unknown id', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const c = await createCollection(s, 'Guides');
    const space = await createSpace(s, 'Onboarding', '--collection', c.id);
    const full = await s.run(['collections', 'delete', c.id, '--yes']);
    expect(full.code).toBe(6);
    expect(full.stderr).toBe(`error: collection ${c.id} still holds 1 space: move or delete them first\n`);

    ok(await s.run(['spaces', 'move', space.id, '--root']));
    await createCollection(s, 'Sub', '--parent', c.id);
    const nested = await s.run(['collections', 'delete', c.id, '--yes']);
    expect(nested.code).toBe(6);
    expect(nested.stderr).toContain('still holds 1 collection');

    expect((await s.run(['--as', READER, 'collections', 'delete', c.id, '--yes'])).code).toBe(4);
    expect((await s.run(['collections', 'delete', 'nope', '--yes'], { tty: true, prompter: noPrompter })).code).toBe(5);
    expect(await exists(s, c.id)).toBe(true);
  });
});

describe('collections spaces', () => {
  it('lists the spaces of a collection in their order, in every output mode', async () => {
    const s = await emptySandbox();
    const c = await createCollection(s, 'Guides');
    const a = await createSpace(s, 'Alpha', '--collection', c.id);
    const b = await createSpace(s, 'Beta', '--collection', c.id);
    await createSpace(s, 'Elsewhere');
    ok(await s.run(['spaces', 'move', b.id, '--before', `space:${a.id}`]));

    const rows = tsvRows(ok(await s.run(['collections', 'spaces', c.id])).stdout);
    expect(rows.map((r) => [r[0], r[1], r[3]])).toEqual([[b.id, 'Beta', c.id], [a.id, 'Alpha', c.id]]);

    const table = tableOf(ok(await s.run(['collections', 'spaces', c.id], { tty: true })).stdout);
    expect(table.header).toEqual(['ID', 'TITLE', 'VISIBILITY', 'COLLECTION', 'EDIT MODE', 'CREATED']);
    expect(table.rows.map((r) => r[1])).toEqual(['Beta', 'Alpha']);

    const list = await json(s, ['collections', 'spaces', c.id]);
    expect(list.count).toBe(2);
    expect(list.items.map((i: { object: string; title: string }) => [i.object, i.title])).toEqual([['space', 'Beta'], ['space', 'Alpha']]);
    expect((await s.run(['collections', 'spaces', 'nope'])).code).toBe(5);
  });
});

describe('collections move', () => {
  it('moves into another collection, back to the top level, and before or after a sibling', async () => {
    const s = await emptySandbox();
    const a = await createCollection(s, 'A');
    const b = await createCollection(s, 'B');
    const space = await createSpace(s, 'Root space');

    const into = ok(await s.run(['collections', 'move', b.id, '--parent', a.id]));
    expect(tsvRows(into.stdout)[0].slice(0, 3)).toEqual([b.id, 'B', a.id]);
    expect(into.stderr).toContain(`into collection ${a.id}`);
    expect((await json(s, ['collections', 'get', b.id])).parent).toBe(a.id);

    const tty = ok(await s.run(['collections', 'move', b.id, '--root', '--before', `collection:${a.id}`], { tty: true }));
    expect(fieldsOf(tty.stdout)).toMatchObject({ ID: b.id, PARENT: '' });
    expect(await titles(s, ['collections', 'list', '--no-nested'])).toEqual(['B', 'A']);

    const moved = await json(s, ['collections', 'move', b.id, '--after', `space:${space.id}`]);
    expect(moved.parent).toBeUndefined();
    expect(await titles(s, ['collections', 'list', '--no-nested'])).toEqual(['A', 'B']);
  });

  it('exits 2 for contradictory or malformed flags, 1 for a move into itself, 4 for a reader, 5 for an unknown id', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const a = await createCollection(s, 'A');
    const b = await createCollection(s, 'B', '--parent', a.id);
    const both = await s.run(['collections', 'move', a.id, '--parent', b.id, '--root']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--parent and --root cannot be combined');
    expect((await s.run(['collections', 'move', a.id, '--before', `collection:${b.id}`, '--after', `collection:${b.id}`])).code).toBe(2);
    const bad = await s.run(['collections', 'move', a.id, '--before', `folder:${b.id}`]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--before: expected space:ID or collection:ID');
    expect((await s.run(['collections', 'move', a.id])).code).toBe(2);
    const cycle = await s.run(['collections', 'move', a.id, '--parent', b.id]);
    expect(cycle.code).toBe(1);
    expect(cycle.stderr).toContain('one of its own sub-collections');
    const stranger = await s.run(['collections', 'move', b.id, '--before', 'collection:nope']);
    expect(stranger.code).toBe(1);
    expect((await s.run(['--as', READER, 'collections', 'move', b.id, '--root'])).code).toBe(4);
    expect((await s.run(['collections', 'move', 'nope', '--root'])).code).toBe(5);
    expect((await json(s, ['collections', 'get', b.id])).parent).toBe(a.id);
  });
});

describe('collections transfer', () => {
  it('refuses without --yes when piped, asks on a TTY, and moves the collection with its spaces', async () => {
    const s = await emptySandbox();
    const other = await addOrganization(s);
    const c = await createCollection(s, 'Guides');
    const space = await createSpace(s, 'Onboarding', '--collection', c.id);

    const refused = await s.run(['collections', 'transfer', c.id, '--to', other]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing without --yes');
    const no = recordingPrompter(false);
    expect((await s.run(['collections', 'transfer', c.id, '--to', other], { tty: true, prompter: no })).code).toBe(2);
    expect(no.questions).toEqual([`Transfer collection "Guides" (${c.id}) with all its contents to organization ${other}?`]);
    expect((await json(s, ['collections', 'get', c.id])).organization).not.toBe(other);

    const tty = ok(await s.run(['collections', 'transfer', c.id, '--to', other], { tty: true, prompter: yesPrompter }));
    expect(fieldsOf(tty.stdout)).toMatchObject({ ID: c.id, TITLE: 'Guides' });
    expect((await json(s, ['collections', 'get', c.id])).organization).toBe(other);
    expect(await titles(s, ['--org', other, 'collections', 'list'])).toEqual(['Guides']);
    expect((await json(s, ['spaces', 'get', space.id])).organization).toBe(other);
    expect((await json(s, ['collections', 'list'])).count).toBe(0);

    // Back again, piped with --yes and with --json.
    const back = await json(s, ['collections', 'transfer', c.id, '--to', (await json(s, ['orgs', 'list'])).items[0].id, '--yes']);
    expect(back.organization).not.toBe(other);
    expect(tsvRows(ok(await s.run(['collections', 'transfer', c.id, '--to', other, '--yes'])).stdout)[0][0]).toBe(c.id);
  });

  it('exits 4 when the caller is not an admin of the target or the source, 5 for an unknown id or organization, 2 without --to', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const foreign = await addOrganization(s, 'Foreign', READER);
    const c = await createCollection(s, 'Guides');
    // An organization the caller is not a member of does not exist for them.
    expect((await s.run(['collections', 'transfer', c.id, '--to', foreign, '--yes'])).code).toBe(5);
    await withEngine(s, async (engine, { adminId }) => {
      await engine.core.run("INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, 'read', ?)", [foreign, adminId, engine.core.now()]);
    });
    const notAdmin = await s.run(['collections', 'transfer', c.id, '--to', foreign, '--yes']);
    expect(notAdmin.code).toBe(4);
    expect(notAdmin.stderr).toContain('admin role required');
    expect((await s.run(['--as', READER, 'collections', 'transfer', c.id, '--to', foreign, '--yes'])).code).toBe(4);
    expect((await s.run(['collections', 'transfer', 'nope', '--to', foreign, '--yes'])).code).toBe(5);
    expect((await s.run(['collections', 'transfer', c.id, '--yes'])).code).toBe(2);
    expect((await json(s, ['collections', 'get', c.id])).organization).not.toBe(foreign);
  });
});

describe('collections help', () => {
  it('every verb has an example', async () => {
    const s = await emptySandbox();
    for (const verb of ['list', 'get', 'create', 'update', 'delete', 'spaces', 'move', 'transfer']) {
      const help = ok(await s.run(['collections', verb, '--help']));
      expect(help.stdout, verb).toMatch(new RegExp(`Examples:\\n  \\$ docsctl collections ${verb}`));
    }
  });
});
