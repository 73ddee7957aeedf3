import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, likePattern } from '../../src/engine/pagination';
import { EngineError } from '../../src/engine/errors';
import { addMember, testEngine } from '../helpers/engine';

describe('keyset cursors', () => {
  it('round-trip and are bound to their listing and width', () => {
    const cursor = encodeCursor('members:joinedAt:desc', ['2026-01-01T00:00:00.000Z', 'u1']);
    expect(decodeCursor('members:joinedAt:desc', cursor, 2)).toEqual(['2026-01-01T00:00:00.000Z', 'u1']);
    expect(() => decodeCursor('members:lastSeenAt:desc', cursor, 2)).toThrow(/not a valid page cursor for this list/);
    expect(() => decodeCursor('members:joinedAt:desc', cursor, 3)).toThrow(EngineError);
    expect(() => decodeCursor('x', 'not base64 json!', 2)).toThrow(/page: is not a valid page cursor/);
    expect(() => decodeCursor('x', Buffer.from('{"a":1}').toString('base64url'), 2)).toThrow(/page:/);
  });

  it('escape LIKE wildcards so searches match literally', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('page through a list without gaps or repeats, in both orders', async () => {
    const t = await testEngine();
    const ids = [t.adminId];
    for (let i = 0; i < 23; i++) {
      t.clock.advance(1000);
      ids.push(await addMember(t.engine, t.orgId, `m${i}@acme.test`));
    }
    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let page: string | undefined;
      let pages = 0;
      do {
        const result = await t.engine.members.list({ userId: t.adminId }, t.orgId, { limit: 5, page, order });
        expect(result.count).toBe(24);
        seen.push(...result.items.map((m) => m.id));
        page = result.next?.page;
        pages++;
      } while (page);
      expect(pages).toBe(5);
      expect(seen).toEqual(order === 'asc' ? ids : [...ids].reverse());
    }
  });
});
