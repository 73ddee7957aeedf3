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
 * last use (a Map iterates in insertion order: a key used is moved to the end), so when it is full the
 * key evicted is the one idle longest, and a flood of new keys never resets anyone else's count.
 */
export function createRateLimiter(options: RateLimitOptions, clock: Clock) {
  const maxKeys = options.maxKeys ?? 10_000;
  const windows = new Map<string, { start: number; used: number }>();
  return function take(key: string): RateLimitState {
    const now = clock.now().getTime() / 1000;
    let window = windows.get(key);
    if (window) windows.delete(key);
    if (!window || now >= window.start + options.windowSeconds) window = { start: Math.floor(now), used: 0 };
    windows.set(key, window);
    if (windows.size > maxKeys) windows.delete(windows.keys().next().value!);
    window.used++;
    return {
      limit: options.limit,
      remaining: Math.max(0, options.limit - window.used),
      reset: window.start + options.windowSeconds,
      allowed: window.used <= options.limit,
    };
  };
}
