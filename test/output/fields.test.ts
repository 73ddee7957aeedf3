import { describe, expect, it } from 'vitest';
import { checkFields, itemSchema, looksLikeFields, parseFields, pickFields, schemaFields, valueFields } from '../../src/output/fields';
import { routes } from '../../src/api/routes/index';
import { UsageError } from '../../src/errors';

describe('--json field lists', () => {
  it('parses a comma list of names and dot paths, dropping blanks and repeats', () => {
    expect(parseFields('id, user.email,,role,id')).toEqual(['id', 'user.email', 'role']);
  });

  it('rejects what is not a field list as a usage error', () => {
    for (const text of ['items[0]', 'user..email', ',', '.id']) {
      expect(() => parseFields(text)).toThrow(UsageError);
    }
    expect(() => parseFields('a b')).toThrow('--json: "a b" is not a field name');
  });

  it('tells field lists from ids and other arguments after a bare --json', () => {
    expect(looksLikeFields('id')).toBe(true);
    expect(looksLikeFields('id,user.email,joinedAt')).toBe(true);
    for (const word of ['id000001', 'dMX461AcVS6lJANG1GBa', 'ada@acme.example', 'guides/install', 'Engineering', '12']) {
      expect(looksLikeFields(word), word).toBe(false);
    }
  });

  it('reads the fields a list route promises from its response schema, nested objects included', () => {
    const fields = schemaFields(itemSchema(routes.listMembersInOrganizationById.response));
    expect(fields).toEqual(expect.arrayContaining(['id', 'role', 'lastSeenAt', 'user', 'user.email', 'user.photoURL', 'user.urls.location']));
    expect(fields).not.toContain('items');
    // An object route: its own top-level fields.
    expect(schemaFields(routes.getSpaceById.response)).toEqual(expect.arrayContaining(['id', 'title', 'visibility']));
    expect(schemaFields(undefined)).toEqual([]);
    expect(itemSchema(routes.getSpaceById.response)).toBeUndefined();
  });

  it('reads the fields present in actual objects', () => {
    expect(valueFields([{ id: 1, user: { email: 'a' }, tags: [{ x: 1 }] }, { extra: null }])).toEqual(['id', 'user', 'user.email', 'tags', 'extra']);
  });

  it('keeps only the chosen fields, nested as in the API object, missing ones null', () => {
    const member = { id: 'm1', role: 'admin', user: { id: 'u1', email: 'a@x', urls: { location: 'L' } } };
    expect(pickFields(member, ['id', 'user.email', 'user.urls.location', 'lastSeenAt'])).toEqual({
      id: 'm1',
      user: { email: 'a@x', urls: { location: 'L' } },
      lastSeenAt: null,
    });
    expect(pickFields(member, ['role.name'])).toEqual({ role: { name: null } });
  });

  it('rejects unknown fields naming them and listing the valid ones', () => {
    expect(() => checkFields(['id', 'user.email'], ['id', 'user', 'user.email'])).not.toThrow();
    let error: unknown;
    try {
      checkFields(['id', 'nope', 'user.phone'], ['user', 'id', 'user.email']);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe('--json: unknown fields "nope", "user.phone"; available fields:\n  id\n  user\n  user.email');
  });
});
