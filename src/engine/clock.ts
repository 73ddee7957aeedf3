import { randomFillSync } from 'node:crypto';

/** Injected time source: tests pass a controllable clock instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move by hand. */
export function manualClock(start = '2026-01-01T00:00:00.000Z'): Clock & { set(iso: string): void; advance(ms: number): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (iso) => { current = new Date(iso).getTime(); },
    advance: (ms) => { current += ms; },
  };
}

/** Injected id source. Ids are opaque, URL-safe strings. */
export interface IdGenerator {
  next(): string;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const ID_LENGTH = 20;
// Random bytes are drawn 4 KiB at a time: one system call per id was a tenth of writing 10,000 pages.
const pool = Buffer.alloc(4096);
let used = pool.length;

export const randomIds: IdGenerator = {
  next() {
    if (used + ID_LENGTH > pool.length) {
      randomFillSync(pool);
      used = 0;
    }
    let id = '';
    for (let i = used; i < used + ID_LENGTH; i++) id += ALPHABET[pool[i] % 62];
    used += ID_LENGTH;
    return id;
  },
};

/** Deterministic ids for tests: prefix-1, prefix-2, ... */
export function sequentialIds(prefix = 'id'): IdGenerator {
  let n = 0;
  return { next: () => `${prefix}${String(++n).padStart(6, '0')}` };
}
