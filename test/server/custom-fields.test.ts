import { describe, expect, it } from 'vitest';
import { testEngine, otherOrganization, standardUsers } from '../helpers/engine';
import { testApp, expectOk, expectError, type CallResult } from '../helpers/app';

/** An organization with an admin, a `read` member, a `create` member and a guest, a space, plus the app. */
async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const { reader, creator, guest } = await standardUsers(t);
  const fields = `/v1/orgs/${t.orgId}/custom-fields`;
  const createField = async (body: Record<string, unknown>): Promise<CallResult> => {
    const res = await api.request('POST', fields, { as: t.adminId, body });
    expectOk(res, 'createCustomField');
    return res;
  };
  const space = await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title: 'Handbook' } });
  expectOk(space, 'createSpace');
  const spaceId = space.body.id as string;
  const values = `/v1/spaces/${spaceId}/custom-fields`;
  const setValues = async (body: unknown, as = t.adminId) => await api.request('PATCH', values, { as, body });
  /** The space's values as name -> value, read back through the API. */
  const valuesOf = async (id = spaceId): Promise<Record<string, unknown>> => {
    const res = await api.request('GET', `/v1/spaces/${id}/custom-fields`, { as: t.adminId });
    expectOk(res, 'listSpaceCustomFields');
    return Object.fromEntries(res.body.map((v: { customField: { name: string }; value: unknown }) => [v.customField.name, v.value]));
  };
  const fieldCount = async () => (await t.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM custom_fields WHERE organization_id = ?', [t.orgId]))!.n;
  return { ...t, api, reader, creator, guest, fields, createField, spaceId, values, setValues, valuesOf, fieldCount };
}

/** One field of each type. */
async function withAllTypes(s: Awaited<ReturnType<typeof setup>>) {
  await s.createField({ name: 'summary', type: 'text' });
  await s.createField({ name: 'pages', type: 'number' });
  await s.createField({ name: 'public', type: 'boolean' });
  await s.createField({ name: 'labels', type: 'tags' });
  await s.createField({ name: 'status', type: 'select:single', options: ['draft', 'live'] });
  await s.createField({ name: 'audience', type: 'select:multi', options: ['dev', 'ops', 'sales'] });
}

const names = (res: CallResult) => res.body.items.map((f: { name: string }) => f.name);

describe('POST /v1/orgs/{organizationId}/custom-fields (create)', () => {
  it('defines a field that GET and the list then return', async () => {
    const s = await setup();
    const res = await s.api.request('POST', s.fields, {
      as: s.adminId,
      body: { name: 'owner-team_2', type: 'select:single', title: 'Owner team', description: 'Who owns it', placeholder: 'Pick one', options: ['a', 'b'] },
    });
    expectOk(res, 'createCustomField');
    expect(res.body).toEqual({
      object: 'custom-field',
      id: expect.any(String),
      name: 'owner-team_2',
      title: 'Owner team',
      description: 'Who owns it',
      type: 'select:single',
      placeholder: 'Pick one',
      options: ['a', 'b'],
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      urls: { location: `http://docs.test/v1/orgs/${s.orgId}/custom-fields/owner-team_2` },
      permissions: { view: true, edit: true },
    });
    const got = await s.api.request('GET', `${s.fields}/owner-team_2`, { as: s.reader });
    expectOk(got, 'getCustomField');
    expect(got.body).toEqual({ ...res.body, permissions: { view: true, edit: false } });
    const list = await s.api.request('GET', s.fields, { as: s.adminId });
    expectOk(list, 'listCustomFields');
    expect(list.body).toEqual({ count: 1, items: [res.body] });
  });

  it('accepts every type, with defaults for the optional texts', async () => {
    const s = await setup();
    await withAllTypes(s);
    const list = await s.api.request('GET', s.fields, { as: s.adminId });
    expectOk(list, 'listCustomFields');
    expect(list.body.items.map((f: { name: string; type: string }) => [f.name, f.type])).toEqual([
      ['audience', 'select:multi'], ['labels', 'tags'], ['pages', 'number'], ['public', 'boolean'], ['status', 'select:single'], ['summary', 'text'],
    ]);
    expect(list.body.items[2]).toMatchObject({ title: 'pages', description: '', placeholder: '', options: [] });
  });

  it('accepts the largest values the limits allow', async () => {
    const s = await setup();
    const res = await s.createField({
      name: 'n'.repeat(50), type: 'select:multi', title: 't'.repeat(100), description: 'd'.repeat(200), placeholder: 'p'.repeat(100),
      options: Array.from({ length: 50 }, (_, i) => `o${i}`),
    });
    expect(res.body.name).toBe('n'.repeat(50));
    expect(res.body.options).toHaveLength(50);
    expect((await s.createField({ name: 'x', type: 'select:single', options: ['only'] })).body.options).toEqual(['only']);
  });

  it.each([
    ['a missing name', { type: 'text' }, /^name: is required$/],
    ['an empty name', { name: '', type: 'text' }, /^name: must not be empty/],
    ['a name of 51 characters', { name: 'n'.repeat(51), type: 'text' }, /^name: must be at most 50 characters$/],
    ['a name with capitals', { name: 'Status', type: 'text' }, /^name: must match the pattern/],
    ['a name with a space', { name: 'due date', type: 'text' }, /^name: must match the pattern/],
    ['a name with a dot', { name: 'a.b', type: 'text' }, /^name: must match the pattern/],
    ['a missing type', { name: 'x' }, /^type: is required$/],
    ['an unknown type', { name: 'x', type: 'date' }, /^type: must be one of: "text", "number", "boolean", "tags", "select:single", "select:multi"$/],
    ['a title of 101 characters', { name: 'x', type: 'text', title: 't'.repeat(101) }, /^title: must be at most 100 characters$/],
    ['a description of 201 characters', { name: 'x', type: 'text', description: 'd'.repeat(201) }, /^description: must be at most 200 characters$/],
    ['a placeholder of 101 characters', { name: 'x', type: 'text', placeholder: 'p'.repeat(101) }, /^placeholder: must be at most 100 characters$/],
    ['no options at all in the list', { name: 'x', type: 'select:single', options: [] }, /^options: must be at least 1 item$/],
    ['51 options', { name: 'x', type: 'select:multi', options: Array.from({ length: 51 }, (_, i) => `o${i}`) }, /^options: must be at most 50 items$/],
    ['options that are not strings', { name: 'x', type: 'select:multi', options: [1] }, /^options\[0\]: must be of type string$/],
    ['select:single without options', { name: 'x', type: 'select:single' }, /^options: required for select:single fields/],
    ['select:multi without options', { name: 'x', type: 'select:multi' }, /^options: required for select:multi fields/],
    ['options on a text field', { name: 'x', type: 'text', options: ['a'] }, /^options: only select:single and select:multi fields have options$/],
    ['options on a tags field', { name: 'x', type: 'tags', options: ['a'] }, /^options: only select/],
    ['an unknown field', { name: 'x', type: 'text', required: true }, /^required: is not a known field$/],
  ])('rejects %s with 400', async (_, body, message) => {
    const s = await setup();
    expectError(await s.api.request('POST', s.fields, { as: s.adminId, body }), 400, message);
    expect(await s.fieldCount()).toBe(0);
  });

  it('refuses a duplicate name (409) but allows the same name in another organization', async () => {
    const s = await setup();
    await s.createField({ name: 'status', type: 'text' });
    expectError(await s.api.request('POST', s.fields, { as: s.adminId, body: { name: 'status', type: 'number' } }), 409, /^name: a custom field named status already exists$/);
    expect(await s.fieldCount()).toBe(1);
    const other = await otherOrganization(s.engine);
    expect((await s.engine.customFields.create({ userId: other.adminId }, other.orgId, { name: 'status', type: 'number' })).type).toBe('number');
    expect((await s.api.request('GET', `${s.fields}/status`, { as: s.adminId })).body.type).toBe('text');
  });

  it('forbids members without the admin role', async () => {
    const s = await setup();
    for (const who of [s.creator, s.reader, s.guest]) {
      expectError(await s.api.request('POST', s.fields, { as: who, body: { name: 'x', type: 'text' } }), 403, /admin role required/);
    }
    expect(await s.fieldCount()).toBe(0);
  });

  it('answers 404 for an organization the caller is not in', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    expectError(await s.api.request('POST', `/v1/orgs/${other.orgId}/custom-fields`, { as: s.adminId, body: { name: 'x', type: 'text' } }), 404);
    expect((await s.engine.customFields.list({ userId: other.adminId }, other.orgId, {})).count).toBe(0);
  });
});

describe('GET /v1/orgs/{organizationId}/custom-fields (list) and /{fieldName}', () => {
  it('lists by name and pages with limit and cursor', async () => {
    const s = await setup();
    for (const name of ['echo', 'alpha', 'delta', 'charlie', 'bravo']) await s.createField({ name, type: 'text' });
    const seen: string[] = [];
    let url = `${s.fields}?limit=2`;
    for (let i = 0; i < 3; i++) {
      const res = await s.api.request('GET', url, { as: s.reader });
      expectOk(res, 'listCustomFields');
      expect(res.body.count).toBe(5);
      seen.push(...names(res));
      if (i < 2) url = `${s.fields}?limit=2&page=${encodeURIComponent(res.body.next.page)}`;
      else expect(res.body.next).toBeUndefined();
    }
    expect(seen).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
  });

  it('rejects bad paging', async () => {
    const s = await setup();
    expectError(await s.api.request('GET', `${s.fields}?limit=1001`, { as: s.adminId }), 400, /^limit: /);
    expectError(await s.api.request('GET', `${s.fields}?type=text`, { as: s.adminId }), 400, /^type: is not a known field$/);
  });

  it('answers 404 for unknown names and other organizations, 403 to guests', async () => {
    const s = await setup();
    const other = await otherOrganization(s.engine);
    await s.engine.customFields.create({ userId: other.adminId }, other.orgId, { name: 'secret', type: 'text' });
    expectError(await s.api.request('GET', `${s.fields}/secret`, { as: s.adminId }), 404, /custom field secret not found/);
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/custom-fields/secret`, { as: s.adminId }), 404);
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/custom-fields`, { as: s.adminId }), 404);
    expect((await s.api.request('GET', s.fields, { as: s.adminId })).body.count).toBe(0);
    await s.createField({ name: 'mine', type: 'text' });
    expectError(await s.api.request('GET', s.fields, { as: s.guest }), 403);
    expectError(await s.api.request('GET', `${s.fields}/mine`, { as: s.guest }), 403);
  });
});

describe('PATCH /v1/orgs/{organizationId}/custom-fields/{fieldName}', () => {
  it('updates title, description, placeholder and options', async () => {
    const s = await setup();
    await s.createField({ name: 'status', type: 'select:single', options: ['a'] });
    s.clock.advance(5000);
    const res = await s.api.request('PATCH', `${s.fields}/status`, {
      as: s.adminId, body: { title: 'Status', description: 'Where it is', placeholder: 'Choose', options: ['draft', 'live'] },
    });
    expectOk(res, 'updateCustomField');
    expect(res.body).toMatchObject({
      name: 'status', type: 'select:single', title: 'Status', description: 'Where it is', placeholder: 'Choose', options: ['draft', 'live'],
      createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:05.000Z',
    });
    expect((await s.api.request('GET', `${s.fields}/status`, { as: s.adminId })).body).toEqual(res.body);
    // The new options are the ones values are checked against.
    expectOk(await s.setValues({ values: { status: { value: 'live' } } }), 'updateSpaceCustomFields');
    expectError(await s.setValues({ values: { status: { value: 'a' } } }), 400, /^values\.status\.value: must be one of: "draft", "live"$/);
  });

  it('refuses to change name or type, as unknown fields', async () => {
    const s = await setup();
    await s.createField({ name: 'pages', type: 'number' });
    expectError(await s.api.request('PATCH', `${s.fields}/pages`, { as: s.adminId, body: { name: 'count' } }), 400, /^name: is not a known field$/);
    expectError(await s.api.request('PATCH', `${s.fields}/pages`, { as: s.adminId, body: { type: 'text', title: 'T' } }), 400, /^type: is not a known field$/);
    const got = await s.api.request('GET', `${s.fields}/pages`, { as: s.adminId });
    expect(got.body).toMatchObject({ name: 'pages', type: 'number', title: 'pages' });
    expectError(await s.api.request('GET', `${s.fields}/count`, { as: s.adminId }), 404);
  });

  it('enforces the limits and the options rules', async () => {
    const s = await setup();
    await s.createField({ name: 'summary', type: 'text' });
    await s.createField({ name: 'status', type: 'select:multi', options: ['a'] });
    const text = `${s.fields}/summary`;
    expectOk(await s.api.request('PATCH', text, { as: s.adminId, body: { title: 't'.repeat(100), description: 'd'.repeat(200), placeholder: 'p'.repeat(100) } }), 'updateCustomField');
    expectError(await s.api.request('PATCH', text, { as: s.adminId, body: { title: 't'.repeat(101) } }), 400, /^title: must be at most 100 characters$/);
    expectError(await s.api.request('PATCH', text, { as: s.adminId, body: { description: 'd'.repeat(201) } }), 400, /^description: must be at most 200 characters$/);
    expectError(await s.api.request('PATCH', text, { as: s.adminId, body: { placeholder: 'p'.repeat(101) } }), 400, /^placeholder: must be at most 100 characters$/);
    expectError(await s.api.request('PATCH', text, { as: s.adminId, body: { title: 'New', options: ['a'] } }), 400, /^options: only select/);
    const select = `${s.fields}/status`;
    expectError(await s.api.request('PATCH', select, { as: s.adminId, body: { options: [] } }), 400, /^options: must be at least 1 item$/);
    expectError(await s.api.request('PATCH', select, { as: s.adminId, body: { options: Array.from({ length: 51 }, (_, i) => `o${i}`) } }), 400, /^options: must be at most 50 items$/);
    expect((await s.api.request('GET', text, { as: s.adminId })).body.title).toBe('t'.repeat(100));
    expect((await s.api.request('GET', select, { as: s.adminId })).body.options).toEqual(['a']);
  });

  it('forbids members without the admin role and answers 404 for unknown fields', async () => {
    const s = await setup();
    await s.createField({ name: 'summary', type: 'text' });
    const other = await otherOrganization(s.engine);
    await s.engine.customFields.create({ userId: other.adminId }, other.orgId, { name: 'secret', type: 'text' });
    expectError(await s.api.request('PATCH', `${s.fields}/summary`, { as: s.creator, body: { title: 'X' } }), 403, /admin role required/);
    expectError(await s.api.request('PATCH', `${s.fields}/summary`, { as: s.reader, body: { title: 'X' } }), 403);
    expectError(await s.api.request('PATCH', `${s.fields}/nope`, { as: s.adminId, body: { title: 'X' } }), 404);
    expectError(await s.api.request('PATCH', `${s.fields}/secret`, { as: s.adminId, body: { title: 'X' } }), 404);
    expectError(await s.api.request('PATCH', `/v1/orgs/${other.orgId}/custom-fields/secret`, { as: s.adminId, body: { title: 'X' } }), 404);
    expect((await s.api.request('GET', `${s.fields}/summary`, { as: s.adminId })).body.title).toBe('summary');
    expect((await s.engine.customFields.get({ userId: other.adminId }, other.orgId, 'secret')).title).toBe('secret');
  });
});

describe('DELETE /v1/orgs/{organizationId}/custom-fields/{fieldName}', () => {
  it('deletes the definition (204) and its values on every space', async () => {
    const s = await setup();
    await s.createField({ name: 'summary', type: 'text' });
    await s.createField({ name: 'pages', type: 'number' });
    const second = (await s.engine.spaces.create({ userId: s.adminId }, s.orgId, { title: 'Second' })).id;
    expectOk(await s.setValues({ values: { summary: { value: 'One' }, pages: { value: 3 } } }), 'updateSpaceCustomFields');
    expectOk(await s.api.request('PATCH', `/v1/spaces/${second}/custom-fields`, { as: s.adminId, body: { values: { summary: { value: 'Two' } } } }), 'updateSpaceCustomFields');

    const res = await s.api.request('DELETE', `${s.fields}/summary`, { as: s.adminId });
    expectOk(res, 'deleteCustomField');
    expect(res.body).toBeUndefined();
    expectError(await s.api.request('GET', `${s.fields}/summary`, { as: s.adminId }), 404);
    expect(await s.valuesOf()).toEqual({ pages: 3 });
    expect(await s.valuesOf(second)).toEqual({});
    expect((await s.engine.core.get<{ n: number }>('SELECT COUNT(*) AS n FROM space_field_values'))!.n).toBe(1);
    // A new definition with the same name starts without values.
    await s.createField({ name: 'summary', type: 'text' });
    expect(await s.valuesOf(second)).toEqual({});
    expectError(await s.api.request('DELETE', `${s.fields}/nope`, { as: s.adminId }), 404);
  });

  it('forbids members without the admin role and hides other organizations', async () => {
    const s = await setup();
    await s.createField({ name: 'summary', type: 'text' });
    const other = await otherOrganization(s.engine);
    await s.engine.customFields.create({ userId: other.adminId }, other.orgId, { name: 'secret', type: 'text' });
    expectError(await s.api.request('DELETE', `${s.fields}/summary`, { as: s.creator }), 403, /admin role required/);
    expectError(await s.api.request('DELETE', `${s.fields}/summary`, { as: s.guest }), 403);
    expectError(await s.api.request('DELETE', `/v1/orgs/${other.orgId}/custom-fields/secret`, { as: s.adminId }), 404);
    expectError(await s.api.request('DELETE', `${s.fields}/secret`, { as: s.adminId }), 404);
    expect(await s.fieldCount()).toBe(1);
    expect((await s.engine.customFields.get({ userId: other.adminId }, other.orgId, 'secret')).name).toBe('secret');
  });
});

describe('GET and PATCH /v1/spaces/{spaceId}/custom-fields (values)', () => {
  it('sets a value of every type (204) and returns them with their definitions', async () => {
    const s = await setup();
    await withAllTypes(s);
    const res = await s.setValues({
      values: {
        summary: { value: 's'.repeat(256) },
        pages: { value: 12.5 },
        public: { value: false },
        labels: { value: ['b', 'a', 'b'] },
        status: { value: 'live' },
        audience: { value: ['ops', 'dev', 'ops'] },
      },
    });
    expectOk(res, 'updateSpaceCustomFields');
    expect(res.body).toBeUndefined();
    const got = await s.api.request('GET', s.values, { as: s.adminId });
    expectOk(got, 'listSpaceCustomFields');
    expect(got.body.map((v: { customField: { name: string; type: string } }) => [v.customField.name, v.customField.type])).toEqual([
      ['audience', 'select:multi'], ['labels', 'tags'], ['pages', 'number'], ['public', 'boolean'], ['status', 'select:single'], ['summary', 'text'],
    ]);
    expect(await s.valuesOf()).toEqual({
      audience: ['ops', 'dev'], labels: ['b', 'a'], pages: 12.5, public: false, status: 'live', summary: 's'.repeat(256),
    });
  });

  it('replaces a value, clears one with null and leaves the others alone', async () => {
    const s = await setup();
    await withAllTypes(s);
    expectOk(await s.setValues({ values: { summary: { value: 'Old' }, pages: { value: 1 }, labels: { value: ['x'] } } }), 'updateSpaceCustomFields');
    expectOk(await s.setValues({ values: { summary: { value: 'New' }, pages: { value: null } } }), 'updateSpaceCustomFields');
    expect(await s.valuesOf()).toEqual({ summary: 'New', labels: ['x'] });
    // Clearing a value that is not set is fine.
    expectOk(await s.setValues({ values: { pages: { value: null } } }), 'updateSpaceCustomFields');
    expectOk(await s.setValues({ values: {} }), 'updateSpaceCustomFields');
    expect(await s.valuesOf()).toEqual({ summary: 'New', labels: ['x'] });
  });

  it.each([
    ['text', 'summary', 42, /must be a string of at most 256 characters/],
    ['text over 256 characters', 'summary', 's'.repeat(257), /must be a string of at most 256 characters/],
    ['number', 'pages', '12', /must be a number/],
    ['boolean', 'public', 'true', /must be true or false/],
    ['tags', 'labels', 'a', /must be a list of strings/],
    ['tags with a long tag', 'labels', ['t'.repeat(257)], /must be a list of strings of at most 256 characters/],
    ['select:single', 'status', 'archived', /must be one of: "draft", "live"/],
    ['select:single with a list', 'status', ['draft'], /must be one of/],
    ['select:multi', 'audience', ['dev', 'hr'], /must be a list of: "dev", "ops", "sales"/],
    ['select:multi with a string', 'audience', 'dev', /must be a list of/],
  ])('rejects a wrong %s value with 400 naming values.<name>.value', async (_, name, value, message) => {
    const s = await setup();
    await withAllTypes(s);
    const res = await s.setValues({ values: { [name]: { value } } });
    expectError(res, 400, new RegExp(`^values\\.${name}\\.value: `));
    expect(res.body.error.message).toMatch(message);
    expect(await s.valuesOf()).toEqual({});
  });

  it('rejects values of a shape no type has, naming the field', async () => {
    const s = await setup();
    await withAllTypes(s);
    expectError(await s.setValues({ values: { summary: { value: { a: 1 } } } }), 400, /^values\.summary\.value: /);
    expectError(await s.setValues({ values: { summary: 'text' } }), 400, /^values\.summary: /);
    expectError(await s.setValues({ values: { summary: {} } }), 400, /^values\.summary\.value: is required/);
    expectError(await s.setValues({ values: { summary: { value: 'x', extra: 1 } } }), 400, /^values\.summary\.extra: is not a known field$/);
    expectError(await s.setValues({}), 400, /^values: is required$/);
    expectError(await s.setValues({ values: {}, title: 'x' }), 400, /^title: is not a known field$/);
    expect(await s.valuesOf()).toEqual({});
  });

  it('rejects an unknown field name, naming it, and applies nothing of the request', async () => {
    const s = await setup();
    await withAllTypes(s);
    expectOk(await s.setValues({ values: { pages: { value: 1 } } }), 'updateSpaceCustomFields');
    const res = await s.setValues({ values: { summary: { value: 'Valid' }, pages: { value: null }, colour: { value: 'red' } } });
    expectError(res, 400, /^values\.colour: no custom field named colour/);
    expect(await s.valuesOf()).toEqual({ pages: 1 });
    // Same when a later value is invalid.
    expectError(await s.setValues({ values: { summary: { value: 'Valid' }, public: { value: 'yes' } } }), 400, /^values\.public\.value: /);
    expect(await s.valuesOf()).toEqual({ pages: 1 });
    // A field of another organization is unknown here.
    const other = await otherOrganization(s.engine);
    await s.engine.customFields.create({ userId: other.adminId }, other.orgId, { name: 'secret', type: 'text' });
    expectError(await s.setValues({ values: { secret: { value: 'x' } } }), 400, /^values\.secret: /);
  });

  it('needs edit rights on the space to set values; readers may read them', async () => {
    const s = await setup();
    await withAllTypes(s);
    expectOk(await s.setValues({ values: { summary: { value: 'Hello' } } }), 'updateSpaceCustomFields');
    // No access at all: the space does not exist for them.
    expectError(await s.api.request('GET', s.values, { as: s.reader }), 404);
    expectError(await s.setValues({ values: { summary: { value: 'X' } } }, s.reader), 404);
    // Comment access: may read, not write.
    await s.engine.spacePermissions.grant({ userId: s.adminId }, s.spaceId, { role: 'comment', users: [s.reader, s.guest] });
    const got = await s.api.request('GET', s.values, { as: s.reader });
    expectOk(got, 'listSpaceCustomFields');
    expect(got.body).toHaveLength(1);
    expect(got.body[0].customField.permissions).toEqual({ view: true, edit: false });
    const asGuest = await s.api.request('GET', s.values, { as: s.guest });
    expectOk(asGuest, 'listSpaceCustomFields');
    expect(asGuest.body.map((v: { value: unknown }) => v.value)).toEqual(['Hello']);
    expectError(await s.setValues({ values: { summary: { value: 'X' } } }, s.reader), 403, /edit role on the space required/);
    // Edit access: may write.
    await s.engine.spacePermissions.grant({ userId: s.adminId }, s.spaceId, { role: 'edit', users: [s.reader] });
    expectOk(await s.setValues({ values: { summary: { value: 'By reader' } } }, s.reader), 'updateSpaceCustomFields');
    expect(await s.valuesOf()).toEqual({ summary: 'By reader' });
  });

  it('answers 404 for unknown spaces, deleted spaces and spaces of another organization', async () => {
    const s = await setup();
    await withAllTypes(s);
    const other = await otherOrganization(s.engine);
    const theirs = await s.engine.spaces.create({ userId: other.adminId }, other.orgId, { title: 'Theirs' });
    await s.engine.customFields.create({ userId: other.adminId }, other.orgId, { name: 'summary', type: 'text' });
    for (const id of ['nope', theirs.id]) {
      expectError(await s.api.request('GET', `/v1/spaces/${id}/custom-fields`, { as: s.adminId }), 404);
      expectError(await s.api.request('PATCH', `/v1/spaces/${id}/custom-fields`, { as: s.adminId, body: { values: { summary: { value: 'x' } } } }), 404);
    }
    expect(await s.engine.customFields.valuesOf({ userId: other.adminId }, theirs.id)).toEqual([]);
    expectOk(await s.api.request('DELETE', `/v1/spaces/${s.spaceId}`, { as: s.adminId }), 'deleteSpaceById');
    expectError(await s.api.request('GET', s.values, { as: s.adminId }), 404);
  });
});

describe('authentication on custom field routes', () => {
  it('answers 401 without a token or with an unknown one, and changes nothing', async () => {
    const s = await setup();
    await s.createField({ name: 'summary', type: 'text' });
    expectOk(await s.setValues({ values: { summary: { value: 'Kept' } } }), 'updateSpaceCustomFields');
    const routes: [string, string, unknown?][] = [
      ['GET', s.fields],
      ['POST', s.fields, { name: 'other', type: 'text' }],
      ['GET', `${s.fields}/summary`],
      ['PATCH', `${s.fields}/summary`, { title: 'X' }],
      ['DELETE', `${s.fields}/summary`],
      ['GET', s.values],
      ['PATCH', s.values, { values: { summary: { value: 'X' } } }],
    ];
    for (const [method, url, body] of routes) {
      expectError(await s.api.request(method, url, { as: null, body }), 401, /authentication required/);
      expectError(await s.api.request(method, url, { token: 'dct_unknown', body }), 401, /unknown or revoked/);
    }
    expect(await s.fieldCount()).toBe(1);
    expect(await s.valuesOf()).toEqual({ summary: 'Kept' });
  });
});
