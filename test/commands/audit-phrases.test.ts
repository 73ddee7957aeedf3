import { describe, expect, it } from 'vitest';
import { routeList } from '../../src/api/routes/index';
import type { AuditRecord } from '../../src/api/resources';
import { actorOf, PHRASES, phraseOf, targetLabel } from '../../src/commands/audit/phrases';
import { actorIn } from '../../src/commands/audit/columns';

const record = (over: Partial<AuditRecord>): AuditRecord => ({
  object: 'audit-record', id: 'r1', organization: 'o1', createdAt: '2026-11-20T10:00:00.000Z', actor: { user: 'u1' },
  action: 'deleteSpaceById', method: 'DELETE', path: '/v1/spaces/s1', targets: { spaceId: 's1' }, summary: { fields: [], counts: {} }, status: 205,
  ...over,
});

describe('audit phrases', () => {
  it('has a phrase for every write of the route table, and each names only targets the route can have', () => {
    const writes = routeList.filter((r) => r.method !== 'GET');
    expect(writes.length).toBeGreaterThan(80);
    expect(writes.filter((r) => PHRASES[r.operationId] === undefined).map((r) => r.operationId)).toEqual([]);
    for (const r of writes) {
      const named = [...PHRASES[r.operationId].matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(named.filter((name) => name !== 'created' && !r.params.includes(name)), r.operationId).toEqual([]);
    }
  });

  it('tells a record with the names kept when it was written', () => {
    const r = record({
      actorUser: { object: 'user', id: 'u1', displayName: 'Grace Hopper', email: 'grace@example.com' },
      targetDetails: [{ name: 'spaceId', id: 's1', kind: 'space', title: 'Employee handbook' }],
    });
    expect(actorOf(r)).toBe('Grace Hopper <grace@example.com>');
    expect(phraseOf(r)).toBe('deleted space "Employee handbook"');
  });

  it('fits the actor to a width: the e-mail gives way inside its brackets, then the name', () => {
    const r = record({ actorUser: { object: 'user', id: 'u1', displayName: 'Grace Hopper', email: 'grace@example.com' } });
    expect(actorIn(r, 40)).toBe('Grace Hopper <grace@example.com>');
    expect(actorIn(r, 22)).toBe('Grace Hopper <grace@…>');
    expect(actorIn(r, 10)).toBe('Grace Hop…');
    expect(actorIn(record({}), 10)).toBe('u1');
  });

  it('falls back to ids on records written before names were kept', () => {
    const r = record({});
    expect(actorOf(r)).toBe('u1');
    expect(phraseOf(r)).toBe('deleted space s1');
    expect(phraseOf(record({ action: 'mergeChangeRequest', targets: { spaceId: 's1', changeRequestId: '7' } }))).toBe('merged change request #7 into space s1');
  });

  it('names people, change requests by number and subject, and says what an update changed and how many a list held', () => {
    const team = record({
      action: 'addMemberToOrganizationTeamById', method: 'PUT', targets: { organizationId: 'o1', teamId: 't1', userId: 'u2' },
      targetDetails: [
        { name: 'organizationId', id: 'o1', kind: 'organization', title: 'Acme' },
        { name: 'teamId', id: 't1', kind: 'team', title: 'Writers' },
        { name: 'userId', id: 'u2', kind: 'user', title: 'Ada Lovelace', email: 'ada@example.com' },
      ],
    });
    expect(phraseOf(team)).toBe('added Ada Lovelace <ada@example.com> to team "Writers"');
    const merge = record({
      action: 'mergeChangeRequest', method: 'POST', targets: { spaceId: 's1', changeRequestId: '3' },
      targetDetails: [{ name: 'spaceId', id: 's1', kind: 'space', title: 'API' }, { name: 'changeRequestId', id: 'c1', kind: 'change-request', title: 'Fix typos', number: 3 }],
    });
    expect(phraseOf(merge)).toBe('merged change request #3 "Fix typos" into space "API"');
    expect(targetLabel(merge, 'changeRequestId')).toBe('#3 "Fix typos"');
    const update = record({ action: 'updateMemberInOrganizationById', method: 'PATCH', targets: { organizationId: 'o1', userId: 'u2' }, summary: { fields: ['role'], counts: {} } });
    expect(phraseOf(update)).toBe('updated member u2 (role)');
    const bulk = record({ action: 'updateMembersInOrganizationTeam', method: 'PUT', targets: { organizationId: 'o1', teamId: 't1' }, summary: { fields: ['add', 'remove'], counts: { add: 200, remove: 1 } } });
    expect(phraseOf(bulk)).toBe('changed the members of team t1 (add: 200, remove: 1)');
    const roles = record({ action: 'updateMembersInOrganizationById', method: 'PATCH', targets: { organizationId: 'o1' }, summary: { fields: ['members'], counts: { members: 3 } } });
    expect(phraseOf(roles)).toBe('changed the roles of members (members: 3)');
  });

  it('reads an operation it does not know from its id, with its targets by kind and name', () => {
    const r = record({
      action: 'revokeApiTokenById', method: 'DELETE', targets: { organizationId: 'o1', tokenId: 'k1' },
      targetDetails: [{ name: 'organizationId', id: 'o1', kind: 'organization', title: 'Acme' }, { name: 'tokenId', id: 'k1', kind: 'token', title: 'ci' }],
    });
    expect(phraseOf(r)).toBe('revoked api token: token "ci"');
    expect(phraseOf(record({ action: 'copySpace', targets: { spaceId: 's1' } }))).toBe('copied space: space s1');
  });
});
