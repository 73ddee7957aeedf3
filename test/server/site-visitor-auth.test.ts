import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/app';
import { publishedSiteSetup } from '../helpers/site-reader';
import { signJwt } from '../../src/engine/jwt';

async function setup() {
  const t = await publishedSiteSetup({ visibility: 'visitor-auth' });
  const url = `/v1/orgs/${t.orgId}/sites/${t.siteId}/visitor-auth`;
  const call = (method: string, path = url, body?: unknown, as = t.adminId) => t.api.request(method, path, { as, ...(body === undefined ? {} : { body }) });
  const now = Math.floor(t.clock.now().getTime() / 1000);
  const token = (key: string, claims: Record<string, unknown> = {}) => signJwt({ org: t.orgId, iat: now, exp: now + 600, ...claims }, key);
  /** The status a browser gets for the site with `jwt_token`, once its cookie is set. */
  const opens = async (jwt: string) => {
    const first = await t.visit(`${t.base}/install?jwt_token=${jwt}`);
    if (first.status !== 302 || !first.headers['set-cookie']) return first.status;
    return (await t.visit(`${t.base}/install`, { cookie: first.headers['set-cookie'].split(';')[0] })).status;
  };
  return { ...t, url, call, token, opens };
}

describe('visitor authentication of a site: its signing key and fallback URL (getSiteVisitorAuth, updateSiteVisitorAuth, rotateSiteVisitorKey)', () => {
  it('makes the key on first read and keeps it; tokens signed with it open the site', async () => {
    const t = await setup();
    const first = await t.call('GET');
    expectOk(first, 'getSiteVisitorAuth');
    expect(first.body).toEqual({ object: 'site-visitor-auth', backend: 'custom', signingKey: expect.stringMatching(/^[\w-]{43}$/), fallbackUrl: null });
    expect((await t.call('GET')).body.signingKey).toBe(first.body.signingKey);
    expect(await t.opens(t.token(first.body.signingKey))).toBe(200);
    // A key of another site, or no key at all, opens nothing.
    expect(await t.opens(t.token('not-the-key-of-this-site-at-all-0123456789'))).toBe(404);
  });

  it('rotates the key: tokens signed with the old one are refused at once', async () => {
    const t = await setup();
    const old = (await t.call('GET')).body.signingKey as string;
    const rotated = await t.call('POST', `${t.url}/rotate`);
    expectOk(rotated, 'rotateSiteVisitorKey');
    expect(rotated.body.signingKey).not.toBe(old);
    expect(await t.opens(t.token(old))).toBe(404);
    expect(await t.opens(t.token(rotated.body.signingKey))).toBe(200);
  });

  it('sends a visitor without a valid token to the fallback URL with where they were going, and 404s again once it is removed', async () => {
    const t = await setup();
    const set = await t.call('PATCH', t.url, { fallbackUrl: 'https://auth.acme.example/login?app=docs' });
    expectOk(set, 'updateSiteVisitorAuth');
    expect(set.body.fallbackUrl).toBe('https://auth.acme.example/login?app=docs');
    const away = await t.visit(`${t.base}/install`);
    expect(away.status).toBe(302);
    expect(away.headers.location).toBe('https://auth.acme.example/login?app=docs&location=%2Finstall');
    expect(away.body).not.toContain('Install');
    // An expired token goes there too; an unpublished site answers 404 whatever its fallback.
    expect((await t.visit(`${t.base}?jwt_token=${t.token(set.body.signingKey, { iat: 0, exp: 1 })}`)).headers.location).toMatch(/^https:\/\/auth\.acme\.example\//);
    await t.patchSite({ published: false });
    expect((await t.visit(`${t.base}/install`)).status).toBe(404);
    await t.patchSite({ published: true });
    expectOk(await t.call('PATCH', t.url, { fallbackUrl: null }), 'updateSiteVisitorAuth');
    expect((await t.visit(`${t.base}/install`)).status).toBe(404);
  });

  it('validates the fallback URL: http or https, at most 2,048 characters, nothing else in the body', async () => {
    const t = await setup();
    expectError(await t.call('PATCH', t.url, { fallbackUrl: 'javascript:alert(1)' }), 400, /fallbackUrl: must be an http or https URL/);
    expectError(await t.call('PATCH', t.url, { fallbackUrl: 'ftp://files.example/x' }), 400, /fallbackUrl: must be an http or https URL/);
    expectError(await t.call('PATCH', t.url, { fallbackUrl: `https://a.example/${'x'.repeat(2048)}` }), 400, /fallbackUrl: must be at most 2048 characters/);
    expectError(await t.call('PATCH', t.url, { fallbackUrl: 'https://a.example', signingKey: 'mine' }), 400, /signingKey/);
    expect((await t.call('GET')).body.fallbackUrl).toBeNull();
  });

  it('is for admins only (403 for other members), 404 for an unknown site, 401 without a token', async () => {
    const t = await setup();
    for (const [method, path] of [['GET', t.url], ['PATCH', t.url], ['POST', `${t.url}/rotate`]] as const) {
      expectError(await t.call(method, path, method === 'PATCH' ? { fallbackUrl: null } : undefined, t.reader), 403, /admin/);
      expectError(await t.call(method, path.replace(t.siteId, 'nope'), method === 'PATCH' ? { fallbackUrl: null } : undefined), 404);
      expect((await t.api.request(method, path, { ...(method === 'PATCH' ? { body: {} } : {}) })).status).toBe(401);
    }
  });
});
