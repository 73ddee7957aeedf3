import { describe, expect, it } from 'vitest';
import { relativeTime } from '../../src/output/relative-time';

const NOW = new Date('2026-11-24T12:00:00.000Z');
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const MIN = 60_000;
const DAY = 86_400_000;

describe('relative times', () => {
  it('reads the past as "… ago" in the largest whole unit', () => {
    expect(relativeTime(at(-10_000), NOW)).toBe('just now');
    expect(relativeTime(at(-MIN), NOW)).toBe('1 minute ago');
    expect(relativeTime(at(-59 * MIN), NOW)).toBe('59 minutes ago');
    expect(relativeTime(at(-3 * 60 * MIN), NOW)).toBe('3 hours ago');
    expect(relativeTime(at(-2.5 * DAY), NOW)).toBe('2 days ago');
    expect(relativeTime(at(-45 * DAY), NOW)).toBe('1 month ago');
    expect(relativeTime(at(-800 * DAY), NOW)).toBe('2 years ago');
  });

  it('reads the future as "in …" (purge deadlines, expiries)', () => {
    expect(relativeTime(at(6.9 * DAY), NOW)).toBe('in 6 days');
    expect(relativeTime(at(DAY), NOW)).toBe('in 1 day');
    expect(relativeTime(at(20_000), NOW)).toBe('in less than a minute');
  });

  it('leaves no time empty and anything that is not a time as it is', () => {
    expect(relativeTime(undefined, NOW)).toBe('');
    expect(relativeTime(null, NOW)).toBe('');
    expect(relativeTime('soon', NOW)).toBe('soon');
  });
});
