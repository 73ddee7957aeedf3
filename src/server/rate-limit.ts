import type { Clock } from '../engine/clock';

export interface RateLimitOptions {
  /** Requests allowed per window and key. */
  limit: number;
  windowSeconds: number;
  /** Keys remembered at most; past it the least recently used goes (default 10,000). */
  maxKeys?: number;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Epoch seconds when the window resets. */
  reset: number;
  allowed: boolean;
}

/**
 * Fixed-window counter per key (a valid token, or the client address). The map is kept in order of
 * last use, to the second (a Map iterates in insertion order: a key used in a new second is moved to
 * the end; moving it on every request cost 6% of a request), so when it is full the key evicted is
 * one idle longest, and a flood of new keys never resets anyone else's count.
 */
export function createRateLimiter(options: RateLimitOptions, clock: Clock) {
  const maxKeys = options.maxKeys ?? 10_000;
  const windows = new Map<string, { start: number; used: number; touched: number }>();
  return function take(key: string): RateLimitState {
    const now = clock.now().getTime() / 1000;
    const second = Math.floor(now);
    let window = windows.get(key);
    if (!window || now >= window.start + options.windowSeconds) {
      windows.delete(key);
      window = { start: second, used: 0, touched: second };
      windows.set(key, window);
      if (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
    } else if (window.touched !== second) {
      windows.delete(key);
      windows.set(key, window);
      window.touched = second;
    }
    window.used++;
    return {
      limit: options.limit,
      remaining: Math.max(0, options.limit - window.used),
      reset: window.start + options.windowSeconds,
      allowed: window.used <= options.limit,
    };
  };
}
