import type { WriteScope } from './store';

/**
 * Refuses a transaction inside another that would write past the outer one's scope (`WriteScope`):
 * it would change an organization whose writers the outer transaction does not hold back. A mistake
 * of the engine's, not of the caller's; the outer write must name every organization it changes.
 */
export function scopeWithin(outer: WriteScope, inner: WriteScope): void {
  if (outer === undefined) return;
  if (inner === undefined) return;
  const past = inner.filter((organization) => !outer.includes(organization));
  if (past.length) throw new Error(`a write of organization ${past.join(', ')} inside a write of ${outer.join(', ')} only`);
}

/** Whether a transaction of `scope` may write the organization's rows (a write of the whole instance may write any). */
export function scopeCovers(scope: WriteScope, organizationId: string): boolean {
  return scope === undefined || scope.includes(organizationId);
}

/** The organizations of a scope in the order their locks are taken, each once. */
export function lockOrder(scope: readonly string[]): string[] {
  return [...new Set(scope)].sort();
}
