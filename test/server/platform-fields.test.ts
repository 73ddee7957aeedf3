import { describe, expect, it } from 'vitest';
import { addMember } from '../helpers/engine';
import { expectOk } from '../helpers/app';
import { commentSetup } from './comments-setup';
import { sitesSetup } from './sites-setup';
import { contentSetup } from '../helpers/content';

/** Fields added to follow the platform's shapes (issue 18 parts 3-4; docs/decisions.md, contract test). */
describe('comment repliers', () => {
  it('lists who replied, how often and when last, the most recently active first, at both roots', async () => {
    const s = await commentSetup();
    const c = await s.postOk({ page: s.intro, body: { markdown: 'question' } });
    expect(c.repliers).toEqual([]);
    s.clock.advance(1000);
    await s.replyOk(c.id, 'first', s.other);
    s.clock.advance(1000);
    await s.replyOk(c.id, 'second', s.other);
    s.clock.advance(1000);
    await s.replyOk(c.id, 'mine', s.commenter);
    const got = await s.getOk(c.id);
    expect(got.repliers).toEqual([
      { user: expect.objectContaining({ object: 'user', id: s.commenter }), count: 1, updatedAt: '2026-03-01T10:00:03.000Z' },
      { user: expect.objectContaining({ object: 'user', id: s.other }), count: 2, updatedAt: '2026-03-01T10:00:02.000Z' },
    ]);
    expect((await s.list()).body.items[0].repliers).toEqual(got.repliers);

    const cr = await s.createCr({ subject: 'Discuss' });
    const inCr = await s.postOk({ body: { markdown: 'in the change request' } }, s.commenter, cr.id);
    await s.replyOk(inCr.id, 'reply', s.other, cr.id);
    expect((await s.getOk(inCr.id, s.adminId, cr.id)).repliers).toEqual([
      { user: expect.objectContaining({ id: s.other }), count: 1, updatedAt: expect.any(String) },
    ]);
  });
});

describe('member sites', () => {
  it('counts the sites a member can read: all of them with a role, none for a guest', async () => {
    const s = await sitesSetup();
    await s.createSite({ title: 'Docs' });
    await s.createSite({ title: 'Partners' });
    const member = await s.api.request('GET', `/v1/orgs/${s.orgId}/members/${s.reader}`, { as: s.adminId });
    expectOk(member, 'getMemberInOrganizationById');
    expect(member.body.sites).toBe(2);
    const guest = await s.api.request('GET', `/v1/orgs/${s.orgId}/members/${s.guest}`, { as: s.adminId });
    expect(guest.body.sites).toBe(0);
    const list = await s.api.request('GET', `/v1/orgs/${s.orgId}/members`, { as: s.adminId });
    expect(list.body.items.find((m: { id: string }) => m.id === s.creator).sites).toBe(2);
  });
});

describe('change request space', () => {
  it('names the space of the change request in every answer', async () => {
    const s = await contentSetup();
    const cr = await s.createCr({ subject: 'Typos' });
    expect(cr).toMatchObject({ space: s.spaceId });
    expect(await s.getCr(cr.id)).toMatchObject({ space: s.spaceId });
    const list = await s.api.request('GET', s.crs(), { as: s.adminId });
    expectOk(list, 'listChangeRequests');
    expect(list.body.items.map((c: { space: string }) => c.space)).toEqual([s.spaceId]);
  });
});

describe('SAML provider status', () => {
  it('is pending until the identity provider\'s URL, entity id and certificate are all set, then active', async () => {
    const s = await sitesSetup();
    const saml = `/v1/orgs/${s.orgId}/saml`;
    const created = await s.api.request('POST', saml, { as: s.adminId, body: { label: 'Okta', ssoURL: 'https://idp.example/sso', entityID: 'idp' } });
    expectOk(created, 'createOrganizationSamlProvider');
    expect(created.body.status).toBe('pending');
    const { SAMPLE_CERTIFICATE } = await import('../../src/engine/sample');
    const patched = await s.api.request('PATCH', `${saml}/${created.body.id}`, { as: s.adminId, body: { certificate: SAMPLE_CERTIFICATE } });
    expectOk(patched, 'updateOrganizationSamlProvider');
    expect(patched.body.status).toBe('active');
  });
});

describe('update with conflicts', () => {
  it('answers the change request\'s revision, unchanged', async () => {
    const s = await contentSetup();
    const [page] = await s.seed(['# A\n\nbase']);
    const cr = await s.createCr();
    await s.writeOk(cr.id, [{ operation: 'update_page', page, document: { markdown: '# A\n\ncr' } }]);
    await s.changeMain([{ operation: 'update_page', page, document: { markdown: '# A\n\nmain' } }]);
    const before = await s.getCr(cr.id);
    const res = await s.update(cr.id);
    expectOk(res, 'updateChangeRequestFromMain');
    expect(res.body).toMatchObject({ result: 'conflicts', revision: before.revision });
  });
});

describe('guests', () => {
  it('a guest may open the organization in the application as they may view it', async () => {
    const s = await sitesSetup();
    const guest = await addMember(s.engine, s.orgId, 'guest2@acme.test', null);
    const res = await s.api.request('GET', `/v1/orgs/${s.orgId}`, { as: guest });
    expectOk(res, 'getOrganizationById');
    expect(res.body.permissions).toMatchObject({ view: true, access: true, admin: false });
  });
});
