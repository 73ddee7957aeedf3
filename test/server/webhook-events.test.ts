import { describe, expect, it } from 'vitest';
import { testEngine, addMember } from '../helpers/engine';
import { testApp, expectOk } from '../helpers/app';
import { specFixture } from '../helpers/openapi';
import { WEBHOOK_EVENTS } from '../../src/domain/webhook-events';
import { relayWebhookEvents } from '../../src/engine/webhooks';

/**
 * Webhooks (issue 32): every event is recorded by the operation that causes it, in its transaction,
 * with the documented `event_data` (docs/api.md, "Event body"), for each subscribed active webhook.
 */
async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const hook = await api.request('POST', `/v1/orgs/${t.orgId}/webhooks`, {
    as: t.adminId, body: { url: 'https://hooks.example.com/in', events: WEBHOOK_EVENTS.filter((e) => e !== 'ping') },
  });
  expectOk(hook, 'createWebhook');
  let seen = 0;
  /** The events recorded since the last call, in their order: `[event_type, event_data]`. */
  const events = async () => {
    await relayWebhookEvents(t.engine.core);
    const rows = await t.engine.core.all<{ body: string; webhook_id: string }>('SELECT body, webhook_id FROM webhook_deliveries ORDER BY sequence');
    const fresh = rows.slice(seen);
    seen = rows.length;
    return fresh.map((r) => {
      const body = JSON.parse(r.body) as { id: string; event_type: string; timestamp: string; organization: string; event_data: Record<string, unknown> };
      expect(body).toEqual({ id: expect.any(String), event_type: expect.any(String), timestamp: expect.any(String), organization: t.orgId, event_data: expect.any(Object) });
      expect(r.webhook_id).toBe(hook.body.id);
      return [body.event_type, body.event_data] as const;
    });
  };
  const ok = async (method: string, url: string, body?: unknown, as = t.adminId) => {
    const res = await api.request(method, url, { as, body });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body;
  };
  return { ...t, api, hook: hook.body, events, ok };
}

const spaceData = (id: string, title: string, visibility = 'private') => ({
  id, title, visibility, parent: null, urls: { location: `http://docs.test/v1/spaces/${id}`, app: `http://docs.test/app/s/${id}` },
});

describe('events recorded by their operations', () => {
  it('spaces: created, visibility updated, deleted, restored', async () => {
    const s = await setup();
    const space = await s.ok('POST', `/v1/orgs/${s.orgId}/spaces`, { title: 'Handbook' });
    expect(await s.events()).toEqual([['space_created', { space: spaceData(space.id, 'Handbook'), createdBy: s.adminId }]]);
    await s.ok('PATCH', `/v1/spaces/${space.id}`, { title: 'Guide' });
    expect(await s.events()).toEqual([]);
    await s.ok('PATCH', `/v1/spaces/${space.id}`, { visibility: 'public' });
    expect(await s.events()).toEqual([['space_visibility_updated', { space: spaceData(space.id, 'Guide', 'public'), visibility: 'public', previousVisibility: 'private', updatedBy: s.adminId }]]);
    await s.ok('DELETE', `/v1/spaces/${space.id}`);
    expect(await s.events()).toEqual([['space_deleted', { space: spaceData(space.id, 'Guide', 'public'), deletedBy: s.adminId }]]);
    await s.ok('POST', `/v1/spaces/${space.id}/restore`);
    expect(await s.events()).toEqual([['space_restored', { space: spaceData(space.id, 'Guide', 'public'), restoredBy: s.adminId }]]);
    await s.ok('POST', `/v1/spaces/${space.id}/restore`);
    expect(await s.events()).toEqual([]);
    const copy = await s.ok('POST', `/v1/spaces/${space.id}/duplicate`);
    expect(await s.events()).toEqual([['space_created', { space: spaceData(copy.id, 'Guide (copy)', 'public'), createdBy: s.adminId, duplicateOf: space.id }]]);
  });

  it('change requests: created, status updated, merged, and the space content updated with both revisions', async () => {
    const s = await setup();
    const space = await s.ok('POST', `/v1/orgs/${s.orgId}/spaces`, { title: 'Handbook' });
    await s.events();
    const cr = await s.ok('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Fix typos' });
    const [[created, data]] = await s.events();
    expect(created).toBe('change_request_created');
    expect(data).toEqual({ space: spaceData(space.id, 'Handbook'), changeRequest: expect.objectContaining({ object: 'change-request', id: cr.id, number: 1, subject: 'Fix typos', status: 'open' }) });
    await s.ok('PATCH', `/v1/spaces/${space.id}/change-requests/${cr.id}`, { status: 'draft' });
    expect(await s.events()).toEqual([['change_request_status_updated', {
      space: spaceData(space.id, 'Handbook'), changeRequest: expect.objectContaining({ id: cr.id, status: 'draft' }), status: 'draft', previousStatus: 'open', updatedBy: s.adminId,
    }]]);
    await s.ok('PATCH', `/v1/spaces/${space.id}/change-requests/${cr.id}`, { status: 'open', subject: 'Typos' });
    expect((await s.events()).map(([e]) => e)).toEqual(['change_request_status_updated']);
    await s.ok('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [{ operation: 'insert_page', document: { markdown: '# Hello' } }] });
    expect(await s.events()).toEqual([]);
    const before = (await s.ok('GET', `/v1/spaces/${space.id}`)).revision;
    const merged = await s.ok('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
    expect(await s.events()).toEqual([
      ['space_content_updated', { space: spaceData(space.id, 'Handbook'), revision: merged.revision, previousRevision: before }],
      ['change_request_merged', { space: spaceData(space.id, 'Handbook'), changeRequest: expect.objectContaining({ id: cr.id, status: 'merged' }), revision: merged.revision, mergedBy: s.adminId }],
    ]);
  });

  it('members: added by invitation, role updated (one and several), removed', async () => {
    const s = await setup();
    await s.ok('POST', `/v1/orgs/${s.orgId}/invites`, { emails: ['grace@acme.test'], role: 'edit' });
    const [[added, data]] = await s.events();
    expect(added).toBe('member_added');
    const grace = (data as { member: { id: string } }).member.id;
    expect(data).toEqual({ member: { id: grace, displayName: expect.any(String), email: 'grace@acme.test', role: 'edit' } });
    await s.ok('POST', `/v1/orgs/${s.orgId}/invites`, { emails: ['grace@acme.test'] });
    expect(await s.events()).toEqual([]);
    await s.ok('PATCH', `/v1/orgs/${s.orgId}/members/${grace}`, { role: 'review' });
    expect(await s.events()).toEqual([['member_role_updated', { member: expect.objectContaining({ id: grace, email: 'grace@acme.test', role: 'review' }), previousRole: 'edit', updatedBy: s.adminId }]]);
    await s.ok('PATCH', `/v1/orgs/${s.orgId}/members`, { members: [{ user: grace, role: 'read' }] });
    expect(await s.events()).toEqual([['member_role_updated', { member: expect.objectContaining({ id: grace, role: 'read' }), previousRole: 'review', updatedBy: s.adminId }]]);
    await s.ok('DELETE', `/v1/orgs/${s.orgId}/members/${grace}`);
    expect(await s.events()).toEqual([['member_removed', { member: expect.objectContaining({ id: grace, role: 'read' }), removedBy: s.adminId }]]);
  });

  it('teams: members updated on create, bulk change, add and remove', async () => {
    const s = await setup();
    const ada = await addMember(s.engine, s.orgId, 'ada@acme.test', 'read', 'Ada');
    const bob = await addMember(s.engine, s.orgId, 'bob@acme.test', 'read', 'Bob');
    const team = await s.ok('PUT', `/v1/orgs/${s.orgId}/teams`, { title: 'Writers', members: [ada] });
    const ref = { id: team.id, title: 'Writers' };
    expect(await s.events()).toEqual([['team_members_updated', { team: ref, added: [{ id: ada, displayName: 'Ada', email: 'ada@acme.test', role: 'member' }], removed: [], roleChanged: [] }]]);
    await s.ok('PUT', `/v1/orgs/${s.orgId}/teams/${team.id}/members`, { add: [bob], remove: [ada] });
    expect(await s.events()).toEqual([['team_members_updated', { team: ref, added: [expect.objectContaining({ id: bob })], removed: [ada], roleChanged: [] }]]);
    await s.ok('PUT', `/v1/orgs/${s.orgId}/teams/${team.id}/members/${bob}`, { role: 'owner' });
    expect(await s.events()).toEqual([['team_members_updated', { team: ref, added: [], removed: [], roleChanged: [{ user: bob, role: 'owner' }] }]]);
    await s.ok('PUT', `/v1/orgs/${s.orgId}/teams/${team.id}/members/${bob}`, { role: 'owner' });
    expect(await s.events()).toEqual([]);
    await s.ok('DELETE', `/v1/orgs/${s.orgId}/teams/${team.id}/members/${bob}`);
    expect(await s.events()).toEqual([['team_members_updated', { team: ref, added: [], removed: [bob], roleChanged: [] }]]);
  });

  it('comments and OpenAPI versions', async () => {
    const s = await setup();
    const space = await s.ok('POST', `/v1/orgs/${s.orgId}/spaces`, { title: 'Handbook' });
    await s.events();
    const comment = await s.ok('POST', `/v1/spaces/${space.id}/comments`, { body: { markdown: 'Looks good' } });
    expect(await s.events()).toEqual([['comment_created', {
      space: spaceData(space.id, 'Handbook'), changeRequest: null,
      comment: { id: comment.id, postedBy: s.adminId, postedAt: '2026-03-01T10:00:00.000Z', page: null, markdown: 'Looks good' },
    }]]);
    const spec = await s.ok('POST', `/v1/orgs/${s.orgId}/openapi`, { slug: 'petstore', source: { text: specFixture('v1.yaml') } });
    const [[event, data]] = await s.events();
    expect(event).toBe('openapi_spec_version_created');
    expect(data).toEqual({ spec: { id: spec.id, slug: 'petstore' }, version: expect.objectContaining({ id: expect.any(String), number: 1, sha256: expect.any(String) }) });
    await s.ok('PUT', `/v1/orgs/${s.orgId}/openapi/petstore`, { source: { text: specFixture('v1.yaml') } });
    expect(await s.events()).toEqual([]);
  });

  it('only to active webhooks subscribed to the event; a failed write records nothing', async () => {
    const s = await setup();
    const narrow = await s.ok('POST', `/v1/orgs/${s.orgId}/webhooks`, { url: 'https://narrow.example.com/', events: ['space_deleted'] });
    await s.ok('POST', `/v1/orgs/${s.orgId}/webhooks`, { url: 'https://off.example.com/', events: ['space_created', 'member_role_updated'], active: false });
    await s.ok('PATCH', `/v1/orgs/${s.orgId}/webhooks/${s.hook.id}`, { events: ['space_created', 'space_deleted', 'member_role_updated'] });
    const space = await s.ok('POST', `/v1/orgs/${s.orgId}/spaces`, { title: 'One' });
    const byHook = async () => {
      await relayWebhookEvents(s.engine.core);
      return await s.engine.core.all<{ webhook_id: string; event: string }>('SELECT webhook_id, event FROM webhook_deliveries ORDER BY webhook_id, sequence');
    };
    expect(await byHook()).toEqual([{ webhook_id: s.hook.id, event: 'space_created' }]);
    await s.ok('DELETE', `/v1/spaces/${space.id}`);
    expect((await byHook()).map((d) => d.webhook_id).sort()).toEqual([s.hook.id, s.hook.id, narrow.id].sort());
    // A write that fails after recording its event rolls the event back with it: demoting the last
    // admin records member_role_updated, then refuses the whole change.
    const refused = await s.api.request('PATCH', `/v1/orgs/${s.orgId}/members`, { as: s.adminId, body: { members: [{ user: s.adminId, role: 'read' }] } });
    expect(refused.status).toBe(409);
    expect((await byHook()).length).toBe(3);
  });
});
