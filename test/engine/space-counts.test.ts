import { describe, expect, it } from 'vitest';
import { addMember, testEngine } from '../helpers/engine';
import { ROLES, type Role } from '../../src/domain/roles';
import { mapInOrder } from '../../src/engine/in-order';

/** A member's `spaces` count must agree with the member-spaces listing, whatever the mix of rules. */
describe('member space counts', () => {
  it('match the member-spaces listing across roles, default levels, collections and grants', async () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pick = <T>(items: readonly T[]) => items[random(items.length)];
    const t = await testEngine();
    const admin = { userId: t.adminId };
    const levels: (Role | null)[] = [null, null, null, ...ROLES];
    const people = await mapInOrder(Array.from({ length: 12 }, (_, i) => i), async (i) =>
      await addMember(t.engine, t.orgId, `p${i}@acme.test`, pick<Role | null>([null, 'read', 'edit', 'create', 'admin', 'comment'])),
    );
    const teams = await mapInOrder([0, 1, 2], async (i) => await t.engine.teams.create(admin, t.orgId, { title: `Team ${i}`, members: people.filter(() => random(3) === 0) }));
    const top = await t.engine.collections.create(admin, t.orgId, { title: 'Top' });
    const inner = await t.engine.collections.create(admin, t.orgId, { title: 'Inner', parent: top.id });
    await t.engine.collections.update(admin, top.id, { defaultLevel: pick(levels) });
    await t.engine.collections.update(admin, inner.id, { defaultLevel: pick(levels) });
    for (let i = 0; i < 30; i++) {
      const space = await t.engine.spaces.create(admin, t.orgId, { title: `S${i}`, parent: pick([undefined, top.id, inner.id]) });
      await t.engine.spaces.update(admin, space.id, { defaultLevel: pick(levels) });
      if (random(2)) await t.engine.spacePermissions.grant(admin, space.id, { role: pick(ROLES), users: [await pick(people)] });
      if (random(3) === 0) await t.engine.spacePermissions.grant(admin, space.id, { role: pick(ROLES), teams: [(await pick(teams)).id] });
      if (random(6) === 0) await t.engine.spaces.remove(admin, space.id);
    }
    let checked = 0;
    for (const userId of [t.adminId, ...people]) {
      const listed = (await t.engine.spaces.ofMember(admin, t.orgId, userId, { limit: 1000 })).count;
      expect((await t.engine.members.get(admin, t.orgId, userId)).spaces, userId).toBe(listed);
      checked += listed;
    }
    expect(checked).toBeGreaterThan(0);
  });
});
