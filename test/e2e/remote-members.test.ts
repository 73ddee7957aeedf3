import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { servedSandbox } from '../helpers/serve';

/**
 * Issue 30, item 3 through a real `docsctl serve`, with the CLI in remote mode: several members' roles
 * in one request, your own demotion needing --yes, and what a refusal for lack of role says remotely.
 */
describe('members update in remote mode through serve', () => {
  const { box, remote, json } = servedSandbox({
    setup: async (b) => {
      const sample = await b.run(['init', '--sample']);
      expect(sample.code, sample.stderr).toBe(0);
    },
  });
  const READER = 'donald.knuth@acme.example';
  const ALAN = 'alan.turing@acme.example';
  const roleOf = async (email: string) => (await json(['members', 'get', email])).role;

  it('plans several users with --dry-run, then applies them in one request', async () => {
    const dry = await remote(['members', 'update', READER, ALAN, '--role', 'review', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toBe('Planned: 2 changes, 0 unchanged or skipped, 0 errors. Nothing was applied.\n');
    expect(await roleOf(READER)).toBe('read');
    const applied = await json(['members', 'update', READER, ALAN, '--role', 'review']);
    expect(applied.applied).toBe(true);
    expect(applied.rows.map((r: { user: string; detail: string }) => [r.user, r.detail])).toEqual([[READER, 'read -> review'], [ALAN, 'create -> review']]);
    expect([await roleOf(READER), await roleOf(ALAN)]).toEqual(['review', 'review']);
    const audit = await json(['audit', 'list', '--action', 'updateMembersInOrganizationById']);
    expect(audit.items).toHaveLength(1);
  });

  it('--file with org_role: a row that is no member fails the whole set, nothing changes', async () => {
    writeFileSync(join(box.dir, 'remote-roles.csv'), `email,org_role\n${READER},edit\nnobody@acme.example,read\n`);
    const r = await remote(['members', 'update', '--file', join(box.dir, 'remote-roles.csv')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('no member with this e-mail in the organization');
    expect(await roleOf(READER)).toBe('review');
  });

  it('your own demotion needs --yes; afterwards a refusal says to use the token of someone who may', async () => {
    const refused = await remote(['members', 'update', 'admin@example.com', READER, '--role', 'edit']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('Lower your own role from admin to edit (only another admin can give the admin role back): refusing without --yes');
    expect(await roleOf('admin@example.com')).toBe('admin');
    const done = await remote(['members', 'update', 'admin@example.com', READER, '--role', 'edit', '--yes']);
    expect(done.code, done.stderr).toBe(0);
    expect(await roleOf('admin@example.com')).toBe('edit');
    const after = await remote(['members', 'update', 'admin@example.com', '--role', 'admin']);
    expect(after.code).toBe(4);
    expect(after.stderr).toBe(
      'error: you are not allowed to administer the organization (admin role required)\n' +
        "hint: the token's user may not do this; use the token of a member who may: --token TOKEN, DOCSCTL_TOKEN or docsctl login (--as, acting as another member, is for local mode only)\n",
    );
  });
});
