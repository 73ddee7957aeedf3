import { describe, expect, it } from 'vitest';
import { run } from '../helpers/cli';
import { servedSandbox } from '../helpers/serve';
import { tableOf, tsvRows } from '../commands/support';

/** `tokens list|create|revoke` against a remote instance (issue 30, item 4): docsctl's token routes through a real serve. */
describe('tokens in remote mode through serve', () => {
  let readerToken = '';
  const { box, served, remote, json } = servedSandbox({
    setup: async (box) => {
      expect((await box.run(['invites', 'email', 'reader@example.com', '--role', 'read'])).code).toBe(0);
      const minted = await box.run(['tokens', 'create', '--user', 'reader@example.com', '--name', 'reader', '--json']);
      expect(minted.code, minted.stderr).toBe(0);
      readerToken = JSON.parse(minted.stdout).token;
    },
  });
  const as = (token: string, argv: string[], tty = false) =>
    run(['--url', served().url, '--token', token, ...argv], { tty, cwd: box.dir, env: { DOCSCTL_CONFIG_DIR: box.env.DOCSCTL_CONFIG_DIR } });

  it('an admin lists the members\' tokens (piped, on a terminal, JSON), never their values', async () => {
    const piped = await remote(['tokens', 'list']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(tsvRows(piped.stdout).map((row) => [row[1], row[2], row[6]])).toEqual([['reader', 'reader@example.com', 'admin'], ['e2e', 'admin@example.com', 'admin']]);
    expect(piped.stderr).toContain('2 token(s) never expire (reader, e2e)');
    const table = tableOf((await remote(['tokens', 'list'], true)).stdout);
    expect(table.header).toEqual(['ID', 'NAME', 'USER', 'CREATED', 'LAST USED', 'REVOKED', 'SCOPE', 'EXPIRES']);
    const listed = await json(['tokens', 'list', '--user', 'reader@example.com']);
    expect(listed.items.map((t: { name: string }) => t.name)).toEqual(['reader']);
    expect(JSON.stringify(listed)).not.toContain('dct_');
    expect(piped.stdout).not.toContain(served().token);
  });

  it('an admin mints a token for themselves, shown once; it works at once; minting for someone else is refused (exit 4)', async () => {
    const created = await json(['tokens', 'create', '--name', 'laptop', '--scope', 'read', '--expires', '1h']);
    expect(created).toMatchObject({ object: 'token', name: 'laptop', email: 'admin@example.com', scope: 'read' });
    expect(Math.abs(Date.parse(created.expiresAt) - Date.now() - 3_600_000)).toBeLessThan(60_000);
    const who = await as(created.token, ['users', 'me', '--json']);
    expect(who.code, who.stderr).toBe(0);
    expect(JSON.parse(who.stdout).email).toBe('admin@example.com');
    const piped = await remote(['tokens', 'create', '--name', 'ci']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/^dct_[\w-]+\n$/);
    expect(piped.stderr).toMatch(/^Created token \w+ for admin@example\.com \(scope admin, never expires\)\. It is shown only now/);
    const forOther = await remote(['tokens', 'create', '--user', 'reader@example.com']);
    expect(forOther.code).toBe(4);
    expect(forOther.stderr).toContain('user: over the API a token is minted only for its caller');
    // The read-scoped token may list but not mint (organization administration needs scope admin).
    expect((await as(created.token, ['tokens', 'list'])).code).toBe(0);
    const narrow = await as(created.token, ['tokens', 'create']);
    expect(narrow.code).toBe(4);
    expect(narrow.stderr).toContain("this token's scope is read");
  });

  it("an admin revokes a member's token (asks on a terminal, --yes piped); it answers 401 from then on; the write is audited", async () => {
    const listed = await json(['tokens', 'list', '--user', 'reader@example.com']);
    const id = listed.items[0].id as string;
    const refused = await remote(['tokens', 'revoke', id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('refusing without --yes');
    const revoked = await remote(['tokens', 'revoke', id, '--yes', '--json']);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ id, email: 'reader@example.com', revokedAt: expect.any(String) });
    expect((await as(readerToken, ['users', 'me'])).code).toBe(4);
    const audit = await json(['audit', 'list', '--action', 'revokeOrganizationToken']);
    expect(audit.items[0]).toMatchObject({ action: 'revokeOrganizationToken', targets: { tokenId: id } });
    const unknown = await remote(['tokens', 'revoke', 'nope', '--yes']);
    expect(unknown.code).toBe(5);
  });

  it('a member who is not an admin is refused (exit 4) with what they lack', async () => {
    const s = await box.run(['tokens', 'create', '--user', 'reader@example.com', '--name', 'reader-2', '--json']);
    const token = JSON.parse(s.stdout).token as string;
    for (const argv of [['tokens', 'list'], ['tokens', 'create'], ['tokens', 'revoke', 'x', '--yes']]) {
      const r = await as(token, argv);
      expect(r.code, argv.join(' ')).toBe(4);
      expect(r.stderr).toContain('admin role required');
    }
  });
});
