import { createHash, randomFillSync } from 'node:crypto';
import { createReadStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';
import { runBuilt, startBuiltServer } from '../helpers/built';
import { S3_CREDENTIALS, s3Endpoint, s3Env, s3Location } from '../helpers/s3';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { ApiClient } from '../../src/api/client';
import { remoteTransport } from '../../src/api/transports/remote';
import { routes } from '../../src/api/routes/index';

// The built CLI (bin/docsctl.cjs, the AWS SDK in its own vendor bundle) with files in S3: a 60 MB
// file up and down through a built serve, whose memory stays far below the file's size.

const FILE_BYTES = 60 * 1000 * 1000;
/** What the uploads bench allows serve with files in the database (docs/performance.md). */
const LIMIT_MB = 150;

/** A process's peak resident memory so far, in MB (Linux: VmHWM). */
const peakMb = (pid: number | undefined) => Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

async function fileSha(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

describe('the built CLI with files in S3', () => {
  it('streams a 60 MB file to the bucket and back through serve, never holding it whole', async () => {
    const box = sandbox();
    Object.assign(box.env, s3Env(s3Location('built')));
    const init = await runBuilt(box, ['init']);
    expect(init.code, init.stderr).toBe(0);
    const bytes = Buffer.alloc(FILE_BYTES);
    randomFillSync(bytes);
    const source = join(box.dir, 'demo.gif');
    writeFileSync(source, bytes);
    const expected = createHash('sha256').update(bytes).digest('hex');
    const server = await startBuiltServer(box);
    try {
      const before = peakMb(server.pid);
      const api = new ApiClient(remoteTransport({ baseUrl: server.url, token: server.token, timeoutMs: 120_000 }));
      const organizationId = (await api.call(routes.listOrganizations)).items[0].id;
      const space = await api.call(routes.createSpace, { params: { organizationId }, body: { title: 'Big files' } });
      const upload = await api.upload(routes.createSpaceUpload, { params: { spaceId: space.id }, query: { name: 'demo.gif' } }, source);
      expect(upload).toMatchObject({ id: expected, size: FILE_BYTES });
      const cr = await api.call(routes.createChangeRequest, { params: { spaceId: space.id }, body: {} });
      const written = await api.call(routes.writeChangeRequestContent, {
        params: { spaceId: space.id, changeRequestId: cr.id },
        body: { changes: [{ operation: 'insert_files', files: [{ name: 'demo.gif', upload: upload.id }] }] },
      });
      await api.call(routes.mergeChangeRequest, { params: { spaceId: space.id, changeRequestId: cr.id } });
      const afterUpload = peakMb(server.pid);
      const target = join(box.dir, 'back.gif');
      await api.download(routes.downloadSpaceFile, { params: { spaceId: space.id, fileId: written.insertedFiles[0].id } }, target);
      const afterDownload = peakMb(server.pid);
      await api.close();
      expect(await fileSha(target)).toBe(expected);
      console.log(`serve with files in S3, peak resident memory: ${before.toFixed(0)} MB at start, ${afterUpload.toFixed(0)} MB after a ${FILE_BYTES / 1e6} MB upload, ${afterDownload.toFixed(0)} MB after its download`);
      expect(afterUpload).toBeLessThan(LIMIT_MB);
      expect(afterDownload).toBeLessThan(LIMIT_MB);
      // The built CLI in local mode reads it back from the bucket too.
      const pulled = await runBuilt(box, ['content', 'pull', 'out', '--space', space.id]);
      expect(pulled.code, pulled.stderr).toBe(0);
      expect(await fileSha(join(box.dir, 'out', '.gitbook/assets/demo.gif'))).toBe(expected);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('writes a batch\'s base64 files to the bucket (ahead of its transaction) through a built serve', async () => {
    const box = sandbox();
    const location = s3Location('built-base64');
    Object.assign(box.env, s3Env(location));
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const server = await startBuiltServer(box);
    try {
      const api = new ApiClient(remoteTransport({ baseUrl: server.url, token: server.token }));
      const organizationId = (await api.call(routes.listOrganizations)).items[0].id;
      const space = await api.call(routes.createSpace, { params: { organizationId }, body: { title: 'Inline files' } });
      const cr = await api.call(routes.createChangeRequest, { params: { spaceId: space.id }, body: {} });
      const bytes = randomFillSync(Buffer.alloc(5000));
      const written = await api.call(routes.writeChangeRequestContent, {
        params: { spaceId: space.id, changeRequestId: cr.id },
        body: { changes: [{ operation: 'insert_files', files: [{ name: 'data.bin', base64: bytes.toString('base64') }] }] },
      });
      const target = join(box.dir, 'data.bin');
      await api.call(routes.mergeChangeRequest, { params: { spaceId: space.id, changeRequestId: cr.id } });
      await api.download(routes.downloadSpaceFile, { params: { spaceId: space.id, fileId: written.insertedFiles[0].id } }, target);
      await api.close();
      const id = createHash('sha256').update(bytes).digest('hex');
      expect(createHash('sha256').update(readFileSync(target)).digest('hex')).toBe(id);
      const { hostname: bucket, pathname } = new URL(location.replace(/^s3:/, 'http:'));
      const client = new S3Client({ endpoint: s3Endpoint(), region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `${pathname.slice(1)}/${id.slice(0, 2)}/${id}` }));
      expect(head.ContentLength).toBe(bytes.length);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
