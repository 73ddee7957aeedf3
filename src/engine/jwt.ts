import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Core } from './core';

/** A new signing secret: 32 random bytes. */
export const newSigningSecret = () => randomBytes(32).toString('base64url');

/** The instance's signing secret for visitor JWTs, created on first use and kept in `meta`. */
export async function signingSecret(core: Core): Promise<string> {
  const existing = await core.get<{ value: string }>("SELECT value FROM meta WHERE key = 'jwt_secret'");
  if (existing) return existing.value;
  await core.run("INSERT OR IGNORE INTO meta (key, value) VALUES ('jwt_secret', ?)", [newSigningSecret()]);
  return (await core.get<{ value: string }>("SELECT value FROM meta WHERE key = 'jwt_secret'"))!.value;
}

/** A compact HS256 JSON Web Token. */
export function signJwt(payload: Record<string, unknown>, secret: string): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}`;
  const signature = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${signature}`;
}

/** Verifies an HS256 token and its expiry; returns the payload or undefined. */
export function verifyJwt(token: string, secret: string, nowSeconds: number): Record<string, unknown> | undefined {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return undefined;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'));
  const given = Buffer.from(signature);
  // Compared in constant time, so response timing says nothing about how much of a forged signature was right.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof claims.exp === 'number' && claims.exp < nowSeconds) return undefined;
    return claims;
  } catch {
    return undefined;
  }
}

