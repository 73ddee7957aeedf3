import { describe, expect, it } from 'vitest';
import { PUBLIC_URL } from '../helpers/engine';
import { expectOk, expectError } from '../helpers/app';
import { sitesSetup } from './sites-setup';

const VALID = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://docs.acme.test/claims.json',
  type: 'object',
  properties: {
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: { language: { type: 'boolean', description: 'Prefers French' }, newsletter: { type: 'boolean' } },
      additionalProperties: false,
    },
    isBetaUser: { type: 'boolean', description: 'Signed up for the beta' },
    isAdmin: { type: 'boolean', description: 'Administers an account', default: false },
  },
  required: ['isBetaUser'],
  additionalProperties: false,
};

async function setup() {
  const s = await sitesSetup();
  const site = await s.createSite({ title: 'Docs' });
  const url = `${s.site(site.id)}/adaptive-schema`;
  return {
    ...s,
    siteId: site.id as string,
    url,
    read: async (as = s.adminId) => await s.api.request('GET', url, { as }),
    put: async (jsonSchema: unknown, as = s.adminId) => await s.api.request('PUT', url, { as, body: { jsonSchema } }),
  };
}

describe('GET …/sites/{siteId}/adaptive-schema', () => {
  it('answers a default schema of the right shape, dated when the site was created, before anything is PUT', async () => {
    const s = await setup();
    s.clock.advance(60_000);
    const res = await s.read(s.reader);
    expectOk(res, 'getSiteAdaptiveSchema');
    expect(res.body).toEqual({
      object: 'site-adaptive-schema',
      jsonSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        $id: `${PUBLIC_URL}/v1/orgs/${s.orgId}/sites/${s.siteId}/adaptive-schema`,
        type: 'object',
        properties: { unsigned: { type: 'object', description: 'Unsigned claims of the site visitor.', properties: {}, additionalProperties: false } },
        additionalProperties: false,
      },
      updatedAt: '2026-03-01T10:00:00.000Z',
    });
    // The default passes its own checks.
    expectOk(await s.put(res.body.jsonSchema), 'updateSiteAdaptiveSchema');
  });

  it('needs a member with a role (404 otherwise) and a token (401)', async () => {
    const s = await setup();
    expectError(await s.read(s.guest), 404);
    expectError(await s.read(s.outsider), 404);
    expectError(await s.api.request('GET', `${s.site('nope')}/adaptive-schema`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', s.url, { as: null }), 401);
  });
});

describe('PUT …/sites/{siteId}/adaptive-schema', () => {
  it('stores a valid draft-07 schema of the right shape and answers it with the time of the change', async () => {
    const s = await setup();
    s.clock.advance(120_000);
    const res = await s.put(VALID);
    expectOk(res, 'updateSiteAdaptiveSchema');
    expect(res.body).toEqual({ object: 'site-adaptive-schema', jsonSchema: VALID, updatedAt: '2026-03-01T10:02:00.000Z' });
    expect((await s.read(s.reader)).body).toEqual(res.body);
    // Without $schema, $id or unsigned it is still a valid adaptive schema.
    const minimal = { type: 'object', properties: { beta: { type: 'boolean', description: 'Beta' } }, additionalProperties: false };
    expect((await s.put(minimal)).body.jsonSchema).toEqual(minimal);
  });

  it('refuses what is not a valid JSON Schema draft-07, naming where (ajv against the meta-schema, then compiled)', async () => {
    const s = await setup();
    const claim = (property: unknown) => ({ ...VALID, properties: { ...VALID.properties, beta: property } });
    expectError(await s.put(claim({ type: 'bool', description: 'x' })), 400, /^jsonSchema\.properties\.beta\.type: must be equal to one of the allowed values \(JSON Schema draft-07\)$/);
    expectError(await s.put(claim({ type: 'boolean', description: 5 })), 400, /^jsonSchema\.properties\.beta\.description: must be string/);
    expectError(await s.put({ ...VALID, required: 'isBetaUser' }), 400, /^jsonSchema\.required: must be array/);
    expectError(await s.put(claim({ type: 'boolean', description: 'x', descripton: 'typo' })), 400, /^jsonSchema: strict mode: unknown keyword: "descripton"$/);
    expectError(await s.put(claim({ type: 'boolean', description: 'x', $ref: '#/definitions/nope' })), 400, /^jsonSchema: can't resolve reference/);
    expectError(await s.put({ ...VALID, $schema: 'https://json-schema.org/draft/2020-12/schema' }), 400, /^jsonSchema\.\$schema: must be "http:\/\/json-schema\.org\/draft-07\/schema#"/);
  });

  it("refuses valid schemas that do not have the adaptive schema's shape, naming the problem", async () => {
    const s = await setup();
    const bad = async (schema: unknown, pattern: RegExp) => expectError(await s.put(schema), 400, pattern);
    const claim = (property: unknown, name = 'beta') => ({ ...VALID, properties: { ...VALID.properties, [name]: property } });
    await bad({ ...VALID, type: 'array' }, /^jsonSchema\.type: must be "object"$/);
    await bad({ ...VALID, additionalProperties: undefined }, /^jsonSchema\.additionalProperties: must be false$/);
    await bad({ ...VALID, additionalProperties: true }, /^jsonSchema\.additionalProperties: must be false$/);
    await bad({ ...VALID, properties: undefined }, /^jsonSchema\.properties: must be an object of claims$/);
    await bad(claim({ type: 'string', description: 'x' }), /^jsonSchema\.properties\.beta\.type: must be "boolean"$/);
    await bad(claim({ type: ['boolean', 'null'], description: 'x' }), /^jsonSchema\.properties\.beta\.type: must be "boolean"$/);
    await bad(claim(true), /^jsonSchema\.properties\.beta: must be a schema object of type "boolean"$/);
    await bad(claim({ type: 'boolean' }), /^jsonSchema\.properties\.beta\.description: is required/);
    await bad(claim({ type: 'boolean', description: '  ' }), /^jsonSchema\.properties\.beta\.description: is required/);
    await bad(claim({ type: 'boolean', description: 'x' }, 'is-beta'), /^jsonSchema\.properties\.is-beta: a claim name must be an identifier/);
    await bad(claim({ type: 'string' }, 'unsigned'), /^jsonSchema\.properties\.unsigned\.type: must be "object"$/);
    await bad(claim({ type: 'object', properties: { lang: { type: 'string' } } }, 'unsigned'), /^jsonSchema\.properties\.unsigned\.properties\.lang\.type: must be "boolean"$/);
    await bad({ ...VALID, allOf: [{ type: 'object' }] }, /^jsonSchema\.allOf: is not allowed in a site adaptive schema/);
    await bad({ ...VALID, required: ['nope'] }, /^jsonSchema\.required: "nope" is not one of the properties$/);
    await bad({ ...VALID, description: 'x'.repeat(100_001) }, /^jsonSchema: must be at most 100000 characters of JSON$/);
    // Nothing was stored.
    expect((await s.read()).body.updatedAt).toBe('2026-03-01T10:00:00.000Z');
  });

  it('validates the body', async () => {
    const s = await setup();
    expectError(await s.api.request('PUT', s.url, { as: s.adminId, body: {} }), 400, /^jsonSchema: /);
    expectError(await s.put([1, 2]), 400, /^jsonSchema: /);
    expectError(await s.put('{"type":"object"}'), 400, /^jsonSchema: /);
    expectError(await s.api.request('PUT', s.url, { as: s.adminId, body: { jsonSchema: VALID, extra: 1 } }), 400, /^extra: is not a known field$/);
  });

  it('needs the admin role (403), a member (404) and a token (401)', async () => {
    const s = await setup();
    expectError(await s.put(VALID, s.reader), 403, /admin role required/);
    expectError(await s.put(VALID, s.creator), 403);
    expectError(await s.put(VALID, s.guest), 404);
    expectError(await s.put(VALID, s.outsider), 404);
    expectError(await s.api.request('PUT', s.url, { as: null, body: { jsonSchema: VALID } }), 401);
    expect((await s.read()).body.jsonSchema.properties).not.toHaveProperty('isBetaUser');
  });
});
