import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../../src/engine/index';
import { createApp } from '../../src/server/app';
import { addMember } from '../helpers/engine';

/** The server remembers tokens and memberships between requests; changes made elsewhere must still count at once. */
describe('remembered tokens and memberships', () => {
  async function twoConnections() {
    const file = join(mkdtempSync(join(tmpdir(), 'docsctl-memo-')), 'shared.db');
    const server = await openEngine(file);
    const cli = await openEngine(file);
    const { organizationId, userId } = await server.install();
    const app = createApp({ engine: server });
    const get = async (token: string, path: string) =>
      (await app.handleAsync({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } })).status;
    return { server, cli, app, organizationId, userId, get };
  }

  it('keeps no value a request began to read before another process wrote: a later request reads it again', async () => {
    const t = await twoConnections();
    const core = t.server.core;
    await core.revalidate();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = core.remember('probe', async () => { await gate; return 'read before the write'; });
    await t.cli.core.write(async () => await t.cli.core.run("INSERT INTO meta (key, value) VALUES ('probe', 'x')"));
    // The next request drops what was remembered; the slow read ends after that.
    await core.revalidate();
    release();
    expect(await slow).toBe('read before the write');
    expect(await core.remember('probe', () => 'read after')).toBe('read after');
  });

  it('a token revoked by another process stops working on the next request', async () => {
    const t = await twoConnections();
    const { token, id } = await t.cli.tokens.create({ user: t.userId });
    expect(await t.get(token, '/v1/user')).toBe(200);
    expect(await t.get(token, '/v1/user')).toBe(200);
    await t.cli.tokens.revoke(id);
    expect(await t.get(token, '/v1/user')).toBe(401);
  });

  it('reads the body of a request whose token it remembers valid; one revoked elsewhere meanwhile is then answered 401', async () => {
    const t = await twoConnections();
    const { token, id } = await t.cli.tokens.create({ user: t.userId });
    const patch = { method: 'PATCH', url: `/v1/orgs/${t.organizationId}`, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } };
    expect((await t.app.bodyPolicy(patch)).read).toBe(true);
    expect((await t.app.handleAsync({ ...patch, body: JSON.stringify({ title: 'Renamed' }) })).status).toBe(200);
    // (Its own write is read fresh until the next request: one request in between.)
    expect(await t.get(token, '/v1/user')).toBe(200);
    await t.cli.tokens.revoke(id);
    // Decided from what it remembers (no statement): a body within its bound is read ...
    expect((await t.app.bodyPolicy(patch)).read).toBe(true);
    // ... and the request, which reads the change versions first, refused.
    expect((await t.app.handleAsync({ ...patch, body: JSON.stringify({ title: 'Not this' }) })).status).toBe(401);
    expect((await t.app.bodyPolicy(patch)).read).toBe(false);
    // A token it does not know is looked at against the database: one made elsewhere is read for.
    const made = await t.cli.tokens.create({ user: t.userId });
    expect((await t.app.bodyPolicy({ ...patch, headers: { ...patch.headers, authorization: `Bearer ${made.token}` } })).read).toBe(true);
  });

  it('a space moved by a write of its two organizations alone is found in its new one, and an admin of the old one no longer sees it', async () => {
    const t = await twoConnections();
    const { core, spaces, organizations } = t.server;
    const other = (await organizations.create({ userId: t.userId }, { title: 'Other' })).id;
    const oldAdmin = await addMember(t.server, t.organizationId, 'old-admin@acme.test', 'admin');
    const space = await spaces.create({ userId: t.userId }, t.organizationId, { title: 'Moving' });
    await core.revalidate();
    // Remembered: the space's organization (the instance's), and the row each sees (the organization's).
    expect((await spaces.visible({ userId: oldAdmin }, space.id)).organization_id).toBe(t.organizationId);
    // Moved as a transfer moves it: a write of the two organizations, which leaves what the instance remembers.
    await core.write(async () => await core.run('UPDATE spaces SET organization_id = ? WHERE id = ?', [other, space.id]), [t.organizationId, other]);
    await core.revalidate();
    expect((await spaces.visible({ userId: t.userId }, space.id)).organization_id).toBe(other);
    await expect(spaces.visible({ userId: oldAdmin }, space.id)).rejects.toThrow(/not found/);
  });

  it('a role changed by another process applies on the next request', async () => {
    const t = await twoConnections();
    const member = await addMember(t.cli, t.organizationId, 'ada@acme.test', 'read');
    const { token } = await t.cli.tokens.create({ user: member });
    expect(await t.get(token, `/v1/orgs/${t.organizationId}/members`)).toBe(200);
    await t.cli.members.update({ userId: t.userId }, t.organizationId, member, { role: null });
    expect(await t.get(token, `/v1/orgs/${t.organizationId}/members`)).toBe(403);
    await t.cli.members.remove({ userId: t.userId }, t.organizationId, member);
    expect(await t.get(token, `/v1/orgs/${t.organizationId}/members`)).toBe(404);
  });

  it('a member read again after another process changed them shows the change', async () => {
    const t = await twoConnections();
    const member = await addMember(t.cli, t.organizationId, 'ada@acme.test', 'read');
    const { token } = await t.cli.tokens.create({ user: t.userId });
    const read = async () =>
      JSON.parse((await t.app.handleAsync({ method: "GET", url: `/v1/orgs/${t.organizationId}/members/${member}`, headers: { authorization: `Bearer ${token}` } })).body!.toString());
    expect((await read()).role).toBe('read');
    await t.cli.members.update({ userId: t.userId }, t.organizationId, member, { role: 'edit' });
    expect((await read()).role).toBe('edit');
    await t.cli.spaces.create({ userId: t.userId }, t.organizationId, { title: 'New' });
    await t.cli.spaces.update({ userId: t.userId }, (await t.cli.spaces.list({ userId: t.userId }, t.organizationId, {})).items[0].id, { defaultLevel: 'read' });
    expect((await read()).spaces).toBe(1);
  });

  it('its own writes apply on the next request too', async () => {
    const t = await twoConnections();
    const member = await addMember(t.server, t.organizationId, 'ada@acme.test', 'admin');
    const { token } = await t.server.tokens.create({ user: member });
    const adminToken = (await t.server.tokens.create({ user: t.userId })).token;
    expect(await t.get(token, `/v1/orgs/${t.organizationId}/saml`)).toBe(200);
    const demote = await t.app.handleAsync({
      method: 'PATCH',
      url: `/v1/orgs/${t.organizationId}/members/${member}`,
      headers: { authorization: `Bearer ${adminToken}` },
      body: '{"role":"read"}',
    });
    expect(demote.status).toBe(200);
    expect(await t.get(token, `/v1/orgs/${t.organizationId}/saml`)).toBe(403);
  });
  it('its own write of one organization drops what it remembers of that one, and keeps tokens and the other organizations', async () => {
    const t = await twoConnections();
    const second = (await t.server.organizations.create({ userId: t.userId }, { title: 'Second' })).id;
    const [first, other] = [await addMember(t.server, t.organizationId, 'ada@acme.test', 'read'), await addMember(t.server, second, 'bob@acme.test', 'read')];
    const { token } = await t.server.tokens.create({ user: t.userId });
    const request = async (method: string, url: string, body?: string) =>
      await t.app.handleAsync({ method, url, headers: { authorization: `Bearer ${token}` }, ...(body ? { body } : {}) });
    const roleOf = async (org: string, user: string) => JSON.parse((await request('GET', `/v1/orgs/${org}/members/${user}`)).body!.toString()).role as string;
    expect(await roleOf(t.organizationId, first)).toBe('read');
    expect(await roleOf(second, other)).toBe('read');
    const asked: string[] = [];
    const store = t.server.core.store;
    const [get, all] = [store.get.bind(store), store.all.bind(store)];
    store.get = async (sql, args) => { asked.push(sql); return await get(sql, args); };
    store.all = async (sql, args) => { asked.push(sql); return await all(sql, args); };
    expect((await request('PATCH', `/v1/orgs/${t.organizationId}/members/${first}`, '{"role":"edit"}')).status).toBe(200);
    asked.length = 0;
    // The written organization: read again, with the change.
    expect(await roleOf(t.organizationId, first)).toBe('edit');
    expect(asked.some((sql) => /\bmembers\b/.test(sql))).toBe(true);
    // The token and the other organization's member: still remembered, nothing asked of them.
    asked.length = 0;
    expect(await roleOf(second, other)).toBe('read');
    expect(asked.filter((sql) => /\bapi_tokens\b|\bmembers\b/.test(sql))).toEqual([]);
  });
});
