import { describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedSandbox } from '../helpers/serve';
import { run } from '../helpers/cli';
import { runBuilt } from '../helpers/built';
import { forwardTo } from '../helpers/forward';
import { INLINE_FILE_BYTES, LOCAL_INLINE_FILE_BYTES } from '../../src/commands/shared/inline-files';

/**
 * A remote `content push` keeps several uploads in flight (over HTTP they overlap the round trips: a
 * push of 300 images over a 10 ms link took a third of the time it took one by one), and a failed
 * upload still leaves nothing behind: no new upload starts, no change request is opened.
 */
describe('content push uploads to a remote instance', () => {
  const { box, remote, served } = servedSandbox();

  /** A Git Sync folder of one page showing `images` images of their own bytes, each `size` bytes or one more (by default, too large to travel inline). */
  const folder = (name: string, images: number, size = INLINE_FILE_BYTES + 1) => {
    const dir = join(box.dir, name);
    mkdirSync(join(dir, '.gitbook/assets'), { recursive: true });
    const lines = Array.from({ length: images }, (_, n) => `![](.gitbook/assets/image-${n}.png)`);
    writeFileSync(join(dir, 'README.md'), `# Welcome\n\n${lines.join('\n\n')}\n`);
    for (let n = 0; n < images; n++) writeFileSync(join(dir, `.gitbook/assets/image-${n}.png`), Buffer.alloc(size + (n % 2), n));
    return name;
  };
  const newSpace = async (title: string) => JSON.parse((await remote(['spaces', 'create', '--title', title, '--json'])).stdout).id as string;
  const changeRequests = async (space: string, status: string) => JSON.parse((await remote(['cr', 'list', '--space', space, '--status', status, '--json'])).stdout).count as number;

  /**
   * A proxy in front of the served instance that holds each upload 30 ms (so overlapping ones show)
   * and counts them; `refuse` answers the upload of that number (1-based) 400 instead.
   */
  async function uploadProxy(refuse?: number) {
    const target = new URL(served().url);
    const seen = { started: 0, inFlight: 0, most: 0, writes: 0 };
    const proxy: Server = createServer((req, res) => {
      const upload = req.method === 'POST' && /\/uploads(\?|$)/.test(req.url ?? '');
      if (req.method === 'POST' && /\/change-requests\/[^/]+\/content$/.test(req.url ?? '')) seen.writes++;
      if (upload) {
        seen.started++;
        seen.most = Math.max(seen.most, ++seen.inFlight);
        res.on('close', () => seen.inFlight--);
        if (seen.started === refuse) {
          req.resume();
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 400, message: 'refused by the proxy' } }));
          return;
        }
      }
      const forward = () => forwardTo(target, req, res);
      if (upload) setTimeout(forward, 30);
      else forward();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, seen, close: () => proxy.close() };
  }

  it('the built CLI keeps up to 4 uploads in flight and pushes every file', async () => {
    const space = await newSpace('Overlapped');
    const docs = folder('overlapped', 12);
    const proxy = await uploadProxy();
    try {
      const pushed = await runBuilt(box, ['--url', proxy.url, '--token', served().token, 'content', 'push', docs, '--space', space, '--merge', '--json']);
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(JSON.parse(pushed.stdout)).toMatchObject({ inserted: 1, uploaded: 12, merged: true });
      expect(proxy.seen).toMatchObject({ started: 12, inFlight: 0, most: 4 });
    } finally {
      proxy.close();
    }
    const files = JSON.parse((await remote(['content', 'files', '--space', space, '--json'])).stdout);
    expect(files.count).toBe(12);
  });

  it('sends files of at most 1 MiB inside the change request\'s writes, many a request, and uploads only the larger ones', async () => {
    const space = await newSpace('Inline');
    const docs = folder('inline', 250, 2000);
    writeFileSync(join(box.dir, docs, '.gitbook/assets/large.png'), Buffer.alloc(INLINE_FILE_BYTES + 1, 9));
    writeFileSync(join(box.dir, docs, '.gitbook/assets/limit.png'), Buffer.alloc(INLINE_FILE_BYTES, 8));
    const proxy = await uploadProxy();
    try {
      const pushed = await runBuilt(box, ['--url', proxy.url, '--token', served().token, 'content', 'push', docs, '--space', space, '--merge', '--json']);
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(JSON.parse(pushed.stdout)).toMatchObject({ inserted: 1, uploaded: 252, merged: true });
      // One upload (the file over 1 MiB); its insert, then the 251 others in two writes (200 files a
      // request at most), then the pages.
      expect(proxy.seen).toMatchObject({ started: 1, writes: 4 });
    } finally {
      proxy.close();
    }
    const files = JSON.parse((await remote(['content', 'files', '--space', space, '--all', '--json'])).stdout);
    expect(files.count).toBe(252);
    const pulled = await remote(['content', 'pull', 'inline-back', '--space', space]);
    expect(pulled.code, pulled.stderr).toBe(0);
    for (const name of ['image-0.png', 'image-249.png', 'large.png', 'limit.png']) {
      expect(readFileSync(join(box.dir, 'inline-back/.gitbook/assets', name)).equals(readFileSync(join(box.dir, docs, '.gitbook/assets', name))), name).toBe(true);
    }
  });

  it('locally, sends files of at most 64 KiB inside the writes and uploads the others (a request in-process is no round trip, base64 costs CPU)', async () => {
    const space = await newSpace('Local inline');
    const docs = folder('local-inline', 2, 1000);
    writeFileSync(join(box.dir, docs, '.gitbook/assets/limit.png'), Buffer.alloc(LOCAL_INLINE_FILE_BYTES, 8));
    writeFileSync(join(box.dir, docs, '.gitbook/assets/over.png'), Buffer.alloc(LOCAL_INLINE_FILE_BYTES + 1, 9));
    const spaces = [space, await newSpace('Local inline, terminal')];
    for (const tty of [false, true]) {
      const pushed = await box.run(['content', 'push', docs, '--space', spaces[Number(tty)], '--merge', '--json'], { tty });
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(JSON.parse(pushed.stdout)).toMatchObject({ uploaded: 4, merged: true });
    }
    // One upload a push (over.png); the three others inside the first write.
    for (const id of spaces) {
      const uploads = await box.run(['audit', 'list', '--action', 'createSpaceUpload', '--target', id, '--json']);
      expect(uploads.code, uploads.stderr).toBe(0);
      expect(JSON.parse(uploads.stdout).items, id).toHaveLength(1);
    }
    const pulled = await box.run(['content', 'pull', 'local-inline-back', '--space', space]);
    expect(pulled.code, pulled.stderr).toBe(0);
    for (const name of ['image-0.png', 'limit.png', 'over.png']) {
      expect(readFileSync(join(box.dir, 'local-inline-back/.gitbook/assets', name)).equals(readFileSync(join(box.dir, docs, '.gitbook/assets', name))), name).toBe(true);
    }
  });

  it('keeps --parallel uploads in flight, locally too, and refuses a count outside 1 to 8 before reading anything', async () => {
    const space = await newSpace('Paced');
    const docs = folder('paced', 6);
    const proxy = await uploadProxy();
    try {
      const pushed = await run(['--url', proxy.url, '--token', served().token, 'content', 'push', docs, '--space', space, '--parallel', '2', '--json'], { cwd: box.dir, env: { DOCSCTL_CONFIG_DIR: box.env.DOCSCTL_CONFIG_DIR } });
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(proxy.seen).toMatchObject({ started: 6, most: 2 });
    } finally {
      proxy.close();
    }
    for (const tty of [false, true]) {
      for (const bad of ['0', '9', 'two']) {
        const refused = await run(['content', 'push', docs, '--space', space, '--parallel', bad], { cwd: box.dir, env: box.env, tty });
        expect(refused.code).toBe(2);
        expect(refused.stderr).toContain('--parallel: must be a whole number from 1 to 8');
      }
    }
    const local = await box.run(['content', 'push', folder('paced-locally', 5), '--space', await newSpace('Local'), '--parallel', '3', '--merge', '--json']);
    expect(local.code, local.stderr).toBe(0);
    expect(JSON.parse(local.stdout)).toMatchObject({ uploaded: 5, merged: true });
  });

  it('after a refused upload starts no other, opens no change request and names the local file', async () => {
    const space = await newSpace('Refused');
    const docs = folder('refused', 12);
    const proxy = await uploadProxy(3);
    try {
      const failed = await run(['--url', proxy.url, '--token', served().token, 'content', 'push', docs, '--space', space, '--merge'], { cwd: box.dir, env: { DOCSCTL_CONFIG_DIR: box.env.DOCSCTL_CONFIG_DIR } });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toMatch(/refused\/\.gitbook\/assets\/image-\d+\.png: refused by the proxy/);
      // The third was refused while the first four were under way: at most the fourth started after it.
      expect(proxy.seen.started).toBeLessThanOrEqual(4);
      expect(proxy.seen.inFlight).toBe(0);
    } finally {
      proxy.close();
    }
    for (const status of ['open', 'archived', 'merged']) expect(await changeRequests(space, status), status).toBe(0);
  });
});
