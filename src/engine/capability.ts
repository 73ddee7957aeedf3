import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Core } from './core';
import { signingSecret } from './jwt';

/**
 * Capability URLs (docs/security.md): a download URL anyone holding it may GET without a token, with
 * the rights of the user it was handed to, until it expires. The signature binds the path, the user
 * and the expiry (and any other query, such as a PDF's revision) to the instance's signing secret, so
 * `docsctl db rotate-secret` ends every one of them.
 */

/** URLs stay valid until the end of the hour after the one they were made in: 1 to 2 hours. */
export const CAPABILITY_HOURS = 1;

const secretOf = async (core: Core) => await core.remember('capability-secret', async () => await signingSecret(core));

async function signature(core: Core, path: string, params: URLSearchParams): Promise<string> {
  const canonical = new URLSearchParams([...params].filter(([k]) => k !== 'signature').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return createHmac('sha256', await secretOf(core)).update(`capability\n${path}\n${canonical}`).digest('base64url');
}

/** `path` (an API path, `/v1/…`) as a capability URL for `userId`, with `query` kept and signed. */
export async function capabilityUrl(core: Core, path: string, userId: string, query: Record<string, string> = {}): Promise<string> {
  const hour = 3600;
  const expires = (Math.floor(core.clock.now().getTime() / 1000 / hour) + 1 + CAPABILITY_HOURS) * hour;
  const params = new URLSearchParams({ ...query, user: userId, expires: String(expires) });
  params.set('signature', await signature(core, path, params));
  return `${core.publicUrl}${path}?${params}`;
}

/** The user a capability URL stands for, or why it stands for no one. */
export async function verifyCapability(core: Core, path: string, params: URLSearchParams): Promise<{ userId: string } | { refused: string }> {
  const given = params.get('signature') ?? '';
  const user = params.get('user');
  const expires = Number(params.get('expires'));
  const expected = await signature(core, path, params);
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  if (!user || !Number.isSafeInteger(expires) || a.length !== b.length || !timingSafeEqual(a, b)) return { refused: 'this link is not valid (its signature does not match: it was altered, or the instance\'s secret was rotated)' };
  if (expires * 1000 <= core.clock.now().getTime()) return { refused: 'this link has expired: ask the API for the file or PDF again to get a new one' };
  return { userId: user };
}
