import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { sandbox } from '../helpers/cli';
import { runBuilt, spawnBuiltServe } from '../helpers/built';

/** `serve` as a service manager runs it: the built entry, stopped with SIGTERM. */
describe('serve through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));

  it('stops cleanly (exit 0) on a SIGTERM sent the moment it announces itself', async () => {
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    // The handlers used to be installed after the announcement: a quick SIGTERM killed it outright.
    for (let i = 0; i < 8; i++) {
      for (const args of [['--port', '0', '--json'], ['--port', '0']]) {
        const server = spawnBuiltServe(box, args);
        await server.listening;
        const stopped = await server.stop();
        expect(stopped.code, `serve ${args.join(' ')}: ${stopped.stderr}`).toBe(0);
      }
    }
  }, 60_000);

  it('login --with-token takes a short-lived token from standard input (issue 30, item 4)', async () => {
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const server = spawnBuiltServe(box, ['--port', '0', '--json']);
    try {
      const url = await server.listening;
      const created = await runBuilt(box, ['tokens', 'create', '--name', 'short', '--expires', '15m', '--json']);
      expect(created.code, created.stderr).toBe(0);
      const { token, expiresAt } = JSON.parse(created.stdout);
      expect(Math.abs(Date.parse(expiresAt) - Date.now() - 15 * 60_000)).toBeLessThan(60_000);
      const env = { DOCSCTL_CONFIG_DIR: `${box.dir}/profiles-with-token` };
      const login = await runBuilt(box, ['login', '--url', url, '--with-token'], { stdin: `${token}\n`, env });
      expect(login.code, login.stderr).toBe(0);
      expect(login.stderr).toContain(`Logged in to ${url} as admin@example.com`);
      const who = await runBuilt(box, ['whoami', '--json'], { env: { ...env, DOCSCTL_DB: '' } });
      expect(JSON.parse(who.stdout)).toMatchObject({ mode: 'remote', target: url });
    } finally {
      await server.stop();
    }
  }, 30_000);
});
