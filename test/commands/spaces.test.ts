import { describe, expect, it } from 'vitest';
import { noPrompter, yesPrompter } from '../helpers/cli';
import { displayWidth } from '../../src/output/display-width';
import { ADMIN, emptySandbox, fieldsOf, json, ok, recordingPrompter, tableOf, tsvRows, wrappedTableOf, type Sandbox } from './support';
import { EDITOR, READER, addMembers, addOrganization, createCollection, createSpace, titles, withEngine } from './spaces-support';

const HEADER = ['ID', 'TITLE', 'VISIBILITY', 'COLLECTION', 'EDIT MODE', 'CREATED'];
const DETAIL = [...HEADER, 'EMOJI', 'DEFAULT LEVEL', 'UPDATED', 'URL'];
const DELETED_HEADER = ['ID', 'TITLE', 'DELETED AT', 'DELETED BY', 'PURGED IN'];
const OPS = 'ops@example.com';
const HOUR = 3_600_000;

async function exists(s: Sandbox, id: string): Promise<boolean> {
  const r = await s.run(['spaces', 'get', id]);
  expect([0, 5]).toContain(r.code);
  return r.code === 0;
}

/** Pretends a space was deleted `msAgo` milliseconds ago (the CLI runs on the real clock). */
async function deletedAgo(s: Sandbox, spaceId: string, msAgo: number): Promise<string> {
  const at = new Date(Date.now() - msAgo).toISOString();
  await withEngine(s, async (engine) => await engine.core.run('UPDATE spaces SET deleted_at = ? WHERE id = ?', [at, spaceId]));
  return at;
}

describe('spaces list', () => {
  it('lists top-level spaces first, then each collection\'s, in order, in every output mode', async () => {
    const s = await emptySandbox();
    const c = await createCollection(s, 'Guides');
    const inside = await createSpace(s, 'Inside', '--collection', c.id);
    const first = await createSpace(s, 'First');
    const second = await createSpace(s, 'Second');

    const rows = tsvRows(ok(await s.run(['spaces', 'list'])).stdout);
    expect(rows.map((r) => [r[0], r[1], r[2], r[3]])).toEqual([
      [first.id, 'First', 'private', ''],
      [second.id, 'Second', 'private', ''],
      [inside.id, 'Inside', 'in-collection', c.id],
    ]);

    const table = tableOf(ok(await s.run(['spaces', 'list'], { tty: true })).stdout);
    expect(table.header).toEqual(HEADER);
    expect(table.rows.map((r) => r[1])).toEqual(['First', 'Second', 'Inside']);

    const list = await json(s, ['spaces', 'list']);
    expect(list.count).toBe(3);
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([first.id, second.id, inside.id]);
    expect(list.items[0]).toEqual(first);

    const page1 = await json(s, ['spaces', 'list', '--limit', '2']);
    const page2 = await json(s, ['spaces', 'list', '--limit', '2', '--page', page1.next.page]);
    expect([...page1.items, ...page2.items].map((i: { title: string }) => i.title)).toEqual(['First', 'Second', 'Inside']);
    expect(page2.next).toBeUndefined();
  });

  it('a member sees only the spaces open to them; an empty list exits 0', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    expect(ok(await s.run(['--as', READER, 'spaces', 'list'], { tty: true })).stderr).toContain('No results.');
    const open = await createSpace(s, 'Open');
    await createSpace(s, 'Closed');
    ok(await s.run(['spaces', 'update', open.id, '--default-level', 'read']));
    expect(await titles(s, ['--as', READER, 'spaces', 'list'])).toEqual(['Open']);
    expect(await titles(s, ['spaces', 'list'])).toEqual(['Open', 'Closed']);
  });
});

describe('spaces get', () => {
  it('shows a space in every output mode; unknown or invisible spaces exit 5', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const space = await createSpace(s, 'Runbooks', '--emoji', '📘');

    const fields = fieldsOf(ok(await s.run(['spaces', 'get', space.id], { tty: true })).stdout);
    expect(Object.keys(fields)).toEqual(DETAIL);
    expect(fields).toMatchObject({ ID: space.id, TITLE: 'Runbooks', VISIBILITY: 'private', 'EDIT MODE': 'live', 'DEFAULT LEVEL': 'guest' });

    const [row] = tsvRows(ok(await s.run(['spaces', 'get', space.id])).stdout);
    expect(row).toHaveLength(DETAIL.length);
    expect(row.slice(0, 3)).toEqual([space.id, 'Runbooks', 'private']);

    expect(await json(s, ['spaces', 'get', space.id])).toEqual(space);
    const missing = await s.run(['spaces', 'get', 'nope']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toBe('error: space nope not found\n');
    expect((await s.run(['--as', READER, 'spaces', 'get', space.id])).code).toBe(5);
  });
});

describe('spaces create', () => {
  it('creates a space with a title, emoji, collection and locked edit mode, in every output mode', async () => {
    const s = await emptySandbox();
    const c = await createCollection(s, 'Guides');

    const piped = ok(await s.run(['spaces', 'create', '--title', 'Runbooks']));
    const [row] = tsvRows(piped.stdout);
    expect(row.slice(1, 5)).toEqual(['Runbooks', 'private', '', 'live']);
    expect(piped.stderr).toBe(`Created space Runbooks (${row[0]}).\n`);

    const tty = ok(await s.run(['spaces', 'create', '--title', 'API', '--emoji', '📘', '--collection', c.id, '--locked'], { tty: true }));
    expect(fieldsOf(tty.stdout)).toMatchObject({ TITLE: 'API', VISIBILITY: 'in-collection', COLLECTION: c.id, 'EDIT MODE': 'locked', EMOJI: '📘' });

    const untitled = await json(s, ['spaces', 'create']);
    expect(untitled).toMatchObject({ object: 'space', title: 'Untitled', emoji: '', editMode: 'live' });
    expect(await titles(s, ['spaces', 'list'])).toEqual(['Runbooks', 'Untitled', 'API']);
  });

  it('exits 1 for too long a title or an unknown collection, 4 for a read member', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const long = await s.run(['spaces', 'create', '--title', 't'.repeat(51)]);
    expect(long.code).toBe(1);
    expect(long.stderr).toContain('title: ');
    const parent = await s.run(['spaces', 'create', '--collection', 'nope']);
    expect(parent.code).toBe(1);
    expect(parent.stderr).toContain('parent: no collection nope');
    const forbidden = await s.run(['--as', READER, 'spaces', 'create', '--title', 'Mine']);
    expect(forbidden.code).toBe(4);
    expect((await json(s, ['spaces', 'list'])).count).toBe(0);
  });
});

describe('spaces update', () => {
  it('changes title, emoji, visibility, edit mode and default level, and reads them back', async () => {
    const s = await emptySandbox();
    const space = await createSpace(s, 'Runbooks');

    const piped = ok(await s.run(['spaces', 'update', space.id, '--title', 'Ops runbooks', '--emoji', '🛠']));
    expect(tsvRows(piped.stdout)[0].slice(0, 2)).toEqual([space.id, 'Ops runbooks']);
    expect(piped.stderr).toBe(`Updated space Ops runbooks (${space.id}).\n`);

    const tty = ok(await s.run(['spaces', 'update', space.id, '--visibility', 'public', '--edit-mode', 'locked', '--default-level', 'comment'], { tty: true }));
    expect(fieldsOf(tty.stdout)).toMatchObject({ VISIBILITY: 'public', 'EDIT MODE': 'locked', 'DEFAULT LEVEL': 'comment', EMOJI: '🛠' });

    expect(await json(s, ['spaces', 'update', space.id, '--default-level', 'guest', '--edit-mode', 'live'])).toMatchObject({ defaultLevel: null, editMode: 'live' });
    expect(await json(s, ['spaces', 'get', space.id])).toMatchObject({
      title: 'Ops runbooks', emoji: '🛠', visibility: 'public', editMode: 'live', defaultLevel: null,
    });
  });

  it('exits 2 with nothing to change or a bad choice, 1 for in-collection at the top level, 4 for an editor changing settings, 5 for an unknown id', async () => {
    const s = await emptySandbox();
    const users = await addMembers(s, { [EDITOR]: 'read' });
    const space = await createSpace(s, 'Runbooks');
    expect((await s.run(['spaces', 'update', space.id])).code).toBe(2);
    expect((await s.run(['spaces', 'update', space.id, '--visibility', 'everyone'])).code).toBe(2);
    expect((await s.run(['spaces', 'update', space.id, '--edit-mode', 'frozen'])).code).toBe(2);
    const inCollection = await s.run(['spaces', 'update', space.id, '--visibility', 'in-collection']);
    expect(inCollection.code).toBe(1);
    expect(inCollection.stderr).toContain('visibility: "in-collection" is only for spaces in a collection');

    ok(await s.run(['spaces', 'permissions', 'grant', space.id, '--role', 'edit', '--user', users[EDITOR]]));
    ok(await s.run(['--as', EDITOR, 'spaces', 'update', space.id, '--title', 'Edited']));
    const settings = await s.run(['--as', EDITOR, 'spaces', 'update', space.id, '--visibility', 'public']);
    expect(settings.code).toBe(4);
    expect(settings.stderr).toContain('admin role on the space required');
    expect((await s.run(['spaces', 'update', 'nope', '--title', 'X'])).code).toBe(5);
    expect(await json(s, ['spaces', 'get', space.id])).toMatchObject({ title: 'Edited', visibility: 'private' });
  });
});

describe('spaces delete', () => {
  it('refuses without --yes when piped, deletes several spaces with --yes', async () => {
    const s = await emptySandbox();
    const a = await createSpace(s, 'A');
    const b = await createSpace(s, 'B');
    const keep = await createSpace(s, 'Keep');

    const refused = await s.run(['spaces', 'delete', a.id, b.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`Delete 2 spaces: "A" (${a.id}), "B" (${b.id}): refusing without --yes`);
    expect(await titles(s, ['spaces', 'list'])).toEqual(['A', 'B', 'Keep']);

    const done = ok(await s.run(['--json', 'spaces', 'delete', a.id, b.id, '--yes']));
    expect(done.stdout).toBe('');
    expect(done.stderr).toContain(`Deleted space A (${a.id}).\nDeleted space B (${b.id}).\n`);
    expect(done.stderr).toContain(`docsctl spaces restore ${a.id} ${b.id}`);
    expect(await titles(s, ['spaces', 'list'])).toEqual(['Keep']);
    expect(await exists(s, keep.id)).toBe(true);
  });

  it('asks once on a TTY: no cancels (exit 2), yes deletes', async () => {
    const s = await emptySandbox();
    const a = await createSpace(s, 'A');
    const no = recordingPrompter(false);
    expect((await s.run(['spaces', 'delete', a.id], { tty: true, prompter: no })).code).toBe(2);
    expect(no.questions).toEqual([`Delete space "A" (${a.id})?`]);
    expect(await exists(s, a.id)).toBe(true);
    const yes = recordingPrompter(true);
    ok(await s.run(['spaces', 'delete', a.id], { tty: true, prompter: yes }));
    expect(yes.questions).toHaveLength(1);
    expect(await exists(s, a.id)).toBe(false);
  });

  it('deletes nothing when one id is unknown (exit 5); a reader gets exit 4', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const a = await createSpace(s, 'A');
    const unknown = await s.run(['spaces', 'delete', a.id, 'nope', '--yes']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('space nope not found');
    expect(await exists(s, a.id)).toBe(true);

    ok(await s.run(['spaces', 'update', a.id, '--default-level', 'read']));
    const forbidden = await s.run(['--as', READER, 'spaces', 'delete', a.id, '--yes']);
    expect(forbidden.code).toBe(4);
    expect(forbidden.stderr).toContain('admin role on the space required');
    expect(await exists(s, a.id)).toBe(true);
    expect((await s.run(['spaces', 'delete'])).code).toBe(2);
  });
});

describe('support staff: find deleted spaces and restore them', () => {
  it('deleted lists who deleted what, newest first, with the time left; restore brings them back and reports the rest', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [OPS]: 'admin', [READER]: 'read' });
    const c = await createCollection(s, 'Guides');
    const old = await createSpace(s, 'Old handbook', '--collection', c.id);
    const recent = await createSpace(s, 'Recent notes');
    await createSpace(s, 'Still here');

    expect(ok(await s.run(['spaces', 'deleted'], { tty: true })).stderr).toContain('No results.');
    ok(await s.run(['spaces', 'delete', old.id, '--yes']));
    ok(await s.run(['--as', OPS, 'spaces', 'delete', recent.id, '--yes']));
    const oldAt = await deletedAgo(s, old.id, 2 * 24 * HOUR + 4.5 * HOUR); // 4d 19h 30m left
    const recentAt = await deletedAgo(s, recent.id, 0.5 * HOUR); // 6d 23h 30m left

    // A person reads times relative to now (the run's clock); a pipe gets ISO times and the countdown.
    const now = new Date(Date.parse(recentAt) + 0.5 * HOUR);
    const table = tableOf(ok(await s.run(['spaces', 'deleted'], { tty: true, now })).stdout);
    expect(table.header).toEqual(DELETED_HEADER);
    expect(table.rows).toEqual([
      [recent.id, 'Recent notes', '30 minutes ago', OPS, 'in 6 days'],
      [old.id, 'Old handbook', '2 days ago', ADMIN, 'in 4 days'],
    ]);
    expect(tsvRows(ok(await s.run(['spaces', 'deleted'], { now })).stdout)).toEqual([
      [recent.id, 'Recent notes', recentAt, OPS, '6d 23h'],
      [old.id, 'Old handbook', oldAt, ADMIN, '4d 19h'],
    ]);
    const list = await json(s, ['spaces', 'deleted']);
    expect(list.count).toBe(2);
    expect(list.items.map((i: { id: string; deletedAt: string; deletedBy: { email: string } }) => [i.id, i.deletedAt, i.deletedBy.email])).toEqual([
      [recent.id, recentAt, OPS],
      [old.id, oldAt, ADMIN],
    ]);
    expect(await titles(s, ['spaces', 'list'])).toEqual(['Still here']);

    // Only admins may look.
    const reader = await s.run(['--as', READER, 'spaces', 'deleted']);
    expect(reader.code).toBe(4);
    expect(reader.stderr).toContain('admin role required');

    const restore = await s.run(['spaces', 'restore', old.id, recent.id, 'bogus']);
    expect(restore.code).toBe(5);
    expect(tsvRows(restore.stdout)).toEqual([
      [old.id, 'Old handbook', 'restored', `in collection ${c.id}`],
      [recent.id, 'Recent notes', 'restored', 'at the top level'],
      ['bogus', '', 'not found', 'space bogus not found'],
    ]);
    expect(restore.stderr).toBe('Restored 2 of 3 space(s).\nerror: could not restore bogus (not found)\n');
    expect(await titles(s, ['spaces', 'list'])).toEqual(['Recent notes', 'Still here', 'Old handbook']);
    expect((await json(s, ['spaces', 'get', old.id])).parent).toBe(c.id);
    expect((await json(s, ['spaces', 'deleted'])).count).toBe(0);
  });

  it('restore on a TTY shows a table; --json reports restored spaces and failures; all-good exits 0', async () => {
    const s = await emptySandbox();
    const a = await createSpace(s, 'A');
    const b = await createSpace(s, 'B');
    ok(await s.run(['spaces', 'delete', a.id, b.id, '--yes']));

    const tty = ok(await s.run(['spaces', 'restore', a.id], { tty: true }));
    const table = tableOf(tty.stdout);
    expect(table.header).toEqual(['ID', 'TITLE', 'STATUS', 'DETAIL']);
    expect(table.rows).toEqual([[a.id, 'A', 'restored', 'at the top level']]);

    const r = await s.run(['--json', 'spaces', 'restore', b.id, 'bogus']);
    expect(r.code).toBe(5);
    const out = JSON.parse(r.stdout);
    expect(out.restored.map((x: { id: string; object: string }) => [x.object, x.id])).toEqual([['space', b.id]]);
    expect(out.failed).toEqual([{ id: 'bogus', error: { code: 404, message: 'space bogus not found' } }]);
    expect(await titles(s, ['spaces', 'list'])).toEqual(['A', 'B']);
  });

  it('restore of a space that is not deleted says so, changes nothing and counts only real restores; a re-run exits 0 (issue 31)', async () => {
    const s = await emptySandbox();
    const live = await createSpace(s, 'Live');
    const gone = await createSpace(s, 'Gone');
    ok(await s.run(['spaces', 'delete', gone.id, '--yes']));
    const before = await json(s, ['spaces', 'get', live.id]);

    // Piped: the row says `not deleted`, the summary counts it apart, the exit code is 0.
    const piped = ok(await s.run(['spaces', 'restore', live.id]));
    expect(tsvRows(piped.stdout).map((row) => row.slice(0, 3))).toEqual([[live.id, 'Live', 'not deleted']]);
    expect(piped.stderr).toBe('Restored 0 of 1 space(s); 1 was not deleted (nothing to restore).\n');
    expect(await json(s, ['spaces', 'get', live.id])).toEqual(before);

    // On a terminal, at 80 columns, the same.
    const tty = ok(await s.run(['spaces', 'restore', live.id, gone.id], { tty: true, columns: 80 }));
    const table = tableOf(tty.stdout);
    expect(table.rows.map((row) => row.slice(0, 3))).toEqual([[live.id, 'Live', 'not deleted'], [gone.id, 'Gone', 'restored']]);
    expect(tty.stderr).toBe('Restored 1 of 2 space(s); 1 was not deleted (nothing to restore).\n');

    // The same command again: both are live now, nothing fails, exit 0 (a CI job can re-run it).
    const again = ok(await s.run(['spaces', 'restore', live.id, gone.id]));
    expect(tsvRows(again.stdout).map((row) => row[2])).toEqual(['not deleted', 'not deleted']);
    expect(again.stderr).toBe('Restored 0 of 2 space(s); 2 were not deleted (nothing to restore).\n');

    // --json: restored and notDeleted apart; a failure still fails the run.
    ok(await s.run(['spaces', 'delete', gone.id, '--yes']));
    const r = await s.run(['--json', 'spaces', 'restore', live.id, gone.id, 'bogus']);
    expect(r.code).toBe(5);
    const out = JSON.parse(r.stdout);
    expect(out.restored.map((x: { id: string; restored: boolean }) => [x.id, x.restored])).toEqual([[gone.id, true]]);
    expect(out.notDeleted.map((x: { id: string; restored: boolean }) => [x.id, x.restored])).toEqual([[live.id, false]]);
    expect(out.failed.map((x: { id: string }) => x.id)).toEqual(['bogus']);
    expect(r.stderr).toBe('Restored 1 of 3 space(s); 1 was not deleted (nothing to restore).\nerror: could not restore bogus (not found)\n');
  });

  it('restore keeps going past a forbidden space and exits 4; a space deleted over 7 days ago is gone (exit 5)', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const shared = await createSpace(s, 'Shared');
    const expired = await createSpace(s, 'Expired');
    ok(await s.run(['spaces', 'update', shared.id, '--default-level', 'read']));
    ok(await s.run(['spaces', 'delete', shared.id, expired.id, '--yes']));

    const forbidden = await s.run(['--as', READER, 'spaces', 'restore', 'bogus', shared.id]);
    expect(forbidden.code).toBe(4);
    expect(tsvRows(forbidden.stdout).map((r) => [r[0], r[2]])).toEqual([['bogus', 'not found'], [shared.id, 'failed']]);
    expect(forbidden.stderr).toContain('admin role on the space required');

    await deletedAgo(s, expired.id, 8 * 24 * HOUR);
    const gone = await s.run(['spaces', 'restore', expired.id]);
    expect(gone.code).toBe(5);
    expect(tsvRows(gone.stdout)[0][2]).toBe('not found');
    expect((await json(s, ['spaces', 'deleted'])).items.map((i: { id: string }) => i.id)).toEqual([shared.id]);
  });

  it('restore with no id: a pick-list of the deleted spaces on a TTY, a usage error (exit 2) when piped', async () => {
    const s = await emptySandbox();
    const a = await createSpace(s, 'Alpha');
    const b = await createSpace(s, 'Beta');
    await createSpace(s, 'Gamma');

    const nothing = ok(await s.run(['spaces', 'restore'], { tty: true, prompter: recordingPrompter(true, () => { throw new Error('no list expected'); }) }));
    expect(nothing.stderr).toContain('nothing to restore');

    ok(await s.run(['spaces', 'delete', a.id, b.id, '--yes']));
    await deletedAgo(s, a.id, HOUR);

    const piped = await s.run(['spaces', 'restore']);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain("missing required argument 'ids'");

    const none = recordingPrompter(true);
    const cancelled = await s.run(['spaces', 'restore'], { tty: true, prompter: none });
    expect(cancelled.code).toBe(2);
    expect(cancelled.stderr).toContain('cancelled');
    expect(await titles(s, ['spaces', 'list'])).toEqual(['Gamma']);

    const picker = recordingPrompter(true, (choices) => [choices[1].value]);
    const picked = ok(await s.run(['spaces', 'restore'], { tty: true, prompter: picker }));
    expect(picker.lists).toHaveLength(1);
    const [choices] = picker.lists;
    expect(choices.map((ch) => ch.value)).toEqual([b.id, a.id]);
    // Aligned like a table: the title, the id, when and by whom (relative, as a person reads it), the deadline.
    expect(choices[0].name).toMatch(new RegExp(`^Beta {3}${b.id} {2}deleted just now by Admin {4}purged in [67] days$`));
    expect(choices[1].name).toMatch(new RegExp(`^Alpha {2}${a.id} {2}deleted 1 hour ago by Admin {2}purged in 6 days$`));
    expect(choices.map((ch) => ch.short)).toEqual(['Beta', 'Alpha']);
    expect(tableOf(picked.stdout).rows).toEqual([[a.id, 'Alpha', 'restored', 'at the top level']]);
    // Back in its old place.
    expect(await titles(s, ['spaces', 'list'])).toEqual(['Alpha', 'Gamma']);

    // yesPrompter ticks everything that is left.
    ok(await s.run(['spaces', 'restore'], { tty: true, prompter: yesPrompter }));
    expect(await titles(s, ['spaces', 'list'])).toEqual(['Alpha', 'Beta', 'Gamma']);
  });
});

describe('spaces restore at 80 columns (issue 31)', () => {
  it('the pick-list fits each entry on one line: the title cut, the id and who deleted it when whole; the result names the collection', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [OPS]: 'admin' });
    const guides = await createCollection(s, 'Guides for partners and customers');
    const long = await createSpace(s, 'Quarterly planning for the documentation platform', '--collection', guides.id);
    const short = await createSpace(s, 'Old roadmap');
    ok(await s.run(['--as', OPS, 'spaces', 'delete', long.id, short.id, '--yes']));
    await deletedAgo(s, long.id, 2 * 24 * HOUR);

    const picker = recordingPrompter(true, (choices) => choices.map((ch) => ch.value));
    const r = ok(await s.run(['spaces', 'restore'], { tty: true, columns: 80, prompter: picker }));
    const [choices] = picker.lists;
    // The pick-list draws `❯◯ ` before each entry: an entry takes at most 76 columns, so none wraps.
    for (const choice of choices) expect(displayWidth(choice.name), choice.name).toBeLessThanOrEqual(76);
    expect(choices[0].name).toMatch(new RegExp(`^Old roadmap +${short.id} {2}deleted just now by ops$`));
    expect(choices[1].name).toMatch(new RegExp(`^Quarterly planning for the… {2}${long.id} {2}deleted 2 days ago by ops$`));
    expect(choices.map((ch) => ch.name).join('\n')).not.toMatch(/\d{4}-\d\d-\d\dT/);
    // Wider, the purge deadline comes too.
    const wide = recordingPrompter(true);
    ok(await s.run(['spaces', 'delete', long.id, short.id, '--yes']));
    await s.run(['spaces', 'restore'], { tty: true, columns: 160, prompter: wide });
    expect(wide.lists[0][0].name).toMatch(/ {2}purged in [67] days$/);

    // The result names the collection by its title; the id joins it where the row fits whole with it.
    const narrow = wrappedTableOf(r.stdout);
    expect(narrow.rows.find((row) => row[0] === long.id)!.slice(2)).toEqual(['restored', `in collection "Guides for partners and customers"`]);
    expect(r.stdout.split('\n').filter((line) => displayWidth(line) > 80)).toEqual([]);
    const widely = ok(await s.run(['spaces', 'restore', long.id, short.id], { tty: true, columns: 200 }));
    expect(tableOf(widely.stdout).rows.find((row) => row[0] === long.id)![3]).toBe(`in collection "Guides for partners and customers" (${guides.id})`);
    ok(await s.run(['spaces', 'delete', long.id, '--yes']));
    // Piped and as JSON, the id as before.
    expect(tsvRows(ok(await s.run(['spaces', 'restore', long.id])).stdout)).toEqual([[long.id, long.title, 'restored', `in collection ${guides.id}`]]);
  });
});

describe('spaces duplicate', () => {
  it('copies a space right after the original, with its permissions and field values, in every output mode', async () => {
    const s = await emptySandbox();
    const users = await addMembers(s, { [EDITOR]: 'read' });
    const a = await createSpace(s, 'A', '--emoji', '📘');
    await createSpace(s, 'B');
    ok(await s.run(['spaces', 'permissions', 'grant', a.id, '--role', 'edit', '--user', users[EDITOR]]));
    ok(await s.run(['custom-fields', 'create', 'owner', '--type', 'text']));
    ok(await s.run(['spaces', 'fields', 'set', a.id, 'owner=Ops']));

    const piped = ok(await s.run(['spaces', 'duplicate', a.id]));
    const [row] = tsvRows(piped.stdout);
    expect(row[1]).toBe('A (copy)');
    expect(piped.stderr).toBe(`Duplicated space ${a.id} as A (copy) (${row[0]}).\n`);
    expect(await titles(s, ['spaces', 'list'])).toEqual(['A', 'A (copy)', 'B']);
    expect((await json(s, ['spaces', 'fields', 'get', row[0]])).map((v: { value: unknown }) => v.value)).toEqual(['Ops']);
    expect((await json(s, ['spaces', 'permissions', 'list', row[0]])).items.map((p: { role: string }) => p.role)).toEqual(['edit']);

    expect(fieldsOf(ok(await s.run(['spaces', 'duplicate', a.id], { tty: true })).stdout)).toMatchObject({ TITLE: 'A (copy)', EMOJI: '📘' });
    expect(await json(s, ['spaces', 'duplicate', a.id])).toMatchObject({ object: 'space', title: 'A (copy)' });
    expect((await json(s, ['spaces', 'list'])).count).toBe(5);
  });

  it('exits 5 for an unknown space and 4 for a member without the create role', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const a = await createSpace(s, 'A');
    ok(await s.run(['spaces', 'update', a.id, '--default-level', 'read']));
    expect((await s.run(['spaces', 'duplicate', 'nope'])).code).toBe(5);
    expect((await s.run(['--as', READER, 'spaces', 'duplicate', a.id])).code).toBe(4);
    expect((await json(s, ['spaces', 'list'])).count).toBe(1);
  });
});

describe('spaces move', () => {
  it('moves into a collection, to the top level, and before or after a sibling, in every output mode', async () => {
    const s = await emptySandbox();
    const c = await createCollection(s, 'Guides');
    const a = await createSpace(s, 'A');
    const b = await createSpace(s, 'B');

    const into = ok(await s.run(['spaces', 'move', a.id, '--collection', c.id]));
    // A private space stays private in a collection.
    expect(tsvRows(into.stdout)[0].slice(0, 4)).toEqual([a.id, 'A', 'private', c.id]);
    expect(into.stderr).toBe(`Moved space A (${a.id}) into collection ${c.id}.\n`);
    expect((await json(s, ['collections', 'spaces', c.id])).items.map((i: { id: string }) => i.id)).toEqual([a.id]);

    const root = ok(await s.run(['spaces', 'move', a.id, '--root', '--before', `space:${b.id}`], { tty: true }));
    expect(fieldsOf(root.stdout)).toMatchObject({ ID: a.id, COLLECTION: '', VISIBILITY: 'private' });
    expect(await titles(s, ['spaces', 'list'])).toEqual(['A', 'B']);

    expect(await json(s, ['spaces', 'move', a.id, '--after', `space:${b.id}`])).toMatchObject({ id: a.id });
    expect(await titles(s, ['spaces', 'list'])).toEqual(['B', 'A']);
    ok(await s.run(['spaces', 'move', a.id, '--before', `collection:${c.id}`]));
    expect(await titles(s, ['spaces', 'list'])).toEqual(['A', 'B']);
  });

  it('exits 2 for contradictory or malformed flags, 1 for a sibling elsewhere, 4 for a reader, 5 for an unknown space', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const c = await createCollection(s, 'Guides');
    const a = await createSpace(s, 'A');
    const inside = await createSpace(s, 'Inside', '--collection', c.id);
    expect((await s.run(['spaces', 'move', a.id, '--collection', c.id, '--root'])).code).toBe(2);
    expect((await s.run(['spaces', 'move', a.id, '--before', 'space'])).code).toBe(2);
    expect((await s.run(['spaces', 'move', a.id])).code).toBe(2);
    const elsewhere = await s.run(['spaces', 'move', a.id, '--after', `space:${inside.id}`]);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stderr).toContain('is not an item of the same parent');
    expect((await s.run(['spaces', 'move', a.id, '--collection', 'nope'])).code).toBe(1);
    ok(await s.run(['spaces', 'update', a.id, '--default-level', 'read']));
    expect((await s.run(['--as', READER, 'spaces', 'move', a.id, '--collection', c.id])).code).toBe(4);
    expect((await s.run(['spaces', 'move', 'nope', '--root'])).code).toBe(5);
    expect((await json(s, ['spaces', 'get', a.id])).parent).toBeUndefined();
  });
});

describe('spaces transfer', () => {
  it('refuses without --yes when piped, asks on a TTY, moves the space to the other organization', async () => {
    const s = await emptySandbox();
    const other = await addOrganization(s);
    const space = await createSpace(s, 'Runbooks');

    expect((await s.run(['spaces', 'transfer', space.id, '--to', other])).code).toBe(2);
    const no = recordingPrompter(false);
    expect((await s.run(['spaces', 'transfer', space.id, '--to', other], { tty: true, prompter: no })).code).toBe(2);
    expect(no.questions).toEqual([`Transfer space "Runbooks" (${space.id}) to organization ${other}?`]);
    expect((await json(s, ['spaces', 'get', space.id])).organization).toBe(space.organization);

    const tty = ok(await s.run(['spaces', 'transfer', space.id, '--to', other], { tty: true, prompter: yesPrompter }));
    expect(fieldsOf(tty.stdout)).toMatchObject({ ID: space.id, TITLE: 'Runbooks' });
    expect(await titles(s, ['--org', other, 'spaces', 'list'])).toEqual(['Runbooks']);
    expect((await json(s, ['spaces', 'list'])).count).toBe(0);

    expect((await json(s, ['spaces', 'transfer', space.id, '--to', space.organization, '--yes'])).organization).toBe(space.organization);
    const piped = ok(await s.run(['spaces', 'transfer', space.id, '--to', other, '--yes']));
    expect(tsvRows(piped.stdout)[0][0]).toBe(space.id);
    expect(piped.stderr).toContain(`Transferred space Runbooks (${space.id}) to organization ${other}.`);
  });

  it('exits 5 for an unknown space or an organization the caller is not in, 4 for a reader', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const foreign = await addOrganization(s, 'Foreign', READER);
    const space = await createSpace(s, 'Runbooks');
    ok(await s.run(['spaces', 'update', space.id, '--default-level', 'read']));
    expect((await s.run(['spaces', 'transfer', 'nope', '--to', foreign, '--yes'])).code).toBe(5);
    expect((await s.run(['spaces', 'transfer', space.id, '--to', foreign, '--yes'])).code).toBe(5);
    expect((await s.run(['--as', READER, 'spaces', 'transfer', space.id, '--to', foreign, '--yes'])).code).toBe(4);
    expect((await json(s, ['spaces', 'get', space.id])).organization).toBe(space.organization);
  });
});

describe('spaces permissions', () => {
  it('grants roles to users (by e-mail or id) and teams (by title), lists them, and revokes them', async () => {
    const s = await emptySandbox();
    const users = await addMembers(s, { [EDITOR]: 'read', [READER]: 'read' });
    const team = await json(s, ['teams', 'create', 'Support']);
    const space = await createSpace(s, 'Runbooks');

    const grant = ok(await s.run(['spaces', 'permissions', 'grant', space.id, '--role', 'edit', '--user', EDITOR, users[READER]]));
    expect(grant.stdout).toBe('');
    expect(grant.stderr).toBe(`Gave 2 user(s) and 0 team(s) the edit role on space ${space.id}.\n`);
    ok(await s.run(['spaces', 'permissions', 'grant', space.id, '--role', 'read', '--team', 'support']));
    ok(await s.run(['spaces', 'permissions', 'grant', space.id, '--role', 'comment', '--user', READER]));

    const rows = tsvRows(ok(await s.run(['spaces', 'permissions', 'list', space.id])).stdout);
    // Users first (in the order they were granted; these two in the same instant), then teams.
    expect([...rows.slice(0, 2)].sort((a, b) => a[2].localeCompare(b[2]))).toEqual([
      ['user', users[EDITOR], EDITOR, 'edit'],
      ['user', users[READER], READER, 'comment'],
    ]);
    expect(rows[2]).toEqual(['team', team.id, 'Support', 'read']);
    const table = tableOf(ok(await s.run(['spaces', 'permissions', 'list', space.id], { tty: true })).stdout);
    expect(table.header).toEqual(['TYPE', 'ID', 'NAME', 'ROLE']);
    expect(table.rows).toEqual(rows);
    const list = await json(s, ['spaces', 'permissions', 'list', space.id]);
    expect(list.count).toBe(3);
    expect(list.items.map((p: { object: string }) => p.object)).toEqual(['space-user-permission', 'space-user-permission', 'space-team-permission']);
    expect(list.items.map((p: { user?: { id: string }; team?: { id: string } }) => (p.user ?? p.team)!.id)).toEqual(rows.map((r) => r[1]));
    expect(list.items[2].team).toMatchObject({ id: team.id, title: 'Support' });

    // The grant is real: the editor can now see and edit the space.
    ok(await s.run(['--as', EDITOR, 'spaces', 'update', space.id, '--title', 'Edited']));

    const refused = await s.run(['spaces', 'permissions', 'revoke', space.id, '--user', EDITOR]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing without --yes');
    const no = recordingPrompter(false);
    expect((await s.run(['spaces', 'permissions', 'revoke', space.id, '--user', EDITOR, '--team', 'Support'], { tty: true, prompter: no })).code).toBe(2);
    expect(no.questions).toEqual([`Revoke the roles of ${EDITOR}, team Support on space "Edited" (${space.id})?`]);
    ok(await s.run(['spaces', 'permissions', 'revoke', space.id, '--user', EDITOR, '--team', 'Support'], { tty: true, prompter: yesPrompter }));
    ok(await s.run(['spaces', 'permissions', 'revoke', space.id, '--user', READER, '--yes']));
    expect((await json(s, ['spaces', 'permissions', 'list', space.id])).count).toBe(0);
    expect((await s.run(['--as', EDITOR, 'spaces', 'get', space.id])).code).toBe(5);
    expect(ok(await s.run(['spaces', 'permissions', 'list', space.id], { tty: true })).stderr).toContain('No results.');
  });

  it('exits 2 without anyone or with a bad role, 5 for an unknown user or space, 1 for a non-member id, 4 for a non-admin of the space', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const space = await createSpace(s, 'Runbooks');
    expect((await s.run(['spaces', 'permissions', 'grant', space.id, '--role', 'edit'])).code).toBe(2);
    expect((await s.run(['spaces', 'permissions', 'grant', space.id, '--role', 'owner', '--user', READER])).code).toBe(2);
    expect((await s.run(['spaces', 'permissions', 'grant', space.id, '--user', READER])).code).toBe(2);
    expect((await s.run(['spaces', 'permissions', 'revoke', space.id, '--yes'])).code).toBe(2);
    const unknown = await s.run(['spaces', 'permissions', 'grant', space.id, '--role', 'edit', '--user', 'nobody@example.com']);
    expect(unknown.code).toBe(5);
    expect(unknown.stderr).toContain('no member with e-mail nobody@example.com');
    const stranger = await s.run(['spaces', 'permissions', 'grant', space.id, '--role', 'edit', '--user', 'no-such-id']);
    expect(stranger.code).toBe(1);
    expect(stranger.stderr).toContain('users: not members of the organization: no-such-id');
    const noTeam = await s.run(['spaces', 'permissions', 'grant', space.id, '--role', 'edit', '--team', 'Nope']);
    expect(noTeam.code).toBe(1);
    expect((await s.run(['spaces', 'permissions', 'grant', 'nope', '--role', 'edit', '--user', READER])).code).toBe(5);
    expect((await s.run(['spaces', 'permissions', 'list', 'nope'])).code).toBe(5);

    ok(await s.run(['spaces', 'update', space.id, '--default-level', 'read']));
    expect((await s.run(['--as', READER, 'spaces', 'permissions', 'list', space.id])).code).toBe(4);
    expect((await s.run(['--as', READER, 'spaces', 'permissions', 'grant', space.id, '--role', 'admin', '--user', READER])).code).toBe(4);
    expect((await s.run(['--as', READER, 'spaces', 'permissions', 'revoke', space.id, '--user', READER, '--yes'])).code).toBe(4);
    expect((await json(s, ['spaces', 'permissions', 'list', space.id])).count).toBe(0);
  });
});

describe('spaces fields', () => {
  async function withFields(s: Sandbox) {
    ok(await s.run(['custom-fields', 'create', 'owner', '--type', 'text']));
    ok(await s.run(['custom-fields', 'create', 'priority', '--type', 'number']));
    ok(await s.run(['custom-fields', 'create', 'reviewed', '--type', 'boolean']));
    ok(await s.run(['custom-fields', 'create', 'labels', '--type', 'tags']));
    ok(await s.run(['custom-fields', 'create', 'tier', '--type', 'select:single', '--option', 'gold', 'silver']));
    ok(await s.run(['custom-fields', 'create', 'regions', '--type', 'select:multi', '--option', 'eu', 'us', 'apac']));
    return createSpace(s, 'Runbooks');
  }

  it('sets values parsed by field type, shows them in every output mode, and clears them', async () => {
    const s = await emptySandbox();
    const space = await withFields(s);
    expect(await json(s, ['spaces', 'fields', 'get', space.id])).toEqual([]);

    const set = ok(await s.run([
      'spaces', 'fields', 'set', space.id, 'owner=Ops team, EU', 'priority=2.5', 'reviewed=true', 'labels=api, internal,,api', 'tier=gold', 'regions=eu,us',
    ]));
    expect(set.stderr).toBe(`Set 6 and cleared 0 custom field value(s) on space ${space.id}.\n`);
    expect(tsvRows(set.stdout)).toEqual([
      ['labels', 'tags', 'api, internal'],
      ['owner', 'text', 'Ops team, EU'],
      ['priority', 'number', '2.5'],
      ['regions', 'select:multi', 'eu, us'],
      ['reviewed', 'boolean', 'true'],
      ['tier', 'select:single', 'gold'],
    ]);

    const values = await json(s, ['spaces', 'fields', 'get', space.id]);
    expect(Object.fromEntries(values.map((v: { customField: { name: string }; value: unknown }) => [v.customField.name, v.value]))).toEqual({
      owner: 'Ops team, EU', priority: 2.5, reviewed: true, labels: ['api', 'internal'], tier: 'gold', regions: ['eu', 'us'],
    });

    const tty = ok(await s.run(['spaces', 'fields', 'set', space.id, 'reviewed=false', '--clear', 'priority', 'labels'], { tty: true }));
    const table = tableOf(tty.stdout);
    expect(table.header).toEqual(['NAME', 'TYPE', 'VALUE']);
    expect(table.rows.map((r) => r[0])).toEqual(['owner', 'regions', 'reviewed', 'tier']);
    expect(table.rows.find((r) => r[0] === 'reviewed')![2]).toBe('false');
    expect(tableOf(ok(await s.run(['spaces', 'fields', 'get', space.id], { tty: true })).stdout).rows).toEqual(table.rows);
    expect(tsvRows(ok(await s.run(['spaces', 'fields', 'get', space.id])).stdout)).toEqual(table.rows);
    expect((await json(s, ['spaces', 'fields', 'set', space.id, 'priority=-3'])).find((v: { customField: { name: string } }) => v.customField.name === 'priority').value).toBe(-3);
  });

  it('rejects values that do not fit the type (exit 1) and bad invocations (exit 2) without changing anything', async () => {
    const s = await emptySandbox();
    const space = await withFields(s);
    ok(await s.run(['spaces', 'fields', 'set', space.id, 'priority=1']));
    const cases: [string[], number, string][] = [
      [['priority=high'], 1, 'priority: must be a number, got "high"'],
      [['priority='], 1, 'priority: must be a number'],
      [['reviewed=yes'], 1, 'reviewed: must be true or false, got "yes"'],
      [['tier=platinum'], 1, 'values.tier.value: must be one of: "gold", "silver"'],
      [['regions=eu,mars'], 1, 'values.regions.value: must be a list of'],
      [['colour=red'], 1, 'colour: no custom field of that name (defined: labels, owner, priority, regions, reviewed, tier)'],
      [['owner=x', 'priority=oops'], 1, 'priority: must be a number'],
      [['owner'], 2, '"owner": expected name=value'],
      [['=x'], 2, 'expected name=value'],
      [[], 2, 'nothing to set'],
      [['priority=2', '--clear', 'priority'], 2, 'priority: both set and cleared'],
    ];
    for (const [args, code, message] of cases) {
      const r = await s.run(['spaces', 'fields', 'set', space.id, ...args]);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr, args.join(' ')).toContain(message);
    }
    const values = await json(s, ['spaces', 'fields', 'get', space.id]);
    expect(values.map((v: { customField: { name: string }; value: unknown }) => [v.customField.name, v.value])).toEqual([['priority', 1]]);
  });

  it('exits 5 for an unknown space and 4 for a member who cannot edit the space', async () => {
    const s = await emptySandbox();
    await addMembers(s, { [READER]: 'read' });
    const space = await withFields(s);
    expect((await s.run(['spaces', 'fields', 'get', 'nope'])).code).toBe(5);
    expect((await s.run(['spaces', 'fields', 'set', 'nope', 'owner=x'])).code).toBe(5);
    expect((await s.run(['--as', READER, 'spaces', 'fields', 'get', space.id])).code).toBe(5);
    ok(await s.run(['spaces', 'update', space.id, '--default-level', 'read']));
    expect(await json(s, ['--as', READER, 'spaces', 'fields', 'get', space.id])).toEqual([]);
    const forbidden = await s.run(['--as', READER, 'spaces', 'fields', 'set', space.id, 'owner=me']);
    expect(forbidden.code).toBe(4);
    expect(forbidden.stderr).toContain('edit role on the space required');
    expect(await json(s, ['spaces', 'fields', 'get', space.id])).toEqual([]);
  });
});

describe('db purge', () => {
  it('removes spaces deleted more than 7 days ago and reports the count (--json: { purged })', async () => {
    const s = await emptySandbox();
    const old = await createSpace(s, 'Old');
    const recent = await createSpace(s, 'Recent');
    ok(await s.run(['spaces', 'delete', old.id, recent.id, '--yes']));
    await withEngine(s, async (engine) => await engine.core.run('UPDATE spaces SET deleted_at = ? WHERE id = ?', [new Date(Date.now() - 8 * 24 * HOUR).toISOString(), old.id]));

    const out = await json(s, ['db', 'purge']);
    expect(out).toEqual({ purged: 1 });
    expect((await json(s, ['spaces', 'deleted'])).items.map((i: { id: string }) => i.id)).toEqual([recent.id]);
    expect(await withEngine(s, async (engine) => await engine.core.get('SELECT id FROM spaces WHERE id = ?', [old.id]))).toBeUndefined();

    const piped = ok(await s.run(['db', 'purge']));
    expect(piped.stdout).toBe('');
    expect(piped.stderr).toBe('Purged 0 space(s) deleted more than 7 days ago.\n');
    expect(ok(await s.run(['db', 'purge'], { tty: true })).stderr).toContain('Purged 0 space(s)');
  });

  it('is local only: a usage error (exit 2) against a remote instance', async () => {
    const s = await emptySandbox();
    const r = await s.run(['--url', 'http://127.0.0.1:9', '--token', 't', 'db', 'purge']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('db purge works on a local database');
  });
});

describe('spaces help', () => {
  it('every verb has an example', async () => {
    const s = await emptySandbox();
    const verbs = [
      'list', 'get', 'create', 'update', 'delete', 'deleted', 'restore', 'duplicate', 'move', 'transfer',
      'permissions list', 'permissions grant', 'permissions revoke', 'fields get', 'fields set',
    ];
    for (const verb of verbs) {
      const help = ok(await s.run(['spaces', ...verb.split(' '), '--help']));
      expect(help.stdout, verb).toMatch(new RegExp(`Examples:\\n  \\$ docsctl spaces ${verb}`));
    }
    expect(ok(await s.run(['db', 'purge', '--help'])).stdout).toContain('Examples:\n  $ docsctl db purge');
  });
});
