import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { S3Client, PutObjectCommand, HeadObjectCommand, ListObjectsV2Command, CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { PART_BYTES, S3FileStore } from '../../src/engine/content/s3-file-store';
import { openFileStore } from '../../src/engine/content/file-store';
import { FileStoreFailed, FileStoreRefused, MissingObject } from '../../src/engine/errors';
import { S3_CREDENTIALS, closedPort, s3Endpoint, s3Location, testS3Store } from '../helpers/s3';

// The S3 store against a real S3-protocol server (s3rver, started by test/s3-setup.ts), through the
// SDK docsctl ships: never a mock of the client.

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const pieces = (bytes: Buffer) => (at: number, length: number) => bytes.subarray(at, at + length);

/** The raw bucket, as another tool sees it. */
function bucketClient() {
  return new S3Client({ endpoint: s3Endpoint(), region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
}

async function readAll(store: S3FileStore, id: string, pieceBytes = 1024 * 1024): Promise<{ bytes: Buffer; largest: number; count: number }> {
  const parts: Buffer[] = [];
  let largest = 0;
  for await (const piece of store.read(id, pieceBytes)) {
    parts.push(piece);
    largest = Math.max(largest, piece.length);
  }
  return { bytes: Buffer.concat(parts), largest, count: parts.length };
}

describe('S3FileStore (--files s3://BUCKET/PREFIX)', () => {
  it('names objects <prefix>/<2 hex>/<sha256>, reads them back a piece at a time, keeps one already there, removes', async () => {
    const location = s3Location('unit');
    const store = testS3Store(location);
    expect(store.location).toBe(location);
    const small = randomBytes(1000);
    await store.put(sha(small), small.length, pieces(small));
    const prefix = location.replace(/^s3:\/\/[^/]+\//, '');
    const head = await bucketClient().send(new HeadObjectCommand({ Bucket: store.bucket, Key: `${prefix}/${sha(small).slice(0, 2)}/${sha(small)}` }));
    expect(head.ContentLength).toBe(1000);
    expect((await readAll(store, sha(small))).bytes.equals(small)).toBe(true);
    // There already: not one byte is asked for again.
    await store.put(sha(small), small.length, () => {
      throw new Error('asked for bytes of an object already stored');
    });
    await store.remove(sha(small));
    await expect(readAll(store, sha(small))).rejects.toThrow(MissingObject);
    await expect(readAll(store, sha(small))).rejects.toThrow(`file ${sha(small)} is missing from the file store ${location}`);
    // Removing what is gone is nothing.
    await store.remove(sha(small));
  });

  it('writes a large object in parts, one part in memory at a time, asking for it a mebibyte at a time; reads it back whole', async () => {
    const store = testS3Store(s3Location('parts'));
    const big = randomBytes(2 * PART_BYTES + 12345);
    const asked: number[] = [];
    await store.put(sha(big), big.length, (at, length) => {
      asked.push(length);
      return big.subarray(at, at + length);
    });
    expect(Math.max(...asked)).toBeLessThanOrEqual(1024 * 1024);
    expect(asked.reduce((a, b) => a + b, 0)).toBe(big.length);
    const back = await readAll(store, sha(big), 256 * 1024);
    expect(sha(back.bytes)).toBe(sha(big));
    expect(back.largest).toBeLessThanOrEqual(256 * 1024);
    expect(back.count).toBeGreaterThan(big.length / (256 * 1024));
  });

  it('a read stopped early lets go of its response; a failed multipart write leaves no object', async () => {
    const store = testS3Store(s3Location('early'));
    const big = randomBytes(PART_BYTES + 10);
    await store.put(sha(big), big.length, pieces(big));
    for await (const piece of store.read(sha(big), 64 * 1024)) {
      expect(piece.length).toBeGreaterThan(0);
      break;
    }
    const other = randomBytes(PART_BYTES + 10);
    await expect(store.put(sha(other), other.length, (at, length) => {
      if (at >= PART_BYTES) throw new Error('the disk failed');
      return other.subarray(at, at + length);
    })).rejects.toThrow('the disk failed');
    expect(await store.sizeOf(sha(other))).toBeUndefined();
  });

  it('sweep removes old objects no row names, keeps named, new and foreign keys, and tolerates a store that lists no uploads', async () => {
    const location = s3Location('sweep');
    const store = testS3Store(location);
    const [named, unnamed] = [randomBytes(100), randomBytes(200)];
    for (const bytes of [named, unnamed]) await store.put(sha(bytes), bytes.length, pieces(bytes));
    const prefix = location.replace(/^s3:\/\/[^/]+\//, '');
    const client = bucketClient();
    await client.send(new PutObjectCommand({ Bucket: store.bucket, Key: `${prefix}/notes.txt`, Body: 'not an object of docsctl' }));
    // An unfinished multipart upload (a process killed mid-write): s3rver cannot list them, which the sweep tolerates.
    await client.send(new CreateMultipartUploadCommand({ Bucket: store.bucket, Key: `${prefix}/${'ab'}/${'ab'.repeat(32)}` }));
    // Nothing is older than a moment ago: nothing goes.
    expect(await store.sweep(new Date(Date.now() - 60_000), async () => new Set())).toBe(0);
    const removed = await store.sweep(new Date(Date.now() + 60_000), async (ids) => new Set(ids.filter((id) => id === sha(named))));
    expect(removed).toBe(1);
    expect(await store.sizeOf(sha(named))).toBe(100);
    expect(await store.sizeOf(sha(unnamed))).toBeUndefined();
    const left = await client.send(new ListObjectsV2Command({ Bucket: store.bucket, Prefix: `${prefix}/` }));
    expect(left.Contents?.map((o) => o.Key).sort()).toEqual([`${prefix}/${sha(named).slice(0, 2)}/${sha(named)}`, `${prefix}/notes.txt`].sort());
  });

  it('names the store and what failed: a missing bucket, refused credentials, an endpoint that does not answer', async () => {
    const endpoint = s3Endpoint()!;
    const missing = new S3FileStore('s3://no-such-bucket/docs', { endpoint, credentials: S3_CREDENTIALS });
    await expect(missing.check()).rejects.toThrow(FileStoreFailed);
    await expect(missing.check()).rejects.toThrow(`the file store s3://no-such-bucket/docs (at ${endpoint}) failed to reach its bucket: bucket no-such-bucket does not exist`);
    const bucket = testS3Store().bucket;
    const wrongSecret = new S3FileStore(`s3://${bucket}/docs`, { endpoint, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'wrong' } });
    const small = randomBytes(10);
    // The HEAD first: its answer has no body to name the error, the status says it.
    await expect(wrongSecret.put(sha(small), 10, pieces(small))).rejects.toThrow(/failed to look up file \w+: access denied \(403\): the credentials are wrong \(AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY\), or may not use bucket docsctl-test under docs\//);
    await expect(wrongSecret.read(sha(small), 1024).next()).rejects.toThrow(/failed to read file \w+: the credentials were refused or are missing \(SignatureDoesNotMatch\): set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
    const wrongKey = new S3FileStore(`s3://${bucket}/docs`, { endpoint, credentials: { accessKeyId: 'nobody', secretAccessKey: 'wrong' } });
    await expect(wrongKey.read(sha(small), 1024).next()).rejects.toThrow(/the credentials were refused or are missing \(InvalidAccessKeyId\)/);
    await expect(wrongKey.check()).rejects.toThrow(/failed to reach its bucket: access denied \(403\)/);
    const port = await closedPort();
    const unreachable = new S3FileStore(`s3://${bucket}/docs`, { endpoint: `http://127.0.0.1:${port}`, credentials: S3_CREDENTIALS });
    await expect(unreachable.check()).rejects.toThrow(`the file store s3://${bucket}/docs (at http://127.0.0.1:${port}) failed to reach its bucket: cannot reach http://127.0.0.1:${port} (ECONNREFUSED`);
  });

  it('refuses locations and endpoints it cannot use, before sending anything', () => {
    expect(() => openFileStore('s3://')).toThrow(FileStoreRefused);
    expect(() => openFileStore('s3://a/docs')).toThrow('--files s3://a/docs: must be s3://BUCKET or s3://BUCKET/PREFIX');
    expect(() => openFileStore('s3://bucket/docs', { s3: { endpoint: 'minio:9000' } })).toThrow('--files-endpoint minio:9000: must be an http:// or https:// URL');
    expect(openFileStore('s3://bucket/docs/').location).toBe('s3://bucket/docs');
    expect(openFileStore('s3://bucket').location).toBe('s3://bucket');
    expect((openFileStore('s3://bucket') as S3FileStore).keyOf('ab'.repeat(32))).toBe(`ab/${'ab'.repeat(32)}`);
    expect(() => openFileStore('ftp://x')).toThrow('must be dir:PATH (a folder for the files\' bytes) or s3://BUCKET/PREFIX');
  });
});
