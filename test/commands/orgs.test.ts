import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, READER, emptySandbox, fieldsOf, json, ok, sampleSandbox, tableOf, tsvRows, type Sandbox } from './support';

const ORG_HEADER = ['ID', 'TITLE', 'HOSTNAME', 'DEFAULT ROLE', 'ADMIN', 'CREATED'];

describe('orgs (read-only, sample data)', () => {
  let s: Sandbox;
  let orgId: string;
  beforeAll(async () => {
    s = await sampleSandbox();
    orgId = (await json(s, ['orgs', 'list'])).items[0].id;
  });

  describe('list', () => {
    it('prints tab-separated rows without a header when piped', async () => {
      const r = ok(await s.run(['orgs', 'list']));
      const rows = tsvRows(r.stdout);
      expect(rows).toHaveLength(1);
      expect(rows[0].slice(0, 5)).toEqual([orgId, 'Acme Docs', 'acme', 'read', 'true']);
      expect(Date.parse(rows[0][5])).not.toBeNaN();
      expect(r.stderr).toBe('');
    });

    it('prints a table with headers on a terminal', async () => {
      const r = ok(await s.run(['orgs', 'list'], { tty: true }));
      const t = tableOf(r.stdout);
      expect(t.header).toEqual(ORG_HEADER);
      expect(t.rows).toHaveLength(1);
      expect(t.rows[0].slice(0, 5)).toEqual([orgId, 'Acme Docs', 'acme', 'read', 'true']);
    });

    it('prints the list envelope with --json', async () => {
      const r = ok(await s.run(['orgs', 'list', '--json']));
      const body = JSON.parse(r.stdout);
      expect(body.count).toBe(1);
      expect(body.next).toBeUndefined();
      expect(body.items).toHaveLength(1);
      expect(body.items[0]).toMatchObject({ object: 'organization', id: orgId, title: 'Acme Docs', permissions: { admin: true } });
    });

    it('rejects an out-of-range --limit as a usage error', async () => {
      const r = await s.run(['orgs', 'list', '--limit', '0']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--limit: must be a whole number from 1 to 1000');
      expect(r.stdout).toBe('');
    });
  });

  describe('get', () => {
    it('prints one row with the details when piped (default organization and explicit id agree)', async () => {
      const implicit = ok(await s.run(['orgs', 'get']));
      const explicit = ok(await s.run(['orgs', 'get', orgId]));
      expect(explicit.stdout).toBe(implicit.stdout);
      const rows = tsvRows(implicit.stdout);
      expect(rows).toHaveLength(1);
      expect(rows[0][0]).toBe(orgId);
      expect(rows[0][1]).toBe('Acme Docs');
      expect(rows[0][6]).toBe('acme.example');
      expect(rows[0][9]).toBe('true'); // invite links
      expect(rows[0][11]).toContain(`/o/${orgId}`);
    });

    it('prints field/value pairs on a terminal', async () => {
      const f = fieldsOf(ok(await s.run(['orgs', 'get'], { tty: true })).stdout);
      expect(f).toMatchObject({ ID: orgId, TITLE: 'Acme Docs', HOSTNAME: 'acme', 'DEFAULT ROLE': 'read', 'EMAIL DOMAINS': 'acme.example', 'INVITE LINKS': 'true', SSO: 'false' });
    });

    it('prints the organization object with --json', async () => {
      const org = await json(s, ['orgs', 'get']);
      expect(org).toMatchObject({ object: 'organization', id: orgId, title: 'Acme Docs', hostname: 'acme', emailDomains: ['acme.example'], defaultRole: 'read', inviteLinks: true });
    });

    it('exits 5 for an organization that does not exist', async () => {
      const r = await s.run(['orgs', 'get', 'no-such-org']);
      expect(r.code).toBe(5);
      expect(r.stderr).toContain('organization no-such-org not found');
      expect(r.stdout).toBe('');
    });
  });

  describe('by-domain', () => {
    it('lists the organizations of an e-mail domain, piped', async () => {
      const rows = tsvRows(ok(await s.run(['orgs', 'by-domain', 'acme.example'])).stdout);
      expect(rows.map((r) => r.slice(0, 2))).toEqual([[orgId, 'Acme Docs']]);
    });

    it('shows the caller permissions in the table on a terminal (a read member is no admin)', async () => {
      const t = tableOf(ok(await s.run(['--as', READER, 'orgs', 'by-domain', 'acme.example'], { tty: true })).stdout);
      expect(t.header).toEqual(ORG_HEADER);
      expect(t.rows).toHaveLength(1);
      expect(t.rows[0][0]).toBe(orgId);
      expect(t.rows[0][4]).toBe('false');
    });

    it('prints { organizations } with --json', async () => {
      const body = await json(s, ['orgs', 'by-domain', 'ACME.example']);
      expect(Object.keys(body)).toEqual(['organizations']);
      expect(body.organizations.map((o: { id: string }) => o.id)).toEqual([orgId]);
    });

    it('exits 0 with no rows for a domain no organization accepts', async () => {
      const piped = ok(await s.run(['orgs', 'by-domain', 'other.example']));
      expect(piped.stdout).toBe('');
      const tty = ok(await s.run(['orgs', 'by-domain', 'other.example'], { tty: true }));
      expect(tty.stdout).toBe('');
      expect(tty.stderr).toContain('No results.');
      expect((await json(s, ['orgs', 'by-domain', 'other.example'])).organizations).toEqual([]);
    });
  });
});

describe('orgs ping', () => {
  const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

  it('prints a visitor JWT for the caller and records last seen', async () => {
    const s = await emptySandbox();
    const me = await json(s, ['users', 'me']);
    const orgId = (await json(s, ['orgs', 'list'])).items[0].id;
    expect((await json(s, ['members', 'get', ADMIN])).lastSeenAt).toBeUndefined();

    const r = ok(await s.run(['orgs', 'ping']));
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(payloadOf(lines[0])).toMatchObject({ sub: me.id, org: orgId });
    expect(r.stderr).toBe('');

    const seen = (await json(s, ['members', 'get', ADMIN])).lastSeenAt;
    expect(Date.parse(seen)).not.toBeNaN();
  });

  it('prints the bare token on a terminal too, and the API object with --json', async () => {
    const s = await sampleSandbox();
    const tty = ok(await s.run(['--as', READER, 'orgs', 'ping'], { tty: true }));
    const reader = await json(s, ['members', 'get', READER]);
    expect(tty.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    expect(payloadOf(tty.stdout.trim()).sub).toBe(reader.id);

    const body = await json(s, ['orgs', 'ping']);
    expect(typeof body.serviceVisitorClaims).toBe('string');
    expect(body.gitbookVisitorClaims).toBe(body.serviceVisitorClaims);
  });
});

describe('orgs update', () => {
  it('changes settings (piped: message to stderr, the updated row to stdout)', async () => {
    const s = await sampleSandbox();
    const orgId = (await json(s, ['orgs', 'list'])).items[0].id;
    const r = ok(await s.run(['orgs', 'update', '--title', 'Acme Handbook', '--email-domains', 'acme.example, acme.io', '--default-role', 'guest', '--no-invite-links', '--ai']));
    expect(r.stderr).toBe(`Updated organization ${orgId}.\n`);
    const [row] = tsvRows(r.stdout);
    expect(row.slice(0, 4)).toEqual([orgId, 'Acme Handbook', 'acme', 'guest']);
    expect(row[6]).toBe('acme.example, acme.io');

    const org = await json(s, ['orgs', 'get']);
    expect(org).toMatchObject({ title: 'Acme Handbook', emailDomains: ['acme.example', 'acme.io'], defaultRole: null, inviteLinks: false, ai: true });
  });

  it('shows the updated organization as a field table on a terminal', async () => {
    const s = await sampleSandbox();
    const r = ok(await s.run(['orgs', 'update', '--hostname', 'acme-docs', '--sso'], { tty: true }));
    expect(r.stderr).toMatch(/^Updated organization \w+\.\n$/);
    const f = fieldsOf(r.stdout);
    expect(f.HOSTNAME).toBe('acme-docs');
    expect(f.SSO).toBe('true');
    expect((await json(s, ['orgs', 'get'])).hostname).toBe('acme-docs');
  });

  it('prints the API object with --json', async () => {
    const s = await sampleSandbox();
    const org = await json(s, ['orgs', 'update', '--logo', 'https://acme.example/logo.png', '--email-domains', '']);
    expect(org).toMatchObject({ object: 'organization', emailDomains: [], urls: { logo: 'https://acme.example/logo.png' } });
    const removed = await json(s, ['orgs', 'update', '--logo', 'none']);
    expect(removed.urls.logo).toBeUndefined();
  });

  it('exits 1 naming the field when the API rejects a value, and changes nothing', async () => {
    const s = await sampleSandbox();
    const short = await s.run(['orgs', 'update', '--title', 'x']);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('title: must be at least 2 characters');
    expect(short.stdout).toBe('');

    const host = await s.run(['orgs', 'update', '--hostname', 'Not A Host']);
    expect(host.code).toBe(1);
    expect(host.stderr).toContain('hostname: must match the pattern');

    const domain = await s.run(['orgs', 'update', '--email-domains', 'not a domain']);
    expect(domain.code).toBe(1);
    expect(domain.stderr).toContain('emailDomains[0]: must match the pattern');

    expect(await json(s, ['orgs', 'get'])).toMatchObject({ title: 'Acme Docs', hostname: 'acme', emailDomains: ['acme.example'] });
  });

  it('exits 2 without any option or with an unknown role', async () => {
    const s = await sampleSandbox();
    const none = await s.run(['orgs', 'update']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('nothing to change');
    const role = await s.run(['orgs', 'update', '--default-role', 'boss']);
    expect(role.code).toBe(2);
    expect(role.stderr).toContain("argument 'boss' is invalid");
  });

  it('exits 4 for a read member and leaves the organization unchanged', async () => {
    const s = await sampleSandbox();
    const r = await s.run(['--as', READER, 'orgs', 'update', '--title', 'Hijacked Docs']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('admin role required');
    expect(r.stdout).toBe('');
    expect((await json(s, ['orgs', 'get'])).title).toBe('Acme Docs');
  });

  it('exits 5 for an unknown organization id', async () => {
    const s = await emptySandbox();
    const r = await s.run(['orgs', 'update', 'no-such-org', '--title', 'Whatever']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('not found');
  });
});
