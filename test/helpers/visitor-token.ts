import type { Engine } from '../../src/engine/index';
import { signJwt, signingSecret } from '../../src/engine/jwt';

/** A visitor token signed with the instance's key, as the ping's `serviceVisitorClaims` hands out. */
export async function signVisitorToken(engine: Engine, claims: Record<string, unknown>): Promise<string> {
  return signJwt(claims, await signingSecret(engine.core));
}
