/**
 * What a token may do, never more than its user may: `read` only reads (GET); `write` also writes,
 * except organization administration (TOKEN_ADMIN_TAGS); `admin` everything its user may.
 */
export const TOKEN_SCOPES = ['read', 'write', 'admin'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** The route groups (tags) whose writes are organization administration: an admin-scope token's alone. */
export const TOKEN_ADMIN_TAGS: ReadonlySet<string> = new Set(['Organizations', 'Members', 'Invites', 'Teams', 'SSO', 'Custom fields', 'Tokens', 'Webhooks']);

/** Why a token of `scope` may not call a route (its method and tag), or undefined when it may. */
export function scopeRefusal(scope: TokenScope, method: string, tag: string): string | undefined {
  const reads = method === 'GET' || method === 'HEAD';
  if (reads || scope === 'admin') return undefined;
  if (scope === 'read') return "this token's scope is read: it may only read (GET)";
  if (TOKEN_ADMIN_TAGS.has(tag)) return `this token's scope is write: changing ${tag.toLowerCase()} is organization administration, which needs a token of scope admin`;
  return undefined;
}
