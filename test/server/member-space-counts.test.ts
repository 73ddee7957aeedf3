import { describe, expect, it } from 'vitest';
import { testEngine, addMember } from '../helpers/engine';
import { testApp, expectOk } from '../helpers/app';

/**
 * The `spaces` count of members listed a page at a time (two queries for the page's granted spaces,
 * engine/spaces.ts `accessibleSpaceCounter`) against each member's own listing of the spaces it
 * reaches (`…/members/{userId}/spaces`, ranked space by space), and against the numbers worked out by
 * hand: spaces open to members, through a collection, granted to the member, to a team of theirs, both,
 * and deleted.
 */
describe('GET /v1/orgs/{organizationId}/members: the spaces each member reaches', () => {
  it('counts what each member reaches, on every page, as the member\'s own space listing does', async () => {
    const t = await testEngine();
    const api = testApp(t.engine);
    const as = t.adminId;
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) => await api.request(method, path, { as, body });
    const member = async (email: string, role: 'read' | 'edit' | 'comment' | null) => await addMember(t.engine, t.orgId, email, role);
    const [ada, bob, cyd, dee, eve, fay] = [
      await member('ada@acme.test', 'read'), await member('bob@acme.test', 'edit'), await member('cyd@acme.test', null),
      await member('dee@acme.test', null), await member('eve@acme.test', 'comment'), await member('fay@acme.test', 'read'),
    ];
    const space = async (title: string, defaultLevel: string | null, parent?: string) => {
      const created = await call('POST', `/v1/orgs/${t.orgId}/spaces`, parent ? { title, parent } : { title });
      expectOk(created, 'createSpace');
      expectOk(await call('PATCH', `/v1/spaces/${created.body.id}`, { defaultLevel }), 'updateSpaceById');
      return created.body.id as string;
    };
    const grant = async (spaceId: string, to: { users?: string[]; teams?: string[] }) =>
      expect((await call('POST', `/v1/spaces/${spaceId}/permissions`, { role: 'read', ...to })).status).toBeLessThan(300);

    const open = await space('Open', 'read');
    const collection = (await call('POST', `/v1/orgs/${t.orgId}/collections`, { title: 'Handbooks' })).body.id as string;
    expectOk(await call('PATCH', `/v1/collections/${collection}`, { defaultLevel: 'read' }), 'updateCollectionById');
    await space('Through the collection', null, collection);
    const g1 = await space('Granted to cyd', null);
    const g2 = await space('Granted to eve', null);
    const teamSpace = await space('Granted to the team', null);
    const gone = await space('Deleted', null);
    const team = (await call('PUT', `/v1/orgs/${t.orgId}/teams`, { title: 'Writers' })).body.id as string;
    expect((await call('PUT', `/v1/orgs/${t.orgId}/teams/${team}/members`, { add: [bob, dee, eve] })).status).toBeLessThan(300);
    await grant(g1, { users: [cyd] });
    await grant(g2, { users: [eve] });
    await grant(teamSpace, { teams: [team] });
    // Granted twice (to eve and to her team), and an open space granted again: each still counted once.
    await grant(g2, { teams: [team] });
    await grant(open, { users: [eve, ada] });
    await grant(gone, { users: [ada, cyd], teams: [team] });
    expect((await call('DELETE', `/v1/spaces/${gone}`)).status).toBeLessThan(300);

    // Open and the collection's space for every member with a role; all five live spaces for the admin.
    const expected = new Map([[t.adminId, 5], [ada, 2], [bob, 4], [cyd, 1], [dee, 2], [eve, 4], [fay, 2]]);
    const counted = new Map<string, number>();
    let next: string | undefined;
    do {
      const page = await call('GET', `/v1/orgs/${t.orgId}/members?limit=3${next ? `&page=${encodeURIComponent(next)}` : ''}`);
      expectOk(page, 'listMembersInOrganizationById');
      for (const m of page.body.items as { id: string; spaces: number }[]) counted.set(m.id, m.spaces);
      next = page.body.next?.page;
    } while (next);
    expect(counted).toEqual(expected);
    for (const [id, spaces] of counted) {
      const own = await call('GET', `/v1/orgs/${t.orgId}/members/${id}/spaces?limit=100`);
      expect(own.body.count, id).toBe(spaces);
      expect((await call('GET', `/v1/orgs/${t.orgId}/members/${id}`)).body.spaces, id).toBe(spaces);
    }
  });
});
