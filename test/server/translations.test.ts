import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/app';
import { otherOrganization, testEngine, standardUsers } from '../helpers/engine';
import { testApp } from '../helpers/app';
import { mapInOrder } from '../../src/engine/in-order';

async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const { reader: readerId, creator: creatorId, guest: guestId } = await standardUsers(t);
  const base = `/v1/orgs/${t.orgId}/translations`;
  const create = async (body: unknown, as = t.adminId) => await api.request('POST', base, { as, body });
  return { ...t, api, creatorId, readerId, guestId, base, create };
}

describe('translation settings', () => {
  it('POST creates with canonical, de-duplicated language codes (201)', async () => {
    const s = await setup();
    const res = await s.create({ title: 'Docs in French', languages: ['fr', 'pt-br', 'zh-hant', 'FR', 'pt-BR'] }, s.creatorId);
    expectOk(res, 'createTranslation');
    expect(res.body).toEqual({
      object: 'translation-settings', id: res.body.id, title: 'Docs in French', languages: ['fr', 'pt-BR', 'zh-Hant'],
      createdAt: '2026-03-01T10:00:00.000Z', updatedAt: '2026-03-01T10:00:00.000Z', permissions: { view: true, edit: true },
      urls: { location: `http://docs.test/v1/orgs/${s.orgId}/translations/${res.body.id}` },
    });
    expect((await s.create({ title: 'No languages' })).body.languages).toEqual([]);
  });

  it('lists oldest first with paging; get by id', async () => {
    const s = await setup();
    const ids = await mapInOrder(['A', 'B', 'C'], async (title) => {
      s.clock.advance(1000);
      return (await s.create({ title })).body.id as string;
    });
    const page1 = await s.api.request('GET', `${s.base}?limit=2`, { as: s.readerId });
    expectOk(page1, 'listTranslations');
    expect(page1.body.items.map((x: { title: string }) => x.title)).toEqual(['A', 'B']);
    expect(page1.body.items[0].permissions).toEqual({ view: true, edit: false });
    const page2 = await s.api.request('GET', `${s.base}?limit=2&page=${page1.body.next.page}`, { as: s.readerId });
    expect(page2.body).toMatchObject({ count: 3, items: [{ title: 'C' }] });
    const one = await s.api.request('GET', `${s.base}/${ids[1]}`, { as: s.readerId });
    expectOk(one, 'getTranslationById');
    expect(one.body.title).toBe('B');
  });

  it('PUT replaces the title, and the languages only when given', async () => {
    const s = await setup();
    const { id } = (await s.create({ title: 'Old', languages: ['de'] })).body;
    s.clock.advance(60_000);
    const res = await s.api.request('PUT', `${s.base}/${id}`, { as: s.creatorId, body: { title: 'New' } });
    expectOk(res, 'updateTranslationById');
    expect(res.body).toMatchObject({ title: 'New', languages: ['de'], updatedAt: '2026-03-01T10:01:00.000Z', createdAt: '2026-03-01T10:00:00.000Z' });
    expect((await s.api.request('PUT', `${s.base}/${id}`, { as: s.creatorId, body: { title: 'New', languages: ['es', 'it'] } })).body.languages).toEqual(['es', 'it']);
    expect((await s.api.request('PUT', `${s.base}/${id}`, { as: s.creatorId, body: { title: 'New', languages: [] } })).body.languages).toEqual([]);
  });

  it('DELETE answers 205; the settings are gone', async () => {
    const s = await setup();
    const { id } = (await s.create({ title: 'Gone' })).body;
    expectOk(await s.api.request('DELETE', `${s.base}/${id}`, { as: s.creatorId }), 'deleteTranslationById');
    expectError(await s.api.request('GET', `${s.base}/${id}`, { as: s.adminId }), 404, /translation settings .* not found/);
    expectError(await s.api.request('DELETE', `${s.base}/${id}`, { as: s.adminId }), 404);
  });

  it('validates title (1..100, required) and languages (BCP 47, at most 50), naming the field', async () => {
    const s = await setup();
    expectError(await s.create({}), 400, /title/);
    expectError(await s.create({ title: '' }), 400, /title/);
    expectError(await s.create({ title: 'x'.repeat(101) }), 400, /title: .*100/);
    expectOk(await s.create({ title: 'x'.repeat(100) }), 'createTranslation');
    expectError(await s.create({ title: 'x', languages: ['fr', 'not a code'] }), 400, /languages\[1\]: "not a code" is not a BCP 47 language code/);
    for (const code of ['x-private', 'en-', 'abcdefghi', '12']) expectError(await s.create({ title: 'x', languages: [code] }), 400, /languages\[0\]/);
    expectError(await s.create({ title: 'x', languages: 'fr' }), 400, /languages/);
    expectError(await s.create({ title: 'x', languages: [''] }), 400, /languages/);
    const many = Array.from({ length: 51 }, (_, i) => `x${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    expectError(await s.create({ title: 'x', languages: many }), 400, /languages: .*50/);
    expectError(await s.create({ title: 'x', extra: true }), 400, /extra/);
    const { id } = (await s.create({ title: 'ok' })).body;
    expectError(await s.api.request('PUT', `${s.base}/${id}`, { as: s.adminId, body: { languages: ['fr'] } }), 400, /title/);
    expectError(await s.api.request('PUT', `${s.base}/${id}`, { as: s.adminId, body: { title: 'ok', languages: ['??'] } }), 400, /languages\[0\]/);
  });

  it('401 without a token, 403 below create (writes) and for guests (reads), 404 elsewhere', async () => {
    const s = await setup();
    const { id } = (await s.create({ title: 'T' })).body;
    expectError(await s.api.request('GET', s.base), 401);
    expectError(await s.api.request('POST', s.base, { body: { title: 'x' } }), 401);
    expectError(await s.create({ title: 'x' }, s.readerId), 403, /create content \(create role or higher required\)/);
    expectError(await s.api.request('PUT', `${s.base}/${id}`, { as: s.readerId, body: { title: 'x' } }), 403);
    expectError(await s.api.request('DELETE', `${s.base}/${id}`, { as: s.readerId }), 403);
    expectError(await s.api.request('GET', s.base, { as: s.guestId }), 403, /guests cannot/);
    expectError(await s.api.request('GET', `${s.base}/${id}`, { as: s.guestId }), 403);
    expectError(await s.api.request('GET', `${s.base}/nope`, { as: s.readerId }), 404);
    const other = await otherOrganization(s.engine);
    expectError(await s.api.request('GET', `${s.base}/${id}`, { as: other.adminId }), 404, /organization .* not found/);
    expectError(await s.api.request('GET', `/v1/orgs/${other.orgId}/translations/${id}`, { as: other.adminId }), 404, /translation settings/);
  });
});
