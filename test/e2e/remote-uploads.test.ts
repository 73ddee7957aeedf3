import { afterAll, describe, expect, it } from 'vitest';
import { createHash, randomFillSync } from 'node:crypto';
import { createReadStream, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { servedSandbox, startServe } from '../helpers/serve';
import { sandbox } from '../helpers/cli';
import { ApiClient } from '../../src/api/client';
import { remoteTransport } from '../../src/api/transports/remote';
import { localTransport } from '../../src/api/transports/local';
import { routes } from '../../src/api/routes/index';
import { createApp } from '../../src/server/app';
import { openEngine, type Engine } from '../../src/engine/index';
import { ApiError } from '../../src/api/errors';
import { filesInS3, testFileStoreOptions } from '../helpers/s3';

// Slow on purpose: a load test. A 60 MB file of random bytes goes up and down through `serve` and in
// process, byte for byte, to show it is streamed and never held whole.

const MiB = 1024 * 1024;

async function fileSha(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

/** Uploads `source`, puts it into a change request as `name`, merges it, downloads it to `target`. */
async function roundTrip(api: ApiClient, organizationId: string, source: string, target: string) {
  const space = await api.call(routes.createSpace, { params: { organizationId }, body: { title: 'Big files' } });
  const upload = await api.upload(routes.createSpaceUpload, { params: { spaceId: space.id }, query: { name: 'demo.gif' } }, source);
  const cr = await api.call(routes.createChangeRequest, { params: { spaceId: space.id }, body: {} });
  const written = await api.call(routes.writeChangeRequestContent, {
    params: { spaceId: space.id, changeRequestId: cr.id },
    body: { changes: [{ operation: 'insert_files', files: [{ name: 'images/demo.gif', upload: upload.id }] }] },
  });
  const file = written.insertedFiles[0];
  await api.call(routes.mergeChangeRequest, { params: { spaceId: space.id, changeRequestId: cr.id } });
  const saved = await api.download(routes.downloadSpaceFile, { params: { spaceId: space.id, fileId: file.id } }, target);
  return { space, upload, file, saved };
}

/**
 * A 60 MB file through a real `serve` (remote mode: node:http both ways, streamed) and in-process
 * (local mode: a file stream into the app, a stream of chunks out of it): the same bytes come back.
 */
describe('uploads and downloads of a large file', () => {
  const { box, served } = servedSandbox();
  const source = join(box.dir, 'demo.gif');
  let expected: string;
  let local: Engine | undefined;
  afterAll(async () => await local?.close());

  it('round-trips 60 MB through serve (remote) and in-process (local), byte for byte', async () => {
    const bytes = Buffer.alloc(60 * 1000 * 1000);
    randomFillSync(bytes);
    writeFileSync(source, bytes);
    expected = createHash('sha256').update(bytes).digest('hex');

    const { url, token } = served();
    const remote = new ApiClient(remoteTransport({ baseUrl: url, token }));
    const organizationId = (await remote.call(routes.listOrganizations)).items[0].id;
    const overHttp = await roundTrip(remote, organizationId, source, join(box.dir, 'remote.gif'));
    expect(overHttp.upload).toMatchObject({ object: 'upload', id: expected, size: bytes.length });
    expect(overHttp.file).toMatchObject({ name: 'images/demo.gif', contentType: 'image/gif', size: bytes.length });
    expect(overHttp.saved).toEqual({ size: bytes.length, contentType: 'image/gif' });
    expect(statSync(join(box.dir, 'remote.gif')).size).toBe(bytes.length);
    expect(await fileSha(join(box.dir, 'remote.gif'))).toBe(expected);
    // `call` of a raw route still answers the bytes whole.
    const whole = await remote.call(routes.downloadSpaceFile, { params: { spaceId: overHttp.space.id, fileId: overHttp.file.id } });
    expect(createHash('sha256').update(whole as unknown as Buffer).digest('hex')).toBe(expected);
    await remote.close();

    local = await openEngine(box.env.DOCSCTL_DB, testFileStoreOptions());
    const { userId } = await local.installation();
    const inProcess = new ApiClient(localTransport(createApp({ engine: local }), { userId: userId! }));
    const here = await roundTrip(inProcess, organizationId, source, join(box.dir, 'local.gif'));
    expect(here.upload.id).toBe(expected);
    expect(await fileSha(join(box.dir, 'local.gif'))).toBe(expected);
    const wholeHere = await inProcess.call(routes.downloadSpaceFile, { params: { spaceId: here.space.id, fileId: here.file.id } });
    expect(Buffer.compare(wholeHere as unknown as Buffer, readFileSync(source))).toBe(0);
    // Stored once for both spaces: 58 chunks of 1 MiB (or one object of the S3 run's store).
    const blobs = await local.core.all<{ id: string; chunks: number }>('SELECT id, chunks FROM blobs WHERE size > ?', [MiB]);
    expect(blobs).toEqual([{ id: expected, chunks: filesInS3() ? -1 : Math.ceil(bytes.length / MiB) }]);
  }, 120_000);

  it('shows the server\'s message on a failed upload or download, and leaves no file', async () => {
    const { url, token } = served();
    const remote = new ApiClient(remoteTransport({ baseUrl: url, token }));
    const failed = await remote.upload(routes.createSpaceUpload, { params: { spaceId: 'nope' } }, Buffer.from('x')).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ status: 404, message: 'space nope not found' });
    const target = join(box.dir, 'missing.bin');
    const missing = await remote.download(routes.downloadSpaceFile, { params: { spaceId: 'nope', fileId: 'none' } }, target).catch((error: unknown) => error);
    expect(missing).toMatchObject({ status: 404, message: 'space nope not found' });
    expect(existsSync(target)).toBe(false);
    await remote.close();
  });
});

describe('serve --max-file-size', () => {
  const box = sandbox();
  it('bounds uploads (413 naming the bound, before the body when its length is declared) and says so at GET /v1/limits', async () => {
    expect((await box.run(['init'])).code).toBe(0);
    const served = await startServe(box, { args: ['--max-file-size', '2MiB'] });
    try {
      const api = new ApiClient(remoteTransport({ baseUrl: served.url, token: served.token }));
      expect(await api.call(routes.getLimits)).toEqual({ object: 'limits', maxFileSize: 2 * MiB });
      const organizationId = (await api.call(routes.listOrganizations)).items[0].id;
      const space = await api.call(routes.createSpace, { params: { organizationId }, body: { title: 'Small' } });
      const big = join(box.dir, 'big.bin');
      writeFileSync(big, Buffer.alloc(3 * MiB, 7));
      const refused = await api.upload(routes.createSpaceUpload, { params: { spaceId: space.id }, query: { name: 'big.bin' } }, big).catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 413, message: 'body: big.bin: the file must be at most 2 MiB (2097152 bytes)' });
      // The connection drained and closed; the next request goes through.
      const ok = await api.upload(routes.createSpaceUpload, { params: { spaceId: space.id } }, Buffer.alloc(2 * MiB, 7));
      expect(ok.size).toBe(2 * MiB);
      await api.close();
    } finally {
      await served.stop();
    }
  });

  it('refuses a size it cannot read (usage error naming the flag)', async () => {
    const result = await box.run(['serve', '--port', '0', '--max-file-size', 'lots']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--max-file-size: must be a size from 1 byte to 1 GiB');
  });
});
