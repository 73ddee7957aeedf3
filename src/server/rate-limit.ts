import type { Clock } from '../engine/clock';

export interface RateLimitOptions {
  /** Requests allowed per window and key. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Epoch seconds when the window resets. */
  reset: number;
  allowed: boolean;
}

/** Fixed-window counter per key (the token, or the client address when there is none). */
export function createRateLimiter(options: RateLimitOptions, clock: Clock) {
  const windows = new Map<string, { start: number; used: number }>();
  return function take(key: string): RateLimitState {
    const now = clock.now().getTime() / 1000;
    let window = windows.get(key);
    if (!window || now >= window.start + options.windowSeconds) {
      if (windows.size > 10_000) windows.clear();
      window = { start: Math.floor(now), used: 0 };
      windows.set(key, window);
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
