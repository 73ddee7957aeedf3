import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedSandbox } from '../helpers/serve';
import { run } from '../helpers/cli';
import { runBuilt } from '../helpers/built';
import { forwardTo } from '../helpers/forward';

/**
 * `content push` leaves nothing half-done (issue 29, item 4): every check runs before anything is sent,
 * `--dry-run` fails where the push would, errors name the local file, and a push that fails after
 * opening its change request archives it.
 */
describe('content push failures leave nothing behind', () => {
  const { box, remote, served } = servedSandbox();

  const folder = (name: string, files: Record<string, string | Buffer>) => {
    const dir = join(box.dir, name);
    for (const [file, data] of Object.entries(files)) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), data);
    }
    return name;
  };
  const newSpace = async (title: string) => JSON.parse((await remote(['spaces', 'create', '--title', title, '--json'])).stdout).id as string;
  const changeRequests = async (space: string, status: string) => JSON.parse((await remote(['cr', 'list', '--space', space, '--status', status, '--json'])).stdout).count as number;

  it('refuses a file over the bound and a title over 256 characters before opening anything, naming each local file', async () => {
    const space = await newSpace('Checks');
    const docs = folder('checks', {
      'README.md': '# Welcome\n\n![demo](.gitbook/assets/demo.gif)\n',
      [`long.md`]: `# ${'T'.repeat(300)}\n`,
      'SUMMARY.md': '* [Welcome](README.md)\n* [Long](long.md)\n',
      '.gitbook/assets/demo.gif': Buffer.alloc(3000, 1),
    });
    // The bound is the instance's: a local engine told so by DOCSCTL_MAX_FILE_SIZE (serve takes --max-file-size).
    const env = { DOCSCTL_MAX_FILE_SIZE: '2KiB' };
    for (const flags of [['--dry-run'], ['--merge']]) {
      const result = await box.run(['content', 'push', docs, '--space', space, ...flags], { env });
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain('error: checks/.gitbook/assets/demo.gif: the file must be at most 2 KiB (2048 bytes) (it is 3000 bytes)');
      expect(result.stderr).toContain('error: checks/long.md: title: must be at most 256 characters');
      expect(result.stderr).toContain('2 problem(s) in checks: nothing was pushed');
      expect(result.stderr).not.toContain('changes[');
    }
    for (const status of ['open', 'archived', 'merged']) expect(await changeRequests(space, status), status).toBe(0);
  });

  it('archives the change request when the push fails after opening it, and a retry pushes cleanly', async () => {
    const space = await newSpace('Retried');
    const docs = folder('retried', { 'README.md': '# Welcome\n', 'guide.md': '# Guide\n' });
    // A proxy that drops the first content write it sees: the connection breaks after the change request is open.
    const target = new URL(served().url);
    let dropped = 0;
    const proxy = createServer((req, res) => {
      if (req.method === 'POST' && /\/change-requests\/[^/]+\/content$/.test(req.url ?? '') && dropped === 0) {
        dropped++;
        req.resume();
        res.writeHead(502, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 502, message: 'upstream went away' } }));
        return;
      }
      forwardTo(target, req, res);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const failed = await run(['--url', url, '--token', served().token, 'content', 'push', docs, '--space', space, '--merge'], { cwd: box.dir, env: { DOCSCTL_CONFIG_DIR: box.env.DOCSCTL_CONFIG_DIR } });
      expect(failed.code).not.toBe(0);
      expect(failed.stderr).toContain('upstream went away');
      expect(failed.stderr).toContain('change request #1 was archived; the space is unchanged');
      expect(await changeRequests(space, 'archived')).toBe(1);
      expect(await changeRequests(space, 'open')).toBe(0);
    } finally {
      proxy.close();
    }
    const retried = await remote(['content', 'push', docs, '--space', space, '--merge', '--json']);
    expect(retried.code, retried.stderr).toBe(0);
    expect(JSON.parse(retried.stdout)).toMatchObject({ inserted: 2, merged: true, changeRequest: 2 });
    expect(await changeRequests(space, 'open')).toBe(0);
  });

  it('the built CLI: --dry-run fails where the push would', async () => {
    const space = await newSpace('Built');
    const docs = folder('built', { 'README.md': '# Welcome\n\n![big](big.bin)\n', 'big.bin': Buffer.alloc(5000) });
    const result = await runBuilt(box, ['content', 'push', docs, '--space', space, '--dry-run'], { env: { DOCSCTL_MAX_FILE_SIZE: '4KiB' } });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain('error: built/big.bin: the file must be at most 4 KiB (4096 bytes) (it is 5000 bytes)');
    const ok = await runBuilt(box, ['content', 'push', docs, '--space', space, '--dry-run', '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ inserted: 1, uploaded: 1, dryRun: true });
  });
});
