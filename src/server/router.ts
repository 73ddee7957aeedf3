import type { Method, Route } from '../api/routes/route';

interface Compiled {
  route: Route;
  pattern: RegExp;
}

export type Match = { route: Route; params: Record<string, string> } | { allowed: Method[] } | { malformed: true } | undefined;

/** Matches method + path against the route table. Literal segments win over parameters. */
export function createRouter(routes: Route[]) {
  const compiled: Compiled[] = routes
    .map((route) => ({
      route,
      pattern: new RegExp(`^${route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '([^/]+)')}/?$`),
    }))
    .sort((a, b) => a.route.params.length - b.route.params.length);

  return function match(method: string, path: string): Match {
    const allowed: Method[] = [];
    for (const { route, pattern } of compiled) {
      const m = pattern.exec(path);
      if (!m) continue;
      if (route.method !== method) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      try {
        route.params.forEach((name, i) => {
          params[name] = decodeURIComponent(m[i + 1]);
        });
      } catch {
        return { malformed: true };
      }
      return { route, params };
    }
    return allowed.length ? { allowed } : undefined;
  };
}
