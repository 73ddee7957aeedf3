import { describe, expect, it } from 'vitest';
import { testEngine, addMember } from '../helpers/engine';
import { testApp, expectOk, expectError } from '../helpers/app';

describe('app basics', () => {
  it('serves a list of members through the route table', async () => {
    const t = await testEngine();
    await addMember(t.engine, t.orgId, 'ada@acme.test', 'edit');
    const api = testApp(t.engine);
    const res = await api.request('GET', `/v1/orgs/${t.orgId}/members`, { as: t.adminId });
    expectOk(res, 'listMembersInOrganizationById');
    expect(res.body.count).toBe(2);
  });

  it('rejects missing tokens, unknown paths and wrong methods with the error envelope', async () => {
    const t = await testEngine();
    const api = testApp(t.engine);
    expectError(await api.request('GET', `/v1/orgs/${t.orgId}`), 401);
    expectError(await api.request('GET', `/v1/nothing`, { as: t.adminId }), 404, /no route/);
    const wrong = await api.request('POST', `/v1/orgs/${t.orgId}`, { as: t.adminId });
    expectError(wrong, 405, /allowed: GET, PATCH/);
    expect(wrong.headers.allow).toBe('GET, PATCH');
  });
});
