import { afterEach, describe, expect, it } from 'vitest';
import { openEngine, type Engine } from '../../src/engine/index';
import { addMember } from '../helpers/engine';
import { testApp } from '../helpers/app';
import { freshDatabase } from './database';
import { storeBytes } from '../../src/engine/content/blob-store';

/**
 * Writes serialized per organization (issue 33): two replicas (two engines, each its own pool) on one
 * PostgreSQL database. A write of one organization does not wait for another's; a write of the same
 * organization, or of the whole instance, does; what a replica remembers of an organization is
 * dropped when another replica writes that organization, and kept when another one is written.
 */
const opened: Engine[] = [];
afterEach(async () => { for (const engine of opened.splice(0)) await engine.close(); });

async function twoReplicas() {
  const url = await freshDatabase('orgwrites');
  const a = await openEngine(url);
  const b = await openEngine(url);
  opened.push(a, b);
  const { organizationId: first, userId: admin } = await a.install();
  const second = (await a.organizations.create({ userId: admin }, { title: 'Second' })).id;
  const readers = [await addMember(a, first, 'reader1@orgs.test'), await addMember(a, second, 'reader2@orgs.test')];
  const apps = [testApp(a), testApp(b)];
  // Tokens minted now: minting one is a write of the whole instance.
  for (const app of apps) expect((await app.request('GET', '/v1/orgs', { as: admin })).status).toBe(200);
  // Each organization written once already: its change version exists (a first write creates it).
  for (const [org, reader] of [[first, readers[0]], [second, readers[1]]]) {
    expect((await apps[0].request('PATCH', `/v1/orgs/${org}/members/${reader}`, { as: admin, body: { role: 'read' } })).status).toBe(200);
  }
  /** A new space, collection or site of `org` (through the first replica): its id. */
  const made = async (org: string, kind: 'spaces' | 'collections' | 'sites', title: string) =>
    (await apps[0].request('POST', `/v1/orgs/${org}/${kind}`, { as: admin, body: { title } })).body.id as string;
  return { a, b, apps, admin, first, second, readers, made };
}

/** A write of `organization` through engine `engine` (`first`: what it writes) held open until `release` is called. */
async function holdWrite(engine: Engine, organization: string, first = async () => void await engine.core.run("INSERT INTO meta (key, value) VALUES (?, 'held')", [`held-${organization}`])) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const done = engine.core.write(async () => {
    await first();
    entered();
    await held;
  }, organization);
  await inside;
  return { release, done };
}

const settled = async <T>(promise: Promise<T>, ms: number) => await Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('writes serialized per organization on PostgreSQL', () => {
  it('a write of one organization finishes while another organization\'s is held open; the same organization\'s and the whole instance\'s wait', async () => {
    const r = await twoReplicas();
    const held = await holdWrite(r.a, r.first);
    // The second organization, through the other replica: done while the first's write is open.
    const other = await r.apps[1].request('PATCH', `/v1/orgs/${r.second}/members/${r.readers[1]}`, { as: r.admin, body: { role: 'comment' } });
    expect(other.status).toBe(200);
    const created = await r.apps[1].request('POST', `/v1/orgs/${r.second}/spaces`, { as: r.admin, body: { title: 'Meanwhile' } });
    expect(created.status).toBe(201);
    // The first organization through the other replica waits, and so does a write of the whole instance.
    const same = r.apps[1].request('PATCH', `/v1/orgs/${r.first}/members/${r.readers[0]}`, { as: r.admin, body: { role: 'comment' } });
    expect(await settled(same, 700)).toBe(false);
    // (Started after: PostgreSQL queues a shared lock behind an exclusive one already waiting.)
    const whole = r.b.core.write(async () => await r.b.core.run("INSERT INTO meta (key, value) VALUES ('whole', 'instance')"));
    expect(await settled(whole, 300)).toBe(false);
    held.release();
    await held.done;
    expect((await same).status).toBe(200);
    await whole;
    expect(await r.a.core.get("SELECT value FROM meta WHERE key = 'whole'")).toEqual({ value: 'instance' });
  });

  it('a write under a space waits only for its organization\'s writes, and one whose space moved meanwhile is written in its new organization', async () => {
    const r = await twoReplicas();
    const [ofFirst, ofSecond] = [await r.made(r.first, 'spaces', 'First'), await r.made(r.second, 'spaces', 'Second')];
    expect((await r.apps[0].request('POST', `/v1/spaces/${ofSecond}/change-requests`, { as: r.admin, body: { subject: 'Before' } })).status).toBe(201);
    const held = await holdWrite(r.a, r.first);
    // The second organization's space, through the other replica: done while the first's write is open.
    expect((await r.apps[1].request('PATCH', `/v1/spaces/${ofSecond}`, { as: r.admin, body: { title: 'Renamed meanwhile' } })).status).toBe(200);
    expect((await r.apps[1].request('PATCH', `/v1/spaces/${ofSecond}/change-requests/1`, { as: r.admin, body: { subject: 'Meanwhile' } })).status).toBe(200);
    expect((await r.apps[1].request('POST', `/v1/spaces/${ofSecond}/change-requests`, { as: r.admin, body: { subject: 'Opened meanwhile' } })).body.number).toBe(2);
    const comment = await r.apps[1].request('POST', `/v1/spaces/${ofSecond}/comments`, { as: r.admin, body: { body: { markdown: 'Meanwhile' } } });
    expect(comment.status).toBe(200);
    expect((await r.apps[1].request('POST', `/v1/spaces/${ofSecond}/change-requests/1/comments/${comment.body.id}/replies`, { as: r.admin, body: { body: { markdown: 'Too' } } })).status).toBe(404);
    expect((await r.apps[1].request('POST', `/v1/spaces/${ofSecond}/comments/${comment.body.id}/replies`, { as: r.admin, body: { body: { markdown: 'Too' } } })).status).toBe(200);
    expect((await r.apps[1].request('POST', `/v1/spaces/${ofSecond}/permissions`, { as: r.admin, body: { role: 'edit', users: [r.readers[1]] } })).status).toBe(204);
    const collection = (await r.apps[0].request('POST', `/v1/orgs/${r.second}/collections`, { as: r.admin, body: { title: 'Shelf' } })).body.id as string;
    expect((await r.apps[1].request('PATCH', `/v1/collections/${collection}`, { as: r.admin, body: { title: 'Renamed shelf' } })).status).toBe(200);
    expect((await r.apps[1].request('DELETE', `/v1/spaces/${ofSecond}`, { as: r.admin })).status).toBe(205);
    // The first organization's space waits for it.
    const same = r.apps[1].request('PATCH', `/v1/spaces/${ofFirst}`, { as: r.admin, body: { title: 'After' } });
    expect(await settled(same, 700)).toBe(false);
    held.release();
    await held.done;
    expect((await same).status).toBe(200);

    // Moved to the second organization while the PATCH waited for the first's lock (a transfer would
    // hold both; here the held write moves it): the PATCH finds it moved, and writes it as the whole
    // instance's, recorded in the space's new organization.
    let release!: () => void;
    const moving = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const move = r.a.core.write(async () => {
      entered();
      await moving;
      await r.a.core.run('UPDATE spaces SET organization_id = ? WHERE id = ?', [r.second, ofFirst]);
    }, r.first);
    await inside;
    const moved = r.apps[1].request('PATCH', `/v1/spaces/${ofFirst}`, { as: r.admin, body: { title: 'Moved' } });
    expect(await settled(moved, 500)).toBe(false);
    release();
    await move;
    expect((await moved).status).toBe(200);
    expect(await r.a.core.get('SELECT title, organization_id FROM spaces WHERE id = ?', [ofFirst])).toEqual({ title: 'Moved', organization_id: r.second });
    const [record] = (await r.apps[0].request('GET', `/v1/orgs/${r.second}/audit-log`, { as: r.admin })).body.items;
    expect(record).toMatchObject({ action: 'updateSpaceById', targets: { spaceId: ofFirst } });
  });

  it('content is written, merged and restored in one organization while another organization\'s write is held open; the same new file in two at once is stored once, both written', async () => {
    const r = await twoReplicas();
    const [ofFirst, ofSecond] = [await r.made(r.first, 'spaces', 'First'), await r.made(r.second, 'spaces', 'Second')];
    const crOf = async (app: ReturnType<typeof testApp>, space: string) => (await app.request('POST', `/v1/spaces/${space}/change-requests`, { as: r.admin, body: { subject: 'Content' } })).body.number as number;
    const content = (space: string, cr: number, changes: unknown[], app = r.apps[1]) =>
      app.request('POST', `/v1/spaces/${space}/change-requests/${cr}/content`, { as: r.admin, body: { changes } });
    const page = (title: string) => ({ operation: 'insert_page', document: { markdown: `# ${title}\n\nWritten while another organization writes.` } });
    const file = { operation: 'insert_files', files: [{ name: 'shared.txt', base64: Buffer.from('the same bytes in both organizations').toString('base64') }] };
    const [crFirst, crSecond] = [await crOf(r.apps[0], ofFirst), await crOf(r.apps[0], ofSecond)];

    const held = await holdWrite(r.a, r.first);
    // The second organization's content, through the other replica: written, merged, found, restored.
    expect((await content(ofSecond, crSecond, [page('Meanwhile')])).status).toBe(200);
    expect((await r.apps[1].request('POST', `/v1/spaces/${ofSecond}/change-requests/${crSecond}/merge`, { as: r.admin })).body.result).toBe('merge');
    const found = await r.apps[1].request('GET', `/v1/spaces/${ofSecond}/search?query=meanwhile`, { as: r.admin });
    expect(found.body.items.map((i: { title: string }) => i.title)).toEqual(['Meanwhile']);
    const [, initial] = (await r.apps[1].request('GET', `/v1/spaces/${ofSecond}/revisions`, { as: r.admin })).body.items as { id: string }[];
    const restored = await r.apps[1].request('POST', `/v1/spaces/${ofSecond}/revisions/${initial.id}/restore`, { as: r.admin, body: { merge: true } });
    expect(restored.status).toBe(201);
    // The first organization's content waits for its own organization's write.
    const waiting = content(ofFirst, crFirst, [page('After')], r.apps[1]);
    expect(await settled(waiting, 500)).toBe(false);
    held.release();
    await held.done;
    expect((await waiting).status).toBe(200);

    // The same new file in both organizations at once: the first's transaction holds its new blob row
    // uncommitted when the second's inserts the same; the second waits, then meets the committed row
    // (a unique key) and runs again as the whole instance's write.
    const storing = await holdWrite(r.a, r.first, async () => void await storeBytes(r.a.core, Buffer.from('the same bytes in both organizations')));
    const second = content(ofSecond, await crOf(r.apps[0], ofSecond), [file]);
    expect(await settled(second, 500)).toBe(false);
    storing.release();
    await storing.done;
    const written = await second;
    expect(written.status).toBe(200);
    expect(written.body.insertedFiles.map((f: { name: string }) => f.name)).toEqual(['shared.txt']);
    expect(await r.a.core.get('SELECT COUNT(*) AS n FROM blobs WHERE size = ?', [Buffer.byteLength('the same bytes in both organizations')])).toEqual({ n: 1 });
  });

  it('a transfer waits for the writes of both its organizations and for no other\'s', async () => {
    const r = await twoReplicas();
    const third = (await r.a.organizations.create({ userId: r.admin }, { title: 'Third' })).id;
    const [fromSecond, collection, intoFirst] = [await r.made(r.second, 'spaces', 'Second\'s'), await r.made(r.second, 'collections', 'Second\'s collection'), await r.made(r.second, 'spaces', 'To the first')];
    const transfer = (kind: 'spaces' | 'collections', id: string, organization: string) =>
      r.apps[1].request('POST', `/v1/${kind}/${id}/transfer`, { as: r.admin, body: { organization } });
    // The first replica remembers where the space is, and what an admin of the second alone sees of it.
    const secondAdmin = await addMember(r.a, r.second, 'admin2@orgs.test', 'admin');
    const seen = async (as: string) => await r.apps[0].request('GET', `/v1/spaces/${fromSecond}`, { as });
    expect((await seen(r.admin)).body.organization).toBe(r.second);
    expect((await seen(secondAdmin)).status).toBe(200);
    const held = await holdWrite(r.a, r.first);
    // Second → third, a space and a collection: done while the first organization's write is open.
    const space = await transfer('spaces', fromSecond, third);
    expect(space.status).toBe(200);
    expect((await transfer('collections', collection, third)).status).toBe(200);
    // The first replica finds it in its new organization, and the second's admin no longer sees it.
    expect((await seen(r.admin)).body.organization).toBe(third);
    expect((await seen(secondAdmin)).status).toBe(404);
    // Into the first organization: waits for its write.
    const waiting = transfer('spaces', intoFirst, r.first);
    expect(await settled(waiting, 500)).toBe(false);
    held.release();
    await held.done;
    expect((await waiting).status).toBe(200);
    expect(await r.a.core.all('SELECT id, organization_id FROM spaces WHERE id IN (?, ?) ORDER BY title', [fromSecond, intoFirst])).toEqual([
      { id: fromSecond, organization_id: third }, { id: intoFirst, organization_id: r.first },
    ]);
    // Recorded in the organization it left.
    const [record] = (await r.apps[0].request('GET', `/v1/orgs/${r.second}/audit-log`, { as: r.admin })).body.items;
    expect(record).toMatchObject({ action: 'transferSpace', targets: { spaceId: intoFirst } });
  });

  it('a deleted space is restored while another organization\'s write is held open; a late restore purges its own organization\'s expired spaces only', async () => {
    const r = await twoReplicas();
    const [back, late, lateToo, otherLate] = [await r.made(r.second, 'spaces', 'Back'), await r.made(r.second, 'spaces', 'Late'), await r.made(r.second, 'spaces', 'Late too'), await r.made(r.first, 'spaces', 'Late elsewhere')];
    for (const id of [back, late, lateToo, otherLate]) expect((await r.apps[0].request('DELETE', `/v1/spaces/${id}`, { as: r.admin })).status).toBe(205);
    // Deleted eight days ago: past the seven-day window.
    const longAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await r.a.core.run('UPDATE spaces SET deleted_at = ? WHERE id IN (?, ?, ?)', [longAgo, late, lateToo, otherLate]);
    const held = await holdWrite(r.a, r.first);
    expect((await r.apps[1].request('POST', `/v1/spaces/${back}/restore`, { as: r.admin })).status).toBe(200);
    expect((await r.apps[1].request('POST', `/v1/spaces/${late}/restore`, { as: r.admin })).status).toBe(404);
    held.release();
    await held.done;
    const left = (await r.a.core.all<{ id: string }>('SELECT id FROM spaces WHERE id IN (?, ?, ?, ?)', [back, late, lateToo, otherLate])).map((row) => row.id);
    expect(left.sort()).toEqual([back, otherLate].sort());
  });

  it('sites, invites, SAML and translations are written in one organization while another\'s write is held open; a hostname taken meanwhile in another organization is refused', async () => {
    const r = await twoReplicas();
    const [siteFirst, siteSecond] = [await r.made(r.first, 'sites', 'Docs'), await r.made(r.second, 'sites', 'Docs')];
    const held = await holdWrite(r.a, r.first);
    const as = { as: r.admin };
    const second = `/v1/orgs/${r.second}`;
    expect((await r.apps[1].request('POST', `${second}/sites`, { ...as, body: { title: 'Meanwhile' } })).status).toBe(201);
    expect((await r.apps[1].request('PATCH', `${second}/sites/${siteSecond}`, { ...as, body: { title: 'Renamed meanwhile' } })).status).toBe(200);
    expect((await r.apps[1].request('POST', `${second}/link-invites`, { ...as, body: { role: 'read' } })).status).toBe(201);
    expect((await r.apps[1].request('POST', `${second}/saml`, { ...as, body: { label: 'Okta' } })).status).toBe(201);
    expect((await r.apps[1].request('POST', `${second}/translations`, { ...as, body: { title: 'German', languages: ['de'] } })).status).toBe(201);
    held.release();
    await held.done;

    // The first organization's site holds a hostname, uncommitted, when the second's asks for it: the
    // second waits, meets the UNIQUE key, runs again as the whole instance's and is refused as usual.
    const naming = await holdWrite(r.a, r.first, async () => void await r.a.core.run("UPDATE sites SET hostname = 'docs.shared.test' WHERE id = ?", [siteFirst]));
    const taken = r.apps[1].request('PATCH', `${second}/sites/${siteSecond}`, { ...as, body: { hostname: 'docs.shared.test' } });
    expect(await settled(taken, 500)).toBe(false);
    naming.release();
    await naming.done;
    const refused = await taken;
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/hostname: "docs.shared.test" is already used by another site/);
  });

  it('a write of the whole instance holds back every organization\'s writes until it commits', async () => {
    const r = await twoReplicas();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const whole = r.a.core.write(async () => { entered(); await held; });
    await inside;
    const write = r.apps[1].request('PATCH', `/v1/orgs/${r.second}/members/${r.readers[1]}`, { as: r.admin, body: { role: 'comment' } });
    expect(await settled(write, 500)).toBe(false);
    release();
    await whole;
    expect((await write).status).toBe(200);
  });

  it('what a replica remembers of an organization is dropped when another replica writes it, kept when another organization is written', async () => {
    const r = await twoReplicas();
    const member = async (replica: number, organization: string, user: string) =>
      (await r.apps[replica].request('GET', `/v1/orgs/${organization}/members/${user}`, { as: r.admin })).body.role as string;
    // Replica b remembers a member of each organization.
    expect(await member(1, r.first, r.readers[0])).toBe('read');
    expect(await member(1, r.second, r.readers[1])).toBe('read');
    // Replica a changes the first organization's member: b answers the change at its next request.
    expect((await r.apps[0].request('PATCH', `/v1/orgs/${r.first}/members/${r.readers[0]}`, { as: r.admin, body: { role: 'comment' } })).status).toBe(200);
    expect(await member(1, r.first, r.readers[0])).toBe('comment');
    // And b still remembers the second organization's member: reading it asks the database nothing about members.
    const asked: string[] = [];
    const store = r.b.core.store;
    const [get, all] = [store.get.bind(store), store.all.bind(store)];
    store.get = async (sql, args) => { asked.push(sql); return await get(sql, args); };
    store.all = async (sql, args) => { asked.push(sql); return await all(sql, args); };
    expect(await member(1, r.second, r.readers[1])).toBe('read');
    expect(asked.filter((sql) => /\bmembers\b/.test(sql))).toEqual([]);
    // A request under a space reads its organization's version in its first read, as one under the organization does.
    const space = (await r.apps[0].request('POST', `/v1/orgs/${r.second}/spaces`, { as: r.admin, body: { title: 'Read' } })).body as { id: string };
    expect((await r.apps[1].request('GET', `/v1/spaces/${space.id}`, { as: r.admin })).status).toBe(200);
    const versions: unknown[] = [];
    const changeVersions = store.changeVersions.bind(store);
    store.changeVersions = async (of, alongside) => { versions.push(of); return await changeVersions(of, alongside); };
    expect((await r.apps[1].request('GET', `/v1/spaces/${space.id}`, { as: r.admin })).status).toBe(200);
    expect(versions).toEqual([{ space: space.id }]);
    // A write of the whole instance drops everything.
    await r.a.core.write(async () => await r.a.core.run("UPDATE users SET display_name = 'Renamed' WHERE id = ?", [r.readers[1]]));
    expect((await r.apps[1].request('GET', `/v1/orgs/${r.second}/members/${r.readers[1]}`, { as: r.admin })).body.user.displayName).toBe('Renamed');
  });

  it('refuses a write that reaches past its organization: a nested write of another one, a transfer to another one', async () => {
    const r = await twoReplicas();
    await expect(r.a.core.write(async () => await r.a.core.write(async () => undefined, r.second), r.first)).rejects.toThrow(`a write of organization ${r.second} inside a write of ${r.first} only`);
    const space = (await r.apps[0].request('POST', `/v1/orgs/${r.first}/spaces`, { as: r.admin, body: { title: 'Moving' } })).body as { id: string };
    await expect(r.a.core.write(async () => await r.a.spaces.transfer({ userId: r.admin }, space.id, { organization: r.second }), r.first)).rejects.toThrow(/a transfer from .* inside a write scoped to other organizations/);
    // Through the API (a write of the whole instance) the transfer goes through.
    expect((await r.apps[0].request('POST', `/v1/spaces/${space.id}/transfer`, { as: r.admin, body: { organization: r.second } })).status).toBe(200);
  });
});
