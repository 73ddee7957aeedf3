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

  it('are short enough for one line of an 80-column terminal, and round-trip every kind of key value', () => {
    const members = encodeCursor('members:joinedAt:desc', ['2026-08-06T14:59:06.491Z', '7TQVojWM9iTIzSGwOmVq']);
    expect(members).toMatch(/^[A-Za-z0-9_-]{36}$/);
    const keys: (string | number | null)[][] = [
      ['2026-08-06T14:59:06.491Z', '7TQVojWM9iTIzSGwOmVq'],
      ['', 3, 'Abc_-0123456789xyzAB'],
      [null, 0, 2 ** 53 - 1, -1, 1.5, -2.25e-300],
      ['2026-08-06T14:59:06.491123Z', '2026-08-06T14:59:06Z', '1969-12-31T23:59:59.999Z', '+275760-09-13T00:00:00.000Z'],
      ['short id', 'an-id-of-21-characters', 'ünïcödé 日本語 👍', 'x'.repeat(300)],
    ];
    for (const key of keys) expect(decodeCursor('l', encodeCursor('l', key), key.length)).toEqual(key);
    // As JSON would: a number that is not finite is no number.
    expect(decodeCursor('l', encodeCursor('l', [Number.NaN, Infinity]), 2)).toEqual([null, null]);
  });

  it('refuse forged bytes: unknown kinds, values cut short, runaway lengths (400, never a crash)', () => {
    const tag = Buffer.from(encodeCursor('l', []), 'base64url');
    for (const rest of [[9], [1, 0, 0], [2, 1, 2, 3], [3, 0], [4, 5, 65], [4, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff], [5, 0x80], [3, 0x7f, 0xf0, 0, 0, 0, 0, 0, 0]]) {
      const forged = Buffer.concat([tag, Buffer.from(rest)]).toString('base64url');
      expect(() => decodeCursor('l', forged, 1), JSON.stringify(rest)).toThrow(/^page: is not a valid page cursor/);
    }
    expect(() => decodeCursor('l', 'abc', 0)).toThrow(/^page: is not a valid page cursor$/);
    expect(() => decodeCursor('l', `${encodeCursor('l', [1])}=`, 1)).toThrow(/^page: is not a valid page cursor$/);
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
