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

function setup() {
  const s = sitesSetup();
  const site = s.createSite({ title: 'Docs' });
  const url = `${s.site(site.id)}/adaptive-schema`;
  return {
    ...s,
    siteId: site.id as string,
    url,
    read: (as = s.adminId) => s.api.request('GET', url, { as }),
    put: (jsonSchema: unknown, as = s.adminId) => s.api.request('PUT', url, { as, body: { jsonSchema } }),
  };
}

describe('GET …/sites/{siteId}/adaptive-schema', () => {
  it('answers a default schema of the right shape, dated when the site was created, before anything is PUT', () => {
    const s = setup();
    s.clock.advance(60_000);
    const res = s.read(s.reader);
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
    expectOk(s.put(res.body.jsonSchema), 'updateSiteAdaptiveSchema');
  });

  it('needs a member with a role (404 otherwise) and a token (401)', () => {
    const s = setup();
    expectError(s.read(s.guest), 404);
    expectError(s.read(s.outsider), 404);
    expectError(s.api.request('GET', `${s.site('nope')}/adaptive-schema`, { as: s.adminId }), 404);
    expectError(s.api.request('GET', s.url, { as: null }), 401);
  });
});

describe('PUT …/sites/{siteId}/adaptive-schema', () => {
  it('stores a valid draft-07 schema of the right shape and answers it with the time of the change', () => {
    const s = setup();
    s.clock.advance(120_000);
    const res = s.put(VALID);
    expectOk(res, 'updateSiteAdaptiveSchema');
    expect(res.body).toEqual({ object: 'site-adaptive-schema', jsonSchema: VALID, updatedAt: '2026-03-01T10:02:00.000Z' });
    expect(s.read(s.reader).body).toEqual(res.body);
    // Without $schema, $id or unsigned it is still a valid adaptive schema.
    const minimal = { type: 'object', properties: { beta: { type: 'boolean', description: 'Beta' } }, additionalProperties: false };
    expect(s.put(minimal).body.jsonSchema).toEqual(minimal);
  });

  it('refuses what is not a valid JSON Schema draft-07, naming where (ajv against the meta-schema, then compiled)', () => {
    const s = setup();
    const claim = (property: unknown) => ({ ...VALID, properties: { ...VALID.properties, beta: property } });
    expectError(s.put(claim({ type: 'bool', description: 'x' })), 400, /^jsonSchema\.properties\.beta\.type: must be equal to one of the allowed values \(JSON Schema draft-07\)$/);
    expectError(s.put(claim({ type: 'boolean', description: 5 })), 400, /^jsonSchema\.properties\.beta\.description: must be string/);
    expectError(s.put({ ...VALID, required: 'isBetaUser' }), 400, /^jsonSchema\.required: must be array/);
    expectError(s.put(claim({ type: 'boolean', description: 'x', descripton: 'typo' })), 400, /^jsonSchema: strict mode: unknown keyword: "descripton"$/);
    expectError(s.put(claim({ type: 'boolean', description: 'x', $ref: '#/definitions/nope' })), 400, /^jsonSchema: can't resolve reference/);
    expectError(s.put({ ...VALID, $schema: 'https://json-schema.org/draft/2020-12/schema' }), 400, /^jsonSchema\.\$schema: must be "http:\/\/json-schema\.org\/draft-07\/schema#"/);
  });

  it("refuses valid schemas that do not have the adaptive schema's shape, naming the problem", () => {
    const s = setup();
    const bad = (schema: unknown, pattern: RegExp) => expectError(s.put(schema), 400, pattern);
    const claim = (property: unknown, name = 'beta') => ({ ...VALID, properties: { ...VALID.properties, [name]: property } });
    bad({ ...VALID, type: 'array' }, /^jsonSchema\.type: must be "object"$/);
    bad({ ...VALID, additionalProperties: undefined }, /^jsonSchema\.additionalProperties: must be false$/);
    bad({ ...VALID, additionalProperties: true }, /^jsonSchema\.additionalProperties: must be false$/);
    bad({ ...VALID, properties: undefined }, /^jsonSchema\.properties: must be an object of claims$/);
    bad(claim({ type: 'string', description: 'x' }), /^jsonSchema\.properties\.beta\.type: must be "boolean"$/);
    bad(claim({ type: ['boolean', 'null'], description: 'x' }), /^jsonSchema\.properties\.beta\.type: must be "boolean"$/);
    bad(claim(true), /^jsonSchema\.properties\.beta: must be a schema object of type "boolean"$/);
    bad(claim({ type: 'boolean' }), /^jsonSchema\.properties\.beta\.description: is required/);
    bad(claim({ type: 'boolean', description: '  ' }), /^jsonSchema\.properties\.beta\.description: is required/);
    bad(claim({ type: 'boolean', description: 'x' }, 'is-beta'), /^jsonSchema\.properties\.is-beta: a claim name must be an identifier/);
    bad(claim({ type: 'string' }, 'unsigned'), /^jsonSchema\.properties\.unsigned\.type: must be "object"$/);
    bad(claim({ type: 'object', properties: { lang: { type: 'string' } } }, 'unsigned'), /^jsonSchema\.properties\.unsigned\.properties\.lang\.type: must be "boolean"$/);
    bad({ ...VALID, allOf: [{ type: 'object' }] }, /^jsonSchema\.allOf: is not allowed in a site adaptive schema/);
    bad({ ...VALID, required: ['nope'] }, /^jsonSchema\.required: "nope" is not one of the properties$/);
    bad({ ...VALID, description: 'x'.repeat(100_001) }, /^jsonSchema: must be at most 100000 characters of JSON$/);
    // Nothing was stored.
    expect(s.read().body.updatedAt).toBe('2026-03-01T10:00:00.000Z');
  });

  it('validates the body', () => {
    const s = setup();
    expectError(s.api.request('PUT', s.url, { as: s.adminId, body: {} }), 400, /^jsonSchema: /);
    expectError(s.put([1, 2]), 400, /^jsonSchema: /);
    expectError(s.put('{"type":"object"}'), 400, /^jsonSchema: /);
    expectError(s.api.request('PUT', s.url, { as: s.adminId, body: { jsonSchema: VALID, extra: 1 } }), 400, /^extra: is not a known field$/);
  });

  it('needs the admin role (403), a member (404) and a token (401)', () => {
    const s = setup();
    expectError(s.put(VALID, s.reader), 403, /admin role required/);
    expectError(s.put(VALID, s.creator), 403);
    expectError(s.put(VALID, s.guest), 404);
    expectError(s.put(VALID, s.outsider), 404);
    expectError(s.api.request('PUT', s.url, { as: null, body: { jsonSchema: VALID } }), 401);
    expect(s.read().body.jsonSchema.properties).not.toHaveProperty('isBetaUser');
  });
});
