import { describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedSandbox } from '../helpers/serve';
import { runBuilt } from '../helpers/built';
import { forwardTo } from '../helpers/forward';
import { addOrganization } from '../commands/spaces-support';

/**
 * `login` saves the user's organization with the profile when it is their only one (issue 35: a remote
 * command looked it up with a request of its own before its own request, every time).
 */
describe('login saves the only organization with the profile', () => {
  const { box, served } = servedSandbox();

  /** A proxy in front of the served instance that notes each request's method and path. */
  async function countingProxy() {
    const target = new URL(served().url);
    const seen: string[] = [];
    const proxy: Server = createServer((req, res) => {
      seen.push(`${req.method} ${(req.url ?? '').split('?')[0]}`);
      forwardTo(target, req, res);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, seen, close: () => proxy.close() };
  }
  const profiles = () => JSON.parse(readFileSync(join(box.dir, 'config', 'config.json'), 'utf8')).profiles as Record<string, { org?: string }>;

  it('the built CLI: a command through the profile makes its one request; without it, two', async () => {
    const proxy = await countingProxy();
    try {
      const { token } = served();
      const login = await runBuilt(box, ['login', '--url', proxy.url, '--token', token, '--profile', 'only']);
      expect(login.code, login.stderr).toBe(0);
      const org = profiles().only.org!;
      expect(org).toMatch(/^\w+$/);
      expect(login.stderr).toContain(`Organization ${org} "`);
      expect(login.stderr).toContain('your only one, saved with the profile (log in again with --org ID for another).');

      proxy.seen.length = 0;
      const listed = await runBuilt(box, ['--profile', 'only', 'members', 'list']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('admin@example.com');
      expect(proxy.seen).toEqual([`GET /v1/orgs/${org}/members`]);

      // The same command with the URL and token alone still looks the organization up first.
      proxy.seen.length = 0;
      expect((await runBuilt(box, ['--url', proxy.url, '--token', token, 'members', 'list'])).code).toBe(0);
      expect(proxy.seen).toEqual(['GET /v1/orgs', `GET /v1/orgs/${org}/members`]);

      const who = await runBuilt(box, ['--profile', 'only', 'whoami', '--json']);
      expect(JSON.parse(who.stdout)).toMatchObject({ mode: 'remote', target: proxy.url, organization: org });
    } finally {
      proxy.close();
    }
  });

  it('saves --org as given, and none for a member of several (who is asked for --org, as before); on a terminal and piped', async () => {
    const { url, token } = served();
    const explicit = await box.run(['login', '--url', url, '--token', token, '--profile', 'explicit', '--org', 'someOrgId']);
    expect(explicit.code, explicit.stderr).toBe(0);
    expect(explicit.stderr).not.toContain('your only one');
    expect(profiles().explicit.org).toBe('someOrgId');

    await addOrganization(box, 'Second');
    const several = await box.run(['login', '--url', url, '--token', token, '--profile', 'several'], { tty: true });
    expect(several.code, several.stderr).toBe(0);
    expect(several.stderr).toBe(`Logged in to ${url} as admin@example.com (profile several, active).\n`);
    expect(profiles().several.org).toBeUndefined();
    const asked = await box.run(['--profile', 'several', 'members', 'list']);
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('you belong to 2 organizations: pass --org ID');
    const who = await box.run(['--profile', 'several', 'whoami']);
    expect(who.stderr).toContain(`Acting on ${url} (profile several), chosen by --profile.`);
    const whoExplicit = await box.run(['--profile', 'explicit', 'whoami'], { tty: true });
    expect(whoExplicit.stderr).toContain(`Acting on ${url} (profile explicit), chosen by --profile; organization someOrgId.`);
  });
});
