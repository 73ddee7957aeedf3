import { afterEach, describe, expect, it } from 'vitest';
import { openEngine, type Engine } from '../../src/engine/index';
import { addMember } from '../helpers/engine';
import { testApp } from '../helpers/app';
import { freshDatabase } from './database';
import { STILL_KEPT } from '../../src/engine/store/store';

/**
 * What one replica changes, every other sees from its next request on (docs/deployment.md, "How replicas
 * share one database"): two replicas (two engines, each its own pool) on one PostgreSQL database, each
 * caller with a bearer token, so that the token and the caller's membership come with the change
 * versions (tokens.ts, `readsAlongside`). Each case first makes replica b remember what then changes.
 */
const opened: Engine[] = [];
afterEach(async () => { for (const engine of opened.splice(0)) await engine.close(); });

async function twoReplicas() {
  const url = await freshDatabase('staleness');
  const [a, b] = [await openEngine(url), await openEngine(url)];
  opened.push(a, b);
  const { organizationId: first, userId: admin } = await a.install();
  const second = (await a.organizations.create({ userId: admin }, { title: 'Second' })).id;
  const user = await addMember(a, first, 'moved@replicas.test', 'admin');
  const apps = [testApp(a), testApp(b)];
  const { token, id: tokenId } = await a.tokens.create({ user, name: 'staleness' });
  const adminToken = (await a.tokens.create({ user: admin, name: 'staleness' })).token;
  // A token's first use records itself, a write of the whole instance: done here, so that what a case
  // changes is all that moves a version (not this record, which would drop everything b remembers).
  expect((await apps[0].request('GET', '/v1/user', { token: adminToken })).status).toBe(200);
  /** The status of `path` read through replica b (with the user's token, or the admin's), sent `times` times. */
  const onB = async (path: string, as = token, times = 1) => {
    let last = { status: 0, body: undefined as unknown };
    for (let i = 0; i < times; i++) last = await apps[1].request('GET', path, { token: as });
    return last;
  };
  return { a, b, apps, admin, adminToken, user, token, tokenId, first, second, onB };
}

describe('what a replica remembers, after another replica\'s change', () => {
  it('refuses a token revoked elsewhere on its next request', async () => {
    const r = await twoReplicas();
    expect((await r.onB('/v1/user', r.token, 3)).status).toBe(200);
    await r.a.tokens.revoke(r.tokenId);
    expect((await r.onB('/v1/user')).status).toBe(401);
  });

  it('refuses what a role lowered elsewhere no longer allows on its next request', async () => {
    const r = await twoReplicas();
    expect((await r.onB(`/v1/orgs/${r.first}/audit-log`, r.token, 3)).status).toBe(200);
    expect((await r.onB(`/v1/orgs/${r.first}/members/${r.user}`, r.token, 3)).body).toMatchObject({ role: 'admin' });
    expect((await r.apps[0].request('PATCH', `/v1/orgs/${r.first}/members/${r.user}`, { token: r.adminToken, body: { role: 'read' } })).status).toBe(200);
    expect((await r.onB(`/v1/orgs/${r.first}/audit-log`)).status).toBe(403);
    expect((await r.onB(`/v1/orgs/${r.first}/members/${r.user}`)).body).toMatchObject({ role: 'read' });
  });

  it('answers what a write of the whole instance changed elsewhere (a user renamed) on its next request', async () => {
    const r = await twoReplicas();
    expect((await r.onB(`/v1/orgs/${r.first}/members/${r.user}`, r.token, 3)).body).toMatchObject({ user: { displayName: 'moved' } });
    await r.a.core.write(async () => await r.a.core.run("UPDATE users SET display_name = 'Renamed' WHERE id = ?", [r.user]));
    expect((await r.onB(`/v1/orgs/${r.first}/members/${r.user}`)).body).toMatchObject({ user: { displayName: 'Renamed' } });
  });

  it('finds a space moved elsewhere in its new organization on its next request, and not for who is not a member there', async () => {
    const r = await twoReplicas();
    const space = (await r.apps[0].request('POST', `/v1/orgs/${r.first}/spaces`, { token: r.adminToken, body: { title: 'Moving' } })).body.id as string;
    expect((await r.onB(`/v1/spaces/${space}`, r.token, 3)).status).toBe(200);
    expect((await r.onB(`/v1/spaces/${space}`, r.adminToken, 3)).body).toMatchObject({ organization: r.first });
    expect((await r.apps[0].request('POST', `/v1/spaces/${space}/transfer`, { token: r.adminToken, body: { organization: r.second } })).status).toBe(200);
    expect((await r.onB(`/v1/spaces/${space}`)).status).toBe(404);
    expect((await r.onB(`/v1/spaces/${space}`, r.adminToken)).body).toMatchObject({ organization: r.second });
  });

  it('answers a space renamed elsewhere, and refuses one its caller lost, on its next request (the space comes with the change versions)', async () => {
    const r = await twoReplicas();
    const space = (await r.apps[0].request('POST', `/v1/orgs/${r.first}/spaces`, { token: r.adminToken, body: { title: 'Before' } })).body.id as string;
    expect((await r.onB(`/v1/spaces/${space}`, r.token, 3)).body).toMatchObject({ title: 'Before', permissions: { admin: true } });
    expect((await r.apps[0].request('PATCH', `/v1/spaces/${space}`, { token: r.adminToken, body: { title: 'After' } })).status).toBe(200);
    expect((await r.onB(`/v1/spaces/${space}`)).body).toMatchObject({ title: 'After' });
    // A guest sees only what is granted to them: the private space is gone for them.
    expect((await r.apps[0].request('PATCH', `/v1/orgs/${r.first}/members/${r.user}`, { token: r.adminToken, body: { role: null } })).status).toBe(200);
    expect((await r.onB(`/v1/spaces/${space}`)).status).toBe(404);
  });

  it('skips the space read with the change versions while it is remembered and no version moved, and reads it once one did', async () => {
    const r = await twoReplicas();
    const space = (await r.apps[0].request('POST', `/v1/orgs/${r.first}/spaces`, { token: r.adminToken, body: { title: 'Kept' } })).body.id as string;
    expect((await r.onB(`/v1/spaces/${space}`, r.token, 3)).status).toBe(200);
    const read = async () => (await r.b.core.store.changeVersions({ space }, r.b.tokens.readsAlongside(r.token, { space }).reads)).alongside![2];
    expect(await read()).toBe(STILL_KEPT);
    expect((await r.apps[0].request('PATCH', `/v1/spaces/${space}`, { token: r.adminToken, body: { title: 'Moved on' } })).status).toBe(200);
    expect(await read()).toMatchObject({ id: space, title: 'Moved on', caller_rank: 6 });
  });
});
