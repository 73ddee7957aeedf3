import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../../src/engine/index';
import { createApp } from '../../src/server/app';
import { addMember } from '../helpers/engine';

/** The server remembers tokens and memberships between requests; changes made elsewhere must still count at once. */
describe('remembered tokens and memberships', () => {
  function twoConnections() {
    const file = join(mkdtempSync(join(tmpdir(), 'docsctl-memo-')), 'shared.db');
    const server = openEngine(file);
    const cli = openEngine(file);
    const { organizationId, userId } = server.install();
    const app = createApp({ engine: server });
    const get = (token: string, path: string) =>
      app.handle({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } }).status;
    return { server, cli, app, organizationId, userId, get };
  }

  it('a token revoked by another process stops working on the next request', () => {
    const t = twoConnections();
    const { token, id } = t.cli.tokens.create({ user: t.userId });
    expect(t.get(token, '/v1/user')).toBe(200);
    expect(t.get(token, '/v1/user')).toBe(200);
    t.cli.tokens.revoke(id);
    expect(t.get(token, '/v1/user')).toBe(401);
  });

  it('a role changed by another process applies on the next request', () => {
    const t = twoConnections();
    const member = addMember(t.cli, t.organizationId, 'ada@acme.test', 'read');
    const { token } = t.cli.tokens.create({ user: member });
    expect(t.get(token, `/v1/orgs/${t.organizationId}/members`)).toBe(200);
    t.cli.members.update({ userId: t.userId }, t.organizationId, member, { role: null });
    expect(t.get(token, `/v1/orgs/${t.organizationId}/members`)).toBe(403);
    t.cli.members.remove({ userId: t.userId }, t.organizationId, member);
    expect(t.get(token, `/v1/orgs/${t.organizationId}/members`)).toBe(404);
  });

  it('a member read again after another process changed them shows the change', () => {
    const t = twoConnections();
    const member = addMember(t.cli, t.organizationId, 'ada@acme.test', 'read');
    const { token } = t.cli.tokens.create({ user: t.userId });
    const read = () =>
      JSON.parse(t.app.handle({ method: "GET", url: `/v1/orgs/${t.organizationId}/members/${member}`, headers: { authorization: `Bearer ${token}` } }).body!.toString());
    expect(read().role).toBe('read');
    t.cli.members.update({ userId: t.userId }, t.organizationId, member, { role: 'edit' });
    expect(read().role).toBe('edit');
    t.cli.spaces.create({ userId: t.userId }, t.organizationId, { title: 'New' });
    t.cli.spaces.update({ userId: t.userId }, t.cli.spaces.list({ userId: t.userId }, t.organizationId, {}).items[0].id, { defaultLevel: 'read' });
    expect(read().spaces).toBe(1);
  });

  it('its own writes apply on the next request too', () => {
    const t = twoConnections();
    const member = addMember(t.server, t.organizationId, 'ada@acme.test', 'admin');
    const { token } = t.server.tokens.create({ user: member });
    const adminToken = t.server.tokens.create({ user: t.userId }).token;
    expect(t.get(token, `/v1/orgs/${t.organizationId}/saml`)).toBe(200);
    const demote = t.app.handle({
      method: 'PATCH',
      url: `/v1/orgs/${t.organizationId}/members/${member}`,
      headers: { authorization: `Bearer ${adminToken}` },
      body: '{"role":"read"}',
    });
    expect(demote.status).toBe(200);
    expect(t.get(token, `/v1/orgs/${t.organizationId}/saml`)).toBe(403);
  });
});
