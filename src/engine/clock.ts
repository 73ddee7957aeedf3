import { randomBytes } from 'node:crypto';

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

export const randomIds: IdGenerator = {
  next() {
    const bytes = randomBytes(20);
    let id = '';
    for (const b of bytes) id += ALPHABET[b % 62];
    return id;
  },
};

/** Deterministic ids for tests: prefix-1, prefix-2, ... */
export function sequentialIds(prefix = 'id'): IdGenerator {
  let n = 0;
  return { next: () => `${prefix}${String(++n).padStart(6, '0')}` };
}
