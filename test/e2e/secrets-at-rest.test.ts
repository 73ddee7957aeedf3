import { describe, expect, it } from 'vitest';
import { chmodSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { apiCaller, startServe } from '../helpers/serve';
import { openEngine } from '../../src/engine/index';
import { signJwt, signingSecret } from '../../src/engine/jwt';
import { addMember } from '../helpers/engine';

const mode = (path: string) => statSync(path).mode & 0o777;

/** Secrets at rest and visitor tokens, through a real `serve` (issue 13, item 7). */
/** A served sandbox with a guest of its organization (a member without a role) and an admin's caller. */
async function withGuest(email: string) {
  const box = sandbox();
  expect((await box.run(['init'])).code).toBe(0);
  const engine = await openEngine(box.env.DOCSCTL_DB);
  const orgId = (await engine.core.get<{ value: string }>("SELECT value FROM meta WHERE key = 'first_organization_id'"))!.value;
  const guest = await addMember(engine, orgId, email, null);
  const guestToken = (await engine.tokens.create({ user: guest, name: 'guest' })).token;
  await engine.close();
  const served = await startServe(box);
  const call = apiCaller(served.url, served.token);
  return { box, orgId, guest, guestToken, served, call };
}

describe('secrets at rest', () => {
  it('creates the database and its -wal/-shm 0600, narrows an existing world-readable one, and saves profiles 0600', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const db = box.env.DOCSCTL_DB;
    expect(mode(db)).toBe(0o600);
    chmodSync(db, 0o644); // a database from before
    const served = await startServe(box);
    try {
      expect((await served.remote(['spaces', 'create', '--title', 'Written'])).code).toBe(0);
      const files = readdirSync(box.dir).filter((f) => f.startsWith('test.db'));
      // The server's mark (its process id, for `db restore`) is private too.
      expect(files.sort()).toEqual(['test.db', 'test.db-shm', 'test.db-wal', 'test.db.serve-pid']);
      for (const file of files) expect(mode(join(box.dir, file)), file).toBe(0o600);

      const login = await box.run(['login', '--url', served.url, '--token', served.token]);
      expect(login.code, login.stderr).toBe(0);
      expect(mode(join(box.env.DOCSCTL_CONFIG_DIR, 'config.json'))).toBe(0o600);
    } finally {
      await served.stop();
    }
  });
});

describe('visitor tokens and share links', () => {
  it('refuses visitor JWTs without exp or valid longer than 30 days, and db rotate-secret ends every token and share link', async () => {
    // A guest of the organization (no role): sees a visitor-auth site only with a visitor token.
    const { box, orgId, guest, guestToken, served, call } = await withGuest('guest@acme.test');
    try {
      const site = await call('POST', `/v1/orgs/${orgId}/sites`, { title: 'Members only', visibility: 'visitor-auth' });
      expect(site.status, site.text).toBe(201);
      const siteId = site.json().id;
      expect((await call('PATCH', `/v1/orgs/${orgId}/sites/${siteId}`, { published: true })).status).toBe(200);
      const published = (visitorToken: string) => call('GET', `/v1/orgs/${orgId}/sites/${siteId}/published?visitorToken=${visitorToken}`, undefined, guestToken).then((r) => r.status);

      const pinged = (await call('POST', `/v1/orgs/${orgId}/ping`, undefined, guestToken)).json().serviceVisitorClaims as string;
      expect(await published(pinged)).toBe(200);

      const secret = await (async () => {
        const e = await openEngine(box.env.DOCSCTL_DB);
        try {
          return await signingSecret(e.core);
        } finally {
          await e.close();
        }
      })();
      const now = Math.floor(Date.now() / 1000);
      const day = 24 * 3600;
      expect(await published(signJwt({ sub: guest, org: orgId }, secret))).toBe(404); // no exp: valid forever before
      expect(await published(signJwt({ sub: guest, org: orgId, iat: now, exp: now + 31 * day }, secret))).toBe(404);
      expect(await published(signJwt({ sub: guest, org: orgId, exp: now + 31 * day }, secret))).toBe(404);
      expect(await published(signJwt({ sub: guest, org: orgId, iat: now - 40 * day, exp: now + day }, secret))).toBe(404);
      expect(await published(signJwt({ sub: guest, org: orgId, iat: now, exp: now + 29 * day }, secret))).toBe(200);

      // A share link, then the rotation.
      expect((await call('PATCH', `/v1/orgs/${orgId}/sites/${siteId}`, { visibility: 'share-link' })).status).toBe(200);
      const shareKey = (await call('GET', `/v1/orgs/${orgId}/sites/${siteId}/share-link`)).json().shareKey as string;
      const shared = (key: string) => call('GET', `/v1/orgs/${orgId}/sites/${siteId}/published?shareKey=${key}`, undefined, guestToken).then((r) => r.status);
      expect(await shared(shareKey)).toBe(200);
      expect((await call('PATCH', `/v1/orgs/${orgId}/sites/${siteId}`, { visibility: 'visitor-auth' })).status).toBe(200);

      const refused = await box.run(['db', 'rotate-secret']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('refusing without --yes');
      const rotated = await box.run(['db', 'rotate-secret', '--yes', '--json']);
      expect(rotated.code, rotated.stderr).toBe(0);
      expect(JSON.parse(rotated.stdout)).toEqual({ rotated: true, sites: 1 });

      expect(await published(pinged)).toBe(404);
      const fresh = (await call('POST', `/v1/orgs/${orgId}/ping`, undefined, guestToken)).json().serviceVisitorClaims as string;
      expect(await published(fresh)).toBe(200);
      expect((await call('PATCH', `/v1/orgs/${orgId}/sites/${siteId}`, { visibility: 'share-link' })).status).toBe(200);
      expect(await shared(shareKey)).toBe(404);
      const newKey = (await call('GET', `/v1/orgs/${orgId}/sites/${siteId}/share-link`)).json().shareKey as string;
      expect(newKey).not.toBe(shareKey);
      expect(await shared(newKey)).toBe(200);
    } finally {
      await served.stop();
    }
  });
});

describe('what a published site shows a visitor (issue 13, item 12)', () => {
  it('gives a visitor the spaces of the structure without their internals, and a member the whole space', async () => {
    const { orgId, guestToken, served, call } = await withGuest('visitor@acme.test');
    try {
      const space = JSON.parse((await served.remote(['spaces', 'create', '--title', 'Guides', '--json'])).stdout).id;
      const site = (await call('POST', `/v1/orgs/${orgId}/sites`, { title: 'Docs', visibility: 'public' })).json().id;
      expect((await call('POST', `/v1/orgs/${orgId}/sites/${site}/site-spaces`, { spaceId: space })).status).toBe(201);
      expect((await call('PATCH', `/v1/orgs/${orgId}/sites/${site}`, { published: true })).status).toBe(200);

      const seen = await call('GET', `/v1/orgs/${orgId}/sites/${site}/published`, undefined, guestToken);
      expect(seen.status).toBe(200);
      const visitorView = seen.json().structure.structure[0].space;
      expect(visitorView).toMatchObject({ object: 'space', id: space, title: 'Guides' });
      for (const internal of ['revision', 'changeRequests', 'changeRequestsOpen', 'comments', 'parent', 'permissions', 'organization', 'defaultLevel']) expect(visitorView).not.toHaveProperty(internal);

      const member = (await call('GET', `/v1/orgs/${orgId}/sites/${site}/published`)).json().structure.structure[0].space;
      expect(member).toMatchObject({ id: space, revision: expect.any(String), permissions: { admin: true } });
    } finally {
      await served.stop();
    }
  });
});
