import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testEngine, otherOrganization, standardUsers } from '../helpers/engine';
import { testApp, expectOk, expectError } from '../helpers/app';
import { mapInOrder } from '../../src/engine/in-order';

const CERT = readFileSync(new URL('../fixtures/idp-cert.pem', import.meta.url), 'utf8');

async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const { reader, creator, guest } = await standardUsers(t);
  const saml = `/v1/orgs/${t.orgId}/saml`;
  const sso = `/v1/orgs/${t.orgId}/sso`;
  const team = async (title: string) => {
    const res = await api.request('PUT', `/v1/orgs/${t.orgId}/teams`, { as: t.adminId, body: { title } });
    expectOk(res, 'createOrganizationTeam');
    return res.body.id as string;
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await api.request('POST', saml, { as: t.adminId, body });
    expectOk(res, 'createOrganizationSamlProvider');
    return res.body;
  };
  const providerCount = async () => (await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM saml_providers WHERE organization_id = ?', [t.orgId]))!.n;
  return { ...t, api, creator, reader, guest, saml, sso, team, create, providerCount };
}

describe('POST /v1/orgs/{organizationId}/saml (create)', () => {
  it('creates a provider with every field, its service URLs and the default team embedded', async () => {
    const s = await setup();
    const teamId = await s.team('Newcomers');
    const res = await s.api.request('POST', s.saml, {
      as: s.adminId,
      body: {
        label: 'Okta',
        entityID: 'http://www.okta.com/exk1',
        certificate: CERT,
        ssoURL: 'https://acme.okta.com/app/sso/saml',
        defaultTeam: teamId,
        defaultRole: 'edit',
      },
    });
    expectOk(res, 'createOrganizationSamlProvider');
    const id = res.body.id;
    const team = (await s.api.request('GET', `/v1/orgs/${s.orgId}/teams/${teamId}`, { as: s.adminId })).body;
    expect(res.body).toEqual({
      object: 'saml-provider',
      id,
      label: 'Okta',
      entityID: 'http://www.okta.com/exk1',
      certificate: CERT,
      ssoURL: 'https://acme.okta.com/app/sso/saml',
      defaultTeam: team,
      defaultRole: 'edit',
      createdAt: '2026-03-01T10:00:00.000Z',
      status: 'active',
      service: {
        acsURL: `http://docs.test/sso/saml/${id}/acs`,
        startURL: `http://docs.test/sso/saml/${id}/start`,
        entityID: `http://docs.test/sso/saml/${id}/metadata`,
      },
      urls: { location: `http://docs.test/v1/orgs/${s.orgId}/saml/${id}` },
    });
    expect(res.body.defaultTeam).toMatchObject({ object: 'team', id: teamId, title: 'Newcomers' });
    const got = await s.api.request('GET', `${s.saml}/${id}`, { as: s.adminId });
    expectOk(got, 'getOrganizationSamlProvider');
    expect(got.body).toEqual(res.body);
    const list = await s.api.request('GET', s.saml, { as: s.adminId });
    expectOk(list, 'listOrganizationSamlProviders');
    expect(list.body).toEqual({ count: 1, items: [res.body] });
  });

  it('creates a provider from a label alone', async () => {
    const s = await setup();
    const body = await s.create({ label: 'Bare' });
    // Without the identity provider's settings it cannot sign anyone in yet.
    expect(body).toMatchObject({ label: 'Bare', defaultTeam: null, defaultRole: null, status: 'pending' });
    expect(body).not.toHaveProperty('ssoURL');
    expect(body).not.toHaveProperty('entityID');
    expect(body).not.toHaveProperty('certificate');
  });

  it('accepts a null default role', async () => {
    const s = await setup();
    expect((await s.create({ label: 'Guests', defaultRole: null })).defaultRole).toBeNull();
  });

  it('accepts the upper bounds: label 30, entityID 1024, certificate 10000, ssoURL 2048', async () => {
    const s = await setup();
    const ssoURL = `https://idp.test/${'a'.repeat(2048 - 'https://idp.test/'.length)}`;
    const certificate = CERT + '\n'.repeat(10000 - CERT.length);
    expect(ssoURL).toHaveLength(2048);
    expect(certificate).toHaveLength(10000);
    const body = await s.create({ label: 'L'.repeat(30), entityID: 'e'.repeat(1024), certificate, ssoURL });
    expect(body.label).toBe('L'.repeat(30));
    expect(body.entityID).toBe('e'.repeat(1024));
    expect(body.ssoURL).toBe(ssoURL);
    expect(body.certificate).toBe(certificate);
  });

  it.each([
    ['a label of 31 characters', { label: 'L'.repeat(31) }, /^label: must be at most 30 characters$/],
    ['an empty label', { label: '' }, /^label: must not be empty$/],
    ['a missing label', { entityID: 'x' }, /^label: is required$/],
    ['a label of the wrong type', { label: 7 }, /^label: must be of type string$/],
    ['an entityID of 1025 characters', { label: 'L', entityID: 'e'.repeat(1025) }, /^entityID: must be at most 1024 characters$/],
    ['a certificate of 10001 characters', { label: 'L', certificate: CERT + '\n'.repeat(10001 - CERT.length) }, /^certificate: must be at most 10000 characters$/],
    ['an ssoURL that is not a URL', { label: 'L', ssoURL: 'not a url' }, /^ssoURL: must be a valid (http\(s\) )?URL$/],
    ['an ssoURL of 2049 characters', { label: 'L', ssoURL: `https://idp.test/${'a'.repeat(2049 - 17)}` }, /^ssoURL: must be at most 2048 characters$/],
    ['an unknown default role', { label: 'L', defaultRole: 'owner' }, /^defaultRole: must be one of: "admin", "create", "review", "edit", "comment", "read"$/],
    ['a default team of the wrong type', { label: 'L', defaultTeam: 12 }, /^defaultTeam: must be of type string$/],
    ['an unknown field', { label: 'L', issuer: 'x' }, /^issuer: is not a known field$/],
  ])('rejects %s with 400', async (_, body, message) => {
    const s = await setup();
    expectError(await s.api.request('POST', s.saml, { as: s.adminId, body }), 400, message);
    expect(await s.providerCount()).toBe(0);
  });

  it.each([
    ['text that is not PEM', 'MIIDPTCCAiWgAwIBAgIU'],
    ['a PEM block with garbage inside', '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydGlmaWNhdGU=\n-----END CERTIFICATE-----\n'],
    ['a truncated PEM', (() => { const lines = CERT.trim().split('\n'); return [...lines.slice(0, 6), lines[lines.length - 1]].join('\n'); })()],
  ])('rejects a certificate that is %s, saying it is not a valid X.509 certificate', async (_, certificate) => {
    const s = await setup();
    const res = await s.api.request('POST', s.saml, { as: s.adminId, body: { label: 'L', certificate } });
    expectError(res, 400, /^certificate: .*X\.509.* certificate/);
    expect(await s.providerCount()).toBe(0);
  });

  it('says a corrupted PEM is not a valid X.509 certificate', async () => {
    const s = await setup();
    const res = await s.api.request('POST', s.saml, { as: s.adminId, body: { label: 'L', certificate: CERT.replace(/\n([A-Za-z0-9+/]{20})/, '\n!!!!') } });
    expectError(res, 400, /^certificate: is not a valid X\.509 PEM certificate/);
  });

  it('rejects a default team that is not a team of the organization', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.teams.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    expectError(await s.api.request('POST', s.saml, { as: s.adminId, body: { label: 'L', defaultTeam: 'nope' } }), 400, /^defaultTeam: no team nope in this organization$/);
    expectError(await s.api.request('POST', s.saml, { as: s.adminId, body: { label: 'L', defaultTeam: theirs.id } }), 400, /^defaultTeam: no team/);
    expect(await s.providerCount()).toBe(0);
  });

  it('rejects malformed JSON and a non-object body', async () => {
    const s = await setup();
    expectError(await s.api.request('POST', s.saml, { as: s.adminId, rawBody: '{"label": "L",}' }), 400, /^body: is not valid JSON/);
    expectError(await s.api.request('POST', s.saml, { as: s.adminId, rawBody: 'null' }), 400, /^body: must be a JSON object$/);
    expect(await s.providerCount()).toBe(0);
  });

  it('forbids every non-admin, team owners included, and hides other organizations', async () => {
    const s = await setup();
    const teamId = await s.team('Owned');
    await s.engine.teams.putMember({ userId: s.adminId }, s.orgId, teamId, s.reader, { role: 'owner' });
    const body = { label: 'Mine' };
    expectError(await s.api.request('POST', s.saml, { as: s.creator, body }), 403, /admin role required/);
    expectError(await s.api.request('POST', s.saml, { as: s.reader, body }), 403);
    expectError(await s.api.request('POST', s.saml, { as: s.guest, body }), 403);
    const other = await otherOrganization(s.engine);
    expectError(await s.api.request('POST', `/v1/orgs/${other.orgId}/saml`, { as: s.adminId, body }), 404);
    expect((await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM saml_providers'))!.n).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/saml (list)', () => {
  it('lists providers in creation order and pages them', async () => {
    const s = await setup();
    const ids = await mapInOrder(['One', 'Two', 'Three'], async (label) => {
      s.clock.advance(1000);
      return (await s.create({ label })).id;
    });
    const first = await s.api.request('GET', `${s.saml}?limit=2`, { as: s.adminId });
    expectOk(first, 'listOrganizationSamlProviders');
    expect(first.body.count).toBe(3);
    expect(first.body.items.map((p: { id: string }) => p.id)).toEqual(ids.slice(0, 2));
    const second = await s.api.request('GET', `${s.saml}?limit=2&page=${encodeURIComponent(first.body.next.page)}`, { as: s.adminId });
    expectOk(second, 'listOrganizationSamlProviders');
    expect(second.body.items.map((p: { label: string }) => p.label)).toEqual(['Three']);
    expect(second.body.next).toBeUndefined();
    expectError(await s.api.request('GET', `${s.saml}?limit=0`, { as: s.adminId }), 400, /^limit: /);
    expectError(await s.api.request('GET', `${s.saml}?page=xyz`, { as: s.adminId }), 400, /^page: /);
    expectError(await s.api.request('GET', `${s.saml}?label=One`, { as: s.adminId }), 400, /^label: is not a known field$/);
  });

  it('forbids non-admins and hides other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    await s.engine.saml.create({ userId: other.adminId }, other.orgId, { label: 'Theirs' });
    expectError(await s.api.request('GET', s.saml, { as: s.creator }), 403);
    expectError(await s.api.request('GET', s.saml, { as: s.reader }), 403);
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/saml`, { as: s.adminId }), 404);
    const ours = await s.api.request('GET', s.saml, { as: s.adminId });
    expectOk(ours, 'listOrganizationSamlProviders');
    expect(ours.body.count).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/saml/{samlProviderId}', () => {
  it('answers 404 for unknown providers and providers of other organizations, 403 for non-admins', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.saml.create({ userId: other.adminId }, other.orgId, { label: 'Theirs' });
    const ours = (await s.create({ label: 'Ours' })).id;
    expectError(await s.api.request('GET', `${s.saml}/nope`, { as: s.adminId }), 404, /SAML provider nope not found/);
    expectError(await s.api.request('GET', `${s.saml}/${theirs.id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/saml/${theirs.id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', `${s.saml}/${ours}`, { as: s.creator }), 403);
    expectError(await s.api.request('GET', `${s.saml}/${ours}`, { as: s.guest }), 403);
  });
});

describe('PATCH /v1/orgs/{organizationId}/saml/{samlProviderId}', () => {
  it('changes only the given fields', async () => {
    const s = await setup();
    const teamId = await s.team('Default');
    const created = await s.create({ label: 'Okta', entityID: 'urn:okta', certificate: CERT, ssoURL: 'https://okta.test/sso', defaultRole: 'read' });
    const res = await s.api.request('PATCH', `${s.saml}/${created.id}`, { as: s.adminId, body: { label: 'Okta EU', defaultTeam: teamId } });
    expectOk(res, 'updateOrganizationSamlProvider');
    expect(res.body).toEqual({ ...created, label: 'Okta EU', defaultTeam: expect.objectContaining({ id: teamId, title: 'Default' }) });
    const got = await s.api.request('GET', `${s.saml}/${created.id}`, { as: s.adminId });
    expect(got.body).toEqual(res.body);
  });

  it('sets every field, and clears the default role with null', async () => {
    const s = await setup();
    const created = await s.create({ label: 'Okta', defaultRole: 'comment' });
    const res = await s.api.request('PATCH', `${s.saml}/${created.id}`, {
      as: s.adminId,
      body: { entityID: 'urn:new', certificate: CERT, ssoURL: 'https://new.test/sso', defaultRole: null },
    });
    expectOk(res, 'updateOrganizationSamlProvider');
    expect(res.body).toMatchObject({ label: 'Okta', entityID: 'urn:new', certificate: CERT, ssoURL: 'https://new.test/sso', defaultRole: null });
  });

  it('accepts an empty patch and changes nothing', async () => {
    const s = await setup();
    const created = await s.create({ label: 'Okta', defaultRole: 'comment' });
    const res = await s.api.request('PATCH', `${s.saml}/${created.id}`, { as: s.adminId, body: {} });
    expectOk(res, 'updateOrganizationSamlProvider');
    expect(res.body).toEqual(created);
  });

  it.each([
    ['a label of 31 characters', { label: 'L'.repeat(31) }, /^label: must be at most 30 characters$/],
    ['an empty label', { label: '' }, /^label: must not be empty$/],
    ['a null label', { label: null }, /^label: /],
    ['an entityID of 1025 characters', { entityID: 'e'.repeat(1025) }, /^entityID: must be at most 1024 characters$/],
    ['a certificate of 10001 characters', { certificate: 'c'.repeat(10001) }, /^certificate: must be at most 10000 characters$/],
    ['a certificate that is not PEM', { certificate: 'hello' }, /^certificate: .*X\.509.* certificate/],
    ['a corrupted PEM certificate', { certificate: CERT.slice(0, 200) + CERT.slice(400) }, /^certificate: is not a valid X\.509 PEM certificate/],
    ['an ssoURL that is not a URL', { ssoURL: 'acme dot com' }, /^ssoURL: must be a valid (http\(s\) )?URL$/],
    ['an unknown default role', { defaultRole: 'member' }, /^defaultRole: must be one of/],
    ['an unknown default team', { defaultTeam: 'nope' }, /^defaultTeam: no team nope in this organization$/],
    ['an unknown field', { id: 'x' }, /^id: is not a known field$/],
  ])('rejects %s with 400 and changes nothing', async (_, body, message) => {
    const s = await setup();
    const created = await s.create({ label: 'Okta', certificate: CERT, defaultRole: 'comment' });
    expectError(await s.api.request('PATCH', `${s.saml}/${created.id}`, { as: s.adminId, body }), 400, message);
    expect((await s.api.request('GET', `${s.saml}/${created.id}`, { as: s.adminId })).body).toEqual(created);
  });

  it('rejects malformed JSON', async () => {
    const s = await setup();
    const created = await s.create({ label: 'Okta' });
    expectError(await s.api.request('PATCH', `${s.saml}/${created.id}`, { as: s.adminId, rawBody: '{label: Okta}' }), 400, /^body: is not valid JSON/);
  });

  it('forbids non-admins and answers 404 for unknown providers and other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.saml.create({ userId: other.adminId }, other.orgId, { label: 'Theirs' });
    const ours = await s.create({ label: 'Ours' });
    expectError(await s.api.request('PATCH', `${s.saml}/${ours.id}`, { as: s.creator, body: { label: 'Hijack' } }), 403);
    expectError(await s.api.request('PATCH', `${s.saml}/${ours.id}`, { as: s.reader, body: { label: 'Hijack' } }), 403);
    expectError(await s.api.request('PATCH', `${s.saml}/nope`, { as: s.adminId, body: { label: 'X' } }), 404);
    expectError(await s.api.request('PATCH', `${s.saml}/${theirs.id}`, { as: s.adminId, body: { label: 'X' } }), 404);
    expectError(await s.api.request('PATCH', `/v1/orgs/${other.orgId}/saml/${theirs.id}`, { as: s.adminId, body: { label: 'X' } }), 404);
    expect((await s.api.request('GET', `${s.saml}/${ours.id}`, { as: s.adminId })).body.label).toBe('Ours');
    expect((await s.engine.saml.get({ userId: other.adminId }, other.orgId, theirs.id)).label).toBe('Theirs');
  });
});

describe('DELETE /v1/orgs/{organizationId}/saml/{samlProviderId}', () => {
  it('deletes the provider', async () => {
    const s = await setup();
    const gone = await s.create({ label: 'Gone' });
    const kept = await s.create({ label: 'Kept' });
    const res = await s.api.request('DELETE', `${s.saml}/${gone.id}`, { as: s.adminId });
    expectOk(res, 'deleteOrganizationSamlProvider');
    expect(res.body).toBeUndefined();
    expectError(await s.api.request('GET', `${s.saml}/${gone.id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', `${s.saml}/${gone.id}`, { as: s.adminId }), 404);
    expect((await s.api.request('GET', s.saml, { as: s.adminId })).body.items.map((p: { id: string }) => p.id)).toEqual([kept.id]);
    expect((await s.api.request('GET', s.sso, { as: s.reader })).body.items.map((p: { id: string }) => p.id)).toEqual([kept.id]);
  });

  it('forbids non-admins and answers 404 for unknown providers and other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.saml.create({ userId: other.adminId }, other.orgId, { label: 'Theirs' });
    const ours = await s.create({ label: 'Ours' });
    expectError(await s.api.request('DELETE', `${s.saml}/${ours.id}`, { as: s.creator }), 403);
    expectError(await s.api.request('DELETE', `${s.saml}/${ours.id}`, { as: s.guest }), 403);
    expectError(await s.api.request('DELETE', `${s.saml}/nope`, { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', `${s.saml}/${theirs.id}`, { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', `/v1/orgs/${other.orgId}/saml/${theirs.id}`, { as: s.adminId }), 404);
    expectOk(await s.api.request('GET', `${s.saml}/${ours.id}`, { as: s.adminId }), 'getOrganizationSamlProvider');
    expect((await s.engine.saml.get({ userId: other.adminId }, other.orgId, theirs.id)).id).toBe(theirs.id);
  });
});

describe('deleting the default team of a provider', () => {
  it('leaves the provider with no default team', async () => {
    const s = await setup();
    const teamId = await s.team('Default');
    const created = await s.create({ label: 'Okta', defaultTeam: teamId, defaultRole: 'read' });
    expect(created.defaultTeam.id).toBe(teamId);
    expectOk(await s.api.request('DELETE', `/v1/orgs/${s.orgId}/teams/${teamId}`, { as: s.adminId }), 'deleteTeamInOrganizationById');
    const got = await s.api.request('GET', `${s.saml}/${created.id}`, { as: s.adminId });
    expectOk(got, 'getOrganizationSamlProvider');
    expect(got.body).toEqual({ ...created, defaultTeam: null });
    const list = await s.api.request('GET', s.saml, { as: s.adminId });
    expectOk(list, 'listOrganizationSamlProviders');
    expect(list.body.items[0].defaultTeam).toBeNull();
  });
});

describe('GET /v1/orgs/{organizationId}/sso', () => {
  it('lists id, label and startURL of each provider for any member', async () => {
    const s = await setup();
    const okta = await s.create({ label: 'Okta', certificate: CERT, ssoURL: 'https://okta.test/sso', entityID: 'urn:okta' });
    s.clock.advance(1000);
    const azure = await s.create({ label: 'Azure' });
    const expected = {
      items: [
        { id: okta.id, label: 'Okta', startURL: `http://docs.test/sso/saml/${okta.id}/start` },
        { id: azure.id, label: 'Azure', startURL: `http://docs.test/sso/saml/${azure.id}/start` },
      ],
    };
    for (const who of [s.adminId, s.creator, s.reader]) {
      const res = await s.api.request('GET', s.sso, { as: who });
      expectOk(res, 'getOrganizationSsoLoginInfo');
      expect(res.body).toEqual(expected);
    }
    expect(okta.service.startURL).toBe(expected.items[0].startURL);
  });

  it('is an empty list without providers', async () => {
    const s = await setup();
    const res = await s.api.request('GET', s.sso, { as: s.reader });
    expectOk(res, 'getOrganizationSsoLoginInfo');
    expect(res.body).toEqual({ items: [] });
  });

  it('hides other organizations', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    await s.engine.saml.create({ userId: other.adminId }, other.orgId, { label: 'Theirs' });
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/sso`, { as: s.adminId }), 404);
    expect((await s.api.request('GET', s.sso, { as: s.adminId })).body).toEqual({ items: [] });
  });
});

describe('authentication on SSO routes', () => {
  it('answers 401 without a token, with an unknown token and with a revoked token', async () => {
    const s = await setup();
    const created = await s.create({ label: 'Okta' });
    const { id: tokenId, token } = await s.engine.tokens.create({ user: s.adminId, name: 'soon revoked' });
    expectOk(await s.api.request('GET', `${s.saml}/${created.id}`, { token }), 'getOrganizationSamlProvider');
    await s.engine.tokens.revoke(tokenId);
    const calls: [string, string, unknown?][] = [
      ['GET', s.saml],
      ['POST', s.saml, { label: 'New' }],
      ['GET', `${s.saml}/${created.id}`],
      ['PATCH', `${s.saml}/${created.id}`, { label: 'Changed' }],
      ['DELETE', `${s.saml}/${created.id}`],
      ['GET', s.sso],
    ];
    for (const [method, url, body] of calls) {
      expectError(await s.api.request(method, url, { as: null, body }), 401, /authentication required/);
      expectError(await s.api.request(method, url, { token: 'dct_unknown', body }), 401, /unknown or revoked/);
      expectError(await s.api.request(method, url, { token, body }), 401, /unknown or revoked/);
    }
    expect(await s.providerCount()).toBe(1);
    expect((await s.api.request('GET', `${s.saml}/${created.id}`, { as: s.adminId })).body.label).toBe('Okta');
  });
});
