import { describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedSandbox } from '../helpers/serve';
import { sandbox } from '../helpers/cli';
import { runBuilt } from '../helpers/built';
import { forwardTo } from '../helpers/forward';
import { normalizedArchive } from '../helpers/org-archive';
import { INLINE_FILE_BYTES, LOCAL_INLINE_FILE_BYTES } from '../../src/commands/shared/inline-files';

/**
 * `import` sends an archived space's files as `content push` does: small ones inside the change
 * request's writes, many a request, larger ones uploaded (several in flight against a remote
 * instance). One upload per file made an archive of a thousand images a thousand requests.
 */
describe('import sends small files inside the writes', () => {
  /** A space of one page showing `count` small files of their own bytes, one of exactly `bound` bytes and `over` a byte over it, pushed locally and exported. */
  const archiveOf = async (box: { dir: string; run: (argv: string[]) => Promise<{ code: number; stderr: string; stdout: string }> }, name: string, count: number, bound: number, over = 1) => {
    const dir = join(box.dir, name);
    mkdirSync(join(dir, '.gitbook/assets'), { recursive: true });
    const overs = Array.from({ length: over }, (_, n) => `over-${n}.png`);
    const names = [...Array.from({ length: count }, (_, n) => `image-${n}.png`), 'limit.png', ...overs];
    writeFileSync(join(dir, 'README.md'), `# Images\n\n${names.map((file) => `![](.gitbook/assets/${file})`).join('\n\n')}\n`);
    for (let n = 0; n < count; n++) writeFileSync(join(dir, `.gitbook/assets/image-${n}.png`), Buffer.alloc(2000 + (n % 7), n));
    writeFileSync(join(dir, '.gitbook/assets/limit.png'), Buffer.alloc(bound, 8));
    overs.forEach((file, n) => writeFileSync(join(dir, `.gitbook/assets/${file}`), Buffer.alloc(bound + 1, 9 + n)));
    const created = await box.run(['spaces', 'create', '--title', name, '--json']);
    expect(created.code, created.stderr).toBe(0);
    const pushed = await box.run(['content', 'push', dir, '--space', JSON.parse(created.stdout).id, '--merge']);
    expect(pushed.code, pushed.stderr).toBe(0);
    const exported = await box.run(['export', '-o', `${name}.docsctl.tgz`]);
    expect(exported.code, exported.stderr).toBe(0);
    return join(box.dir, `${name}.docsctl.tgz`);
  };

  describe('to a remote instance', () => {
    let archive = '';
    const { box, served, remote } = servedSandbox({
      setup: async (b) => {
        archive = await archiveOf(b, 'Images', 250, INLINE_FILE_BYTES, 5);
      },
    });

    /**
     * A proxy in front of the served instance counting uploads (each held 30 ms, so overlapping ones
     * show), and the files each content write names by upload and as base64.
     */
    async function countingProxy() {
      const target = new URL(served().url);
      const seen = { uploads: 0, inFlight: 0, most: 0, writes: [] as Array<{ upload: number; base64: number }> };
      const proxy: Server = createServer((req, res) => {
        if (req.method === 'POST' && /\/uploads(\?|$)/.test(req.url ?? '')) {
          seen.uploads++;
          seen.most = Math.max(seen.most, ++seen.inFlight);
          res.on('close', () => seen.inFlight--);
          setTimeout(() => forwardTo(target, req, res), 30);
          return;
        }
        if (req.method !== 'POST' || !/\/change-requests\/[^/]+\/content$/.test(req.url ?? '')) return forwardTo(target, req, res);
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const body = Buffer.concat(chunks);
          const files = (JSON.parse(body.toString('utf8')).changes as Array<{ files?: Array<{ upload?: string; base64?: string }> }>).flatMap((c) => c.files ?? []);
          if (files.length) seen.writes.push({ upload: files.filter((f) => f.upload).length, base64: files.filter((f) => f.base64 !== undefined).length });
          const out = new URL(req.url ?? '/', target);
          fetch(out, { method: 'POST', headers: { authorization: req.headers.authorization ?? '', 'content-type': 'application/json' }, body })
            .then(async (answer) => res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(Buffer.from(await answer.arrayBuffer())))
            .catch(() => res.writeHead(502).end());
        });
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      return { url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, seen, close: () => proxy.close() };
    }

    it('the built CLI uploads only the 5 files over 1 MiB, 4 in flight, and sends the 251 others in two writes; the new organization exports as the old', async () => {
      const proxy = await countingProxy();
      let organization = '';
      try {
        const imported = await runBuilt(box, ['--url', proxy.url, '--token', served().token, 'import', archive, '--new-org', '--json']);
        expect(imported.code, imported.stderr).toBe(0);
        organization = JSON.parse(imported.stdout).organization;
        expect(proxy.seen).toMatchObject({ uploads: 5, most: 4, inFlight: 0 });
        // The uploaded ones named in a write of their own, then the inline ones at most 200 a request.
        expect(proxy.seen.writes).toEqual([{ upload: 5, base64: 0 }, { upload: 0, base64: 200 }, { upload: 0, base64: 51 }]);
      } finally {
        proxy.close();
      }
      expect(organization).toMatch(/\S/);
      const copy = await remote(['--org', organization, 'export', '-o', 'copy.docsctl.tgz']);
      expect(copy.code, copy.stderr).toBe(0);
      // The archive's blobs are named by SHA-256: every file came over byte for byte.
      const [left, right] = [await normalizedArchive(archive), await normalizedArchive(join(box.dir, 'copy.docsctl.tgz'))];
      expect((right.archive as { blobs: string[] }).blobs).toHaveLength(256);
      expect(right).toEqual(left);
    }, 120_000);
  });

  describe('locally', () => {
    const box = sandbox();

    it('sends files of at most 64 KiB inside the writes and uploads the others, piped and on a terminal', async () => {
      const init = await box.run(['init', '--no-first-token']);
      expect(init.code, init.stderr).toBe(0);
      const archive = await archiveOf(box, 'Local images', 3, LOCAL_INLINE_FILE_BYTES);
      for (const tty of [false, true]) {
        const imported = await box.run(['import', archive, '--new-org', '--map', `local-${tty}.map.json`], { tty });
        expect(imported.code, imported.stderr).toBe(0);
        const organization = /Imported .+ into organization (\S+);/.exec(imported.stderr + imported.stdout)?.[1];
        expect(organization, imported.stderr + imported.stdout).toBeDefined();
        // over-0.png uploaded; the four others inside the first write.
        const uploads = await box.run(['--org', organization!, 'audit', 'list', '--action', 'createSpaceUpload', '--json']);
        expect(uploads.code, uploads.stderr).toBe(0);
        expect(JSON.parse(uploads.stdout).items, `tty: ${tty}`).toHaveLength(1);
        const copy = await box.run(['--org', organization!, 'export', '-o', `local-copy-${tty}.docsctl.tgz`]);
        expect(copy.code, copy.stderr).toBe(0);
        expect((await normalizedArchive(join(box.dir, `local-copy-${tty}.docsctl.tgz`))).archive).toEqual((await normalizedArchive(archive)).archive);
      }
    });
  });
});
