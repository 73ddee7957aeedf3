import type { Method, Route } from '../api/routes/route';

/** A route split into path segments; `null` marks a parameter. */
interface Compiled {
  route: Route;
  segments: (string | null)[];
}

export type Match = { route: Route; params: Record<string, string> } | { allowed: Method[] } | { malformed: true } | undefined;

function segmentsOf(path: string): string[] {
  const parts = path.split('/');
  if (parts[parts.length - 1] === '') parts.pop(); // a trailing slash is accepted
  return parts;
}

/**
 * Matches method + path against the route table by comparing segments; literal segments win over
 * parameters (`/versions/latest` before `/versions/{versionId}`).
 */
export function createRouter(routes: Route[]) {
  const bySegmentCount = new Map<number, Compiled[]>();
  for (const route of routes) {
    const segments = segmentsOf(route.path).map((s) => (/^\{\w+\}$/.test(s) ? null : s));
    const list = bySegmentCount.get(segments.length) ?? [];
    list.push({ route, segments });
    bySegmentCount.set(segments.length, list);
  }
  for (const list of bySegmentCount.values()) list.sort((a, b) => a.route.params.length - b.route.params.length);

  return function match(method: string, path: string): Match {
    const parts = segmentsOf(path);
    const candidates = bySegmentCount.get(parts.length);
    if (!candidates) return undefined;
    const allowed: Method[] = [];
    for (const { route, segments } of candidates) {
      let fits = true;
      for (let i = 0; i < segments.length; i++) {
        const literal = segments[i];
        if (literal === null ? parts[i] === '' : literal !== parts[i]) {
          fits = false;
          break;
        }
      }
      if (!fits) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      try {
        let p = 0;
        segments.forEach((literal, i) => {
          if (literal === null) params[route.params[p++]] = decodeURIComponent(parts[i]);
        });
      } catch {
        return { malformed: true };
      }
      return { route, params };
    }
    return allowed.length ? { allowed } : undefined;
  };
}
