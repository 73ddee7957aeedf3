import { describe, expect, it } from 'vitest';
import { routeList } from '../../src/api/routes/index';
import { addMember, standardUsers, testEngine, otherOrganization } from '../helpers/engine';
import { expectError, expectOk, testApp } from '../helpers/app';
import { createApp } from '../../src/server/app';

describe('the audit trail', () => {
  it('every mutating route names what its records belong to (an organization, a space or a collection), or creates the organization', () => {
    const mutating = routeList.filter((r) => r.method !== 'GET');
    expect(mutating.length).toBeGreaterThan(80);
    const orphans = mutating.filter((r) => !r.params.some((p) => ['organizationId', 'spaceId', 'collectionId'].includes(p)));
    expect(orphans.map((r) => r.operationId)).toEqual(['createOrganization']);
  });

  async function setup() {
    const t = await testEngine();
    const api = testApp(t.engine);
    const log = async (query = '', as = t.adminId) => await api.request('GET', `/v1/orgs/${t.orgId}/audit-log${query}`, { as });
    return { t, api, log };
  }

  it('records who, what, on which ids, a summary without values, and the status; newest first', async () => {
    const { t, api, log } = await setup();
    const created = await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title: 'Secret plans', emoji: '🔒' } });
    const space = created.body.id as string;
    await api.request('PATCH', `/v1/spaces/${space}`, { as: t.adminId, body: { title: 'Renamed' } });
    await api.request('DELETE', `/v1/spaces/${space}`, { as: t.adminId });
    const listed = await log();
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const { items } = listed.body;
    expect(items.map((r: { action: string }) => r.action)).toEqual(['deleteSpaceById', 'updateSpaceById', 'createSpace']);
    expect(items[2]).toMatchObject({
      object: 'audit-record', organization: t.orgId, actor: { user: t.adminId, token: expect.any(String) }, method: 'POST',
      path: `/v1/orgs/${t.orgId}/spaces`, targets: { organizationId: t.orgId, created: space }, summary: { fields: ['emoji', 'title'], counts: {} }, status: 201,
    });
    expect(items[0]).toMatchObject({ targets: { spaceId: space }, status: 205 });
    // The summary holds no value (a title as it was sent is no part of it): names of fields only.
    expect(JSON.stringify(items.map((r: { summary: unknown }) => r.summary))).not.toMatch(/Secret plans|Renamed/);
  });

  it('keeps the actor, the token name and each target as they were: a renamed space keeps its old title, a deleted one its title', async () => {
    const { t, api, log } = await setup();
    const space = (await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title: 'Employee handbook' } })).body.id as string;
    await api.request('DELETE', `/v1/spaces/${space}`, { as: t.adminId });
    await api.request('POST', `/v1/spaces/${space}/restore`, { as: t.adminId });
    await api.request('PATCH', `/v1/spaces/${space}`, { as: t.adminId, body: { title: 'Staff handbook' } });
    await api.request('PATCH', `/v1/spaces/${space}`, { as: t.adminId, body: { title: 'Handbook' } });
    const listed = await log();
    expectOk(listed, 'listOrganizationAuditLog');
    const [rename2, rename1, restore, remove, create] = listed.body.items;
    const admin = { object: 'user', id: t.adminId, displayName: 'Admin', email: 'admin@acme.test' };
    expect(create).toMatchObject({
      actor: { user: t.adminId, token: expect.any(String), tokenName: 'test' },
      actorUser: admin,
      targets: { organizationId: t.orgId, created: space },
      targetDetails: [
        { name: 'organizationId', id: t.orgId, kind: 'organization', title: 'Acme' },
        { name: 'created', id: space, kind: 'space', title: 'Employee handbook' },
      ],
    });
    const spaceAs = (title: string) => [{ name: 'spaceId', id: space, kind: 'space', title }];
    expect(remove).toMatchObject({ action: 'deleteSpaceById', actorUser: admin, targetDetails: spaceAs('Employee handbook') });
    expect(restore).toMatchObject({ action: 'restoreSpace', targetDetails: spaceAs('Employee handbook') });
    // A rename is told by the title the space had when it was renamed.
    expect(rename1).toMatchObject({ targetDetails: spaceAs('Employee handbook'), summary: { fields: ['title'] } });
    expect(rename2).toMatchObject({ targetDetails: spaceAs('Staff handbook') });
    // A person renamed later is still told as they were.
    await t.engine.core.run('UPDATE users SET display_name = ? WHERE id = ?', ['Someone Else', t.adminId]);
    expect((await log()).body.items[0].actorUser.displayName).toBe('Admin');
  });

  it('names people, teams, change requests (by number in the path) and custom fields (by name) as targets', async () => {
    const { t, api, log } = await setup();
    const { reader } = await standardUsers(t);
    const team = (await api.request('PUT', `/v1/orgs/${t.orgId}/teams`, { as: t.adminId, body: { title: 'Writers' } })).body.id as string;
    expect((await api.request('PUT', `/v1/orgs/${t.orgId}/teams/${team}/members/${reader}`, { as: t.adminId, body: {} })).status).toBe(204);
    let [record] = (await log()).body.items;
    expect(record.targetDetails).toEqual([
      { name: 'organizationId', id: t.orgId, kind: 'organization', title: 'Acme' },
      { name: 'teamId', id: team, kind: 'team', title: 'Writers' },
      { name: 'userId', id: reader, kind: 'user', title: 'Reader', email: 'reader@acme.test' },
    ]);
    const space = (await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title: 'API' } })).body.id as string;
    const cr = (await api.request('POST', `/v1/spaces/${space}/change-requests`, { as: t.adminId, body: { subject: 'Fix typos' } })).body;
    [record] = (await log()).body.items;
    expect(record.targetDetails[1]).toEqual({ name: 'created', id: cr.id, kind: 'change-request', title: 'Fix typos', number: 1 });
    expect((await api.request('PATCH', `/v1/spaces/${space}/change-requests/1`, { as: t.adminId, body: { subject: 'Typos fixed' } })).status).toBe(200);
    [record] = (await log()).body.items;
    // The path said 1; the detail has the change request's own id, which --target finds too.
    expect(record.targets).toEqual({ spaceId: space, changeRequestId: '1' });
    expect(record.targetDetails[1]).toEqual({ name: 'changeRequestId', id: cr.id, kind: 'change-request', title: 'Fix typos', number: 1 });
    expect((await log(`?target=${cr.id}`)).body.items.map((r: { action: string }) => r.action)).toEqual(['updateChangeRequest', 'createChangeRequest']);
    await api.request('POST', `/v1/orgs/${t.orgId}/custom-fields`, { as: t.adminId, body: { name: 'owner', type: 'text', title: 'Owner' } });
    await api.request('DELETE', `/v1/orgs/${t.orgId}/custom-fields/owner`, { as: t.adminId });
    [record] = (await log()).body.items;
    expect(record.targetDetails[1]).toMatchObject({ name: 'fieldName', kind: 'custom-field', title: 'Owner' });
    expect(record.targetDetails[1].id).not.toBe('owner');
  });

  it('names an OpenAPI spec by its slug whether or not it exists yet, and by its id once it does', async () => {
    const { t, api, log } = await setup();
    const text = "openapi: 3.0.3\ninfo: { title: Pets, version: '1' }\npaths: {}\n";
    expect((await api.request('PUT', `/v1/orgs/${t.orgId}/openapi/pets`, { as: t.adminId, body: { source: { text } } })).status).toBe(201);
    let [record] = (await log()).body.items;
    expect(record.targetDetails[1]).toEqual({ name: 'specSlug', id: 'pets', kind: 'openapi-spec', title: 'pets' });
    const spec = (await api.request('GET', `/v1/orgs/${t.orgId}/openapi/pets`, { as: t.adminId })).body.id as string;
    expect((await api.request('DELETE', `/v1/orgs/${t.orgId}/openapi/pets`, { as: t.adminId })).status).toBe(205);
    [record] = (await log()).body.items;
    expect(record.targetDetails).toEqual([
      { name: 'organizationId', id: t.orgId, kind: 'organization', title: 'Acme' },
      { name: 'specSlug', id: spec, kind: 'openapi-spec', title: 'pets' },
    ]);
  });

  it('still lists records written before names were kept, with their ids only', async () => {
    const { t, api, log } = await setup();
    await t.engine.core.run(
      'INSERT INTO audit_log (id, organization_id, at, user_id, token_id, operation_id, method, path, targets, summary, request_id, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      ['old1', t.orgId, '2026-02-28T10:00:00.000Z', t.adminId, 'tok1', 'deleteSpaceById', 'DELETE', '/v1/spaces/gone1', '{"spaceId":"gone1"}', '{"fields":[],"counts":{}}', null, 205],
    );
    await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title: 'New' } });
    const listed = await log();
    expectOk(listed, 'listOrganizationAuditLog');
    const old = listed.body.items[1];
    expect(old).toEqual({
      object: 'audit-record', id: 'old1', organization: t.orgId, createdAt: '2026-02-28T10:00:00.000Z', actor: { user: t.adminId, token: 'tok1' },
      action: 'deleteSpaceById', method: 'DELETE', path: '/v1/spaces/gone1', targets: { spaceId: 'gone1' }, summary: { fields: [], counts: {} }, status: 205,
    });
    expect((await log('?target=gone1')).body.count).toBe(1);
    expect((await log('?actor=admin@acme.test')).body.count).toBe(2);
  });

  it('takes an e-mail as actor: a member, or someone who has left but is in the trail; any other e-mail is 404', async () => {
    const { t, api, log } = await setup();
    const leaver = await addMember(t.engine, t.orgId, 'leaver@acme.test', 'admin', 'Leaver');
    await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: leaver, body: { title: 'Left behind' } });
    await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title: 'Mine' } });
    expect((await api.request('DELETE', `/v1/orgs/${t.orgId}/members/${leaver}`, { as: t.adminId })).status).toBe(204);
    const byLeaver = (await log('?actor=LEAVER@acme.test')).body;
    expect(byLeaver.items.map((r: { actorUser: { email: string } }) => r.actorUser.email)).toEqual(['leaver@acme.test']);
    expect((await log('?actor=admin@acme.test')).body.count).toBe(2);
    expectError(await log('?actor=nobody@acme.test'), 404, /actor: .*nobody@acme\.test/);
    // Someone of another organization is unknown here too: the trail says nothing of other organizations.
    const other = await otherOrganization(t.engine);
    expect(other.adminId).toBeTruthy();
    expectError(await log('?actor=boss@other.test'), 404, /boss@other\.test/);
  });

  it('a failed write leaves no record; a bulk write is one record with its counts', async () => {
    const { t, api, log } = await setup();
    expect((await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title: '' } })).status).toBe(400);
    expect((await log()).body.count).toBe(0);
    const team = (await api.request('PUT', `/v1/orgs/${t.orgId}/teams`, { as: t.adminId, body: { title: 'Writers' } })).body.id as string;
    const { reader, creator } = await standardUsers(t);
    const bulk = await api.request('PUT', `/v1/orgs/${t.orgId}/teams/${team}/members`, { as: t.adminId, body: { add: [reader, creator] } });
    expect(bulk.status, JSON.stringify(bulk.body)).toBeLessThan(300);
    const [last] = (await log()).body.items;
    expect(last).toMatchObject({ action: 'updateMembersInOrganizationTeam', targets: { teamId: team }, summary: { counts: { add: 2 } } });
  });

  it('filters by actor, action, target, since and until, and pages', async () => {
    const { t, api, log } = await setup();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title: `S${i}` } })).body.id);
      t.clock.advance(60_000);
    }
    await api.request('PATCH', `/v1/spaces/${ids[0]}`, { as: t.adminId, body: { title: 'S0b' } });
    expect((await log('?action=updateSpaceById')).body.count).toBe(1);
    expect((await log(`?target=${ids[0]}`)).body.items.map((r: { action: string }) => r.action)).toEqual(['updateSpaceById', 'createSpace']);
    expect((await log(`?actor=${t.adminId}`)).body.count).toBe(4);
    expect((await log('?actor=nobody')).body.count).toBe(0);
    expect((await log('?since=2026-03-01T10:01:00Z')).body.count).toBe(3);
    expect((await log('?until=2026-03-01T10:01:00Z')).body.count).toBe(1);
    const first = (await log('?limit=2')).body;
    expect(first.items).toHaveLength(2);
    const second = (await log(`?limit=2&page=${first.next.page}`)).body;
    expect(second.items).toHaveLength(2);
    expect(second.next).toBeUndefined();
    expectError(await log('?since=yesterday'), 400, /since: must be an ISO 8601 date or time/);
    expectError(await log('?colour=red'), 400, /colour/);
  });

  it('is for admins: other members get 403, other organizations 404', async () => {
    const { t, log } = await setup();
    const { reader } = await standardUsers(t);
    expectError(await log('', reader), 403, /admin/);
    const other = await otherOrganization(t.engine);
    expectError(await log('', other.adminId), 404, /not found/);
  });

  it('keeps the request id, and forgets records after 90 days', async () => {
    const { t } = await setup();
    const app = createApp({ engine: t.engine });
    const { token } = await t.engine.tokens.create({ user: t.adminId });
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    await app.handleAsync({ method: 'POST', url: `/v1/orgs/${t.orgId}/spaces`, headers, body: '{"title":"A"}' }, { requestId: 'req-7' });
    const read = async () => await t.engine.audit.list({ userId: t.adminId }, t.orgId, {});
    expect((await read()).items[0].requestId).toBe('req-7');
    t.clock.advance(89 * 86_400_000);
    expect(await t.engine.audit.purge()).toBe(0);
    t.clock.advance(2 * 86_400_000);
    expect(await t.engine.audit.purge()).toBe(1);
    expect((await read()).count).toBe(0);
  });

  it('purging with nothing due takes no write transaction (every engine start purges), and finds what is due in any organization', async () => {
    const { t } = await setup();
    const other = await otherOrganization(t.engine);
    const { store } = t.engine.core;
    let transactions = 0;
    const transaction = store.transaction.bind(store);
    store.transaction = (async (fn: () => Promise<unknown>) => (transactions++, await transaction(fn))) as typeof store.transaction;
    // A record in the second organization only: the first has none.
    await t.engine.audit.record({ organizationId: other.orgId, userId: other.adminId, operationId: 'createSpace', method: 'POST', path: '/x', targets: {}, summary: { fields: [], counts: {} }, status: 201 });
    transactions = 0;
    expect(await t.engine.audit.purge()).toBe(0);
    expect(transactions).toBe(0);
    t.clock.advance(91 * 86_400_000);
    expect(await t.engine.audit.purge()).toBe(1);
    expect(transactions).toBe(1);
  });
});
