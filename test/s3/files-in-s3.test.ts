import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { S3Client, GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { sandbox } from '../helpers/cli';
import { apiCaller, startServe } from '../helpers/serve';
import { testEngine } from '../helpers/engine';
import { testApp } from '../helpers/app';
import { S3_CREDENTIALS, closedPort, s3Endpoint, s3Env, s3Location, s3Reach, testS3Store } from '../helpers/s3';
import { openDb } from '../../src/engine/store/db';
import { S3FileStore } from '../../src/engine/content/s3-file-store';
import { FileStoreFailed } from '../../src/engine/errors';

// Files in S3-compatible storage end to end (issue 33, item 2), against the run's S3-protocol server
// (test/s3-setup.ts): the CLI in local mode, serve with presigned downloads, db copy between stores.

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const MiB = 1024 * 1024;

function bucketClient() {
  return new S3Client({ endpoint: s3Endpoint(), region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
}

/** The key of the object holding `bytes` in the store at `location`. */
const keyOf = (location: string, bytes: Buffer) => {
  const { pathname } = new URL(location.replace(/^s3:/, 'http:'));
  return `${pathname.slice(1)}/${sha(bytes).slice(0, 2)}/${sha(bytes)}`;
};

const bucketOf = (location: string) => new URL(location.replace(/^s3:/, 'http:')).hostname;

async function objectSha(location: string, bytes: Buffer): Promise<string | undefined> {
  try {
    const answer = await bucketClient().send(new GetObjectCommand({ Bucket: bucketOf(location), Key: keyOf(location, bytes) }));
    return sha(Buffer.from(await answer.Body!.transformToByteArray()));
  } catch {
    return undefined;
  }
}

/** A Git Sync folder with a small image and one of several chunks; answers their bytes. */
function docs(root: string) {
  mkdirSync(join(root, 'images'), { recursive: true });
  const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), randomBytes(5000)]);
  const big = randomBytes(3 * MiB + 11);
  writeFileSync(join(root, 'README.md'), '# Welcome\n\n![diagram](images/diagram.png)\n\n[the data](images/data.bin)\n');
  writeFileSync(join(root, 'images/diagram.png'), png);
  writeFileSync(join(root, 'images/data.bin'), big);
  return { png, big };
}

const noStack = (stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);

describe('files in S3 (--files s3://BUCKET/PREFIX), local mode', () => {
  it('keeps new files in the bucket, content-addressed; the database remembers the location; backup says what it leaves out', async () => {
    const box = sandbox();
    const location = s3Location('local');
    const env = s3Env(location);
    expect((await box.run(['init'], { env })).code).toBe(0);
    const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Docs', '--json'], { env })).stdout).id as string;
    const { png, big } = docs(join(box.dir, 'docs'));
    // No --files now: the database names its store; only the endpoint and credentials are given.
    const reach = { ...s3Reach(), DOCSCTL_FILES: '' };
    const pushed = await box.run(['content', 'push', 'docs', '--space', space, '--merge', '--json'], { env: reach });
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(await objectSha(location, png)).toBe(sha(png));
    expect(await objectSha(location, big)).toBe(sha(big));
    const pulled = await box.run(['content', 'pull', 'out', '--space', space], { env: reach });
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(sha(readFileSync(join(box.dir, 'out/images/data.bin')))).toBe(sha(big));
    expect(sha(readFileSync(join(box.dir, 'out/images/diagram.png')))).toBe(sha(png));
    const db = openDb(box.env.DOCSCTL_DB);
    expect(db.prepare("SELECT value FROM meta WHERE key = 'files'").get()).toEqual({ value: location });
    expect(db.prepare('SELECT COUNT(*) AS n FROM blob_chunks').get()).toEqual({ n: 0 });
    db.close();
    const backup = await box.run(['db', 'backup', 'backup.db', '--json'], { env: reach });
    expect(backup.code, backup.stderr).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ filesNotIncluded: location });
    const said = await box.run(['db', 'backup', 'backup2.db'], { env: reach, tty: true });
    expect(said.stderr).toContain(`Not in it: the files this database keeps in ${location}`);
    expect(said.stderr).toContain('Back that bucket prefix up too');
    const other = await box.run(['--files', 'dir:elsewhere', 'spaces', 'list'], { env: reach });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`this database keeps its files in ${location}`);
  }, 60_000);

  it('names the store and what failed, without a stack trace: bad credentials, a missing bucket, an endpoint that does not answer', async () => {
    const location = s3Location('refused');
    const init = async (env: Record<string, string>) => {
      const box = sandbox();
      return await box.run(['init'], { env: { ...s3Env(location), ...env } });
    };
    const wrongSecret = await init({ AWS_SECRET_ACCESS_KEY: 'wrong' });
    expect(wrongSecret.code).toBe(1);
    expect(wrongSecret.stderr).toContain(`the file store ${location} (at ${s3Endpoint()}) failed to reach its bucket: access denied (403): the credentials are wrong`);
    noStack(wrongSecret.stderr);
    const missing = await init({ DOCSCTL_FILES: 's3://no-such-bucket/docs' });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('failed to reach its bucket: bucket no-such-bucket does not exist');
    noStack(missing.stderr);
    const port = await closedPort();
    const unreachable = await init({ DOCSCTL_FILES_ENDPOINT: `http://127.0.0.1:${port}` });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain(`cannot reach http://127.0.0.1:${port} (ECONNREFUSED`);
    noStack(unreachable.stderr);
    const badEndpoint = await init({ DOCSCTL_FILES_ENDPOINT: 'minio:9000' });
    expect(badEndpoint.code).toBe(2);
    expect(badEndpoint.stderr).toContain('--files-endpoint minio:9000: must be an http:// or https:// URL');

    // Once remembered, a command whose credentials are refused says so (the API's 503), and stops.
    const box = sandbox();
    expect((await box.run(['init'], { env: s3Env(location) })).code).toBe(0);
    const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Docs', '--json'], { env: s3Env(location) })).stdout).id as string;
    docs(join(box.dir, 'docs'));
    const refused = await box.run(['content', 'push', 'docs', '--space', space, '--merge'], { env: { ...s3Env(location), AWS_SECRET_ACCESS_KEY: 'wrong' } });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(`the file store ${location} (at ${s3Endpoint()}) failed to look up file`);
    noStack(refused.stderr);
  }, 60_000);
});

describe('the engine with files in S3', () => {
  it('uploads write the object before the row; the purge removes objects no row names, and the sweep those a failed write left', async () => {
    const location = s3Location('purge');
    const store = testS3Store(location);
    const t = await testEngine({ start: new Date().toISOString(), files: store });
    const api = testApp(t.engine);
    const space = await t.engine.spaces.create({ userId: t.adminId }, t.orgId, { title: 'Docs' });
    const [kept, dropped] = [randomBytes(2 * MiB), randomBytes(1000)];
    const upload = async (bytes: Buffer) => (await api.request('POST', `/v1/spaces/${space.id}/uploads`, { as: t.adminId, bytes })).body.id as string;
    const used = await upload(kept);
    await upload(dropped);
    expect(await t.engine.core.all('SELECT id, chunks FROM blobs ORDER BY id')).toEqual([sha(kept), sha(dropped)].sort().map((id) => ({ id, chunks: -1 })));
    expect(await objectSha(location, kept)).toBe(sha(kept));
    const cr = await t.engine.changeRequests.create({ userId: t.adminId }, space.id, {});
    const written = await api.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { as: t.adminId, body: { changes: [{ operation: 'insert_files', files: [{ name: 'kept.bin', upload: used }] }] } });
    expect(written.status).toBe(200);
    const down = await api.request('GET', `/v1/spaces/${space.id}/files/${written.body.insertedFiles[0].id}/download`, { as: t.adminId });
    expect(sha(down.body)).toBe(sha(kept));
    // An object no row names (a transaction that failed after writing it).
    const orphan = randomBytes(300);
    await store.put(sha(orphan), orphan.length, (at, length) => orphan.subarray(at, at + length));
    t.clock.advance(25 * 3_600_000);
    // Both uploads expire; the blob a file names stays.
    expect(await t.engine.uploads.purge()).toBe(2);
    expect(await objectSha(location, dropped)).toBeUndefined();
    expect(await objectSha(location, orphan)).toBe(sha(orphan));
    await t.engine.uploads.purge({ sweepFiles: true });
    expect(await objectSha(location, orphan)).toBeUndefined();
    expect(await objectSha(location, kept)).toBe(sha(kept));
    // An object gone from the store under a row: the engine's MissingObject before the answer begins
    // (serve answers it 500 with the JSON error body and logs it; testApp throws what serve would log).
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await bucketClient().send(new DeleteObjectCommand({ Bucket: bucketOf(location), Key: keyOf(location, kept) }));
    await expect(api.request('GET', `/v1/spaces/${space.id}/files/${written.body.insertedFiles[0].id}/download`, { as: t.adminId }))
      .rejects.toThrow(`file ${sha(kept)} is missing from the file store ${location}`);
  });

  it('a store that fails while the purge removes an object fails no command: the object goes with the next sweep', async () => {
    const location = s3Location('purge-later');
    const store = testS3Store(location);
    const t = await testEngine({ start: new Date().toISOString(), files: store });
    const api = testApp(t.engine);
    const space = await t.engine.spaces.create({ userId: t.adminId }, t.orgId, { title: 'Docs' });
    const dropped = randomBytes(1000);
    await api.request('POST', `/v1/spaces/${space.id}/uploads`, { as: t.adminId, bytes: dropped });
    t.clock.advance(25 * 3_600_000);
    t.engine.core.files = new S3FileStore(location, { endpoint: `http://127.0.0.1:${await closedPort()}`, credentials: S3_CREDENTIALS });
    expect(await t.engine.uploads.purge()).toBe(1);
    expect(await t.engine.core.get('SELECT COUNT(*) AS n FROM blobs')).toEqual({ n: 0 });
    expect(await objectSha(location, dropped)).toBe(sha(dropped));
    t.engine.core.files = store;
    await t.engine.uploads.purge({ sweepFiles: true });
    expect(await objectSha(location, dropped)).toBeUndefined();
  });

  it('an object the store refuses is never named: the upload fails naming the store, and no row is written', async () => {
    const location = s3Location('refused-write');
    const refusing = new S3FileStore(location, { endpoint: s3Endpoint(), credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'wrong' } });
    const t = await testEngine({ files: testS3Store(location) });
    // Its key revoked once the database named it.
    t.engine.core.files = refusing;
    const api = testApp(t.engine);
    const space = await t.engine.spaces.create({ userId: t.adminId }, t.orgId, { title: 'Docs' });
    // testApp throws what serve would log (and answer 503 with).
    await expect(api.request('POST', `/v1/spaces/${space.id}/uploads`, { as: t.adminId, bytes: randomBytes(3 * MiB) })).rejects.toThrow(FileStoreFailed);
    const cr = await t.engine.changeRequests.create({ userId: t.adminId }, space.id, {});
    await expect(api.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
      as: t.adminId, body: { changes: [{ operation: 'insert_files', files: [{ name: 'a.bin', base64: randomBytes(100).toString('base64') }] }] },
    })).rejects.toThrow(/failed to look up file \w+: access denied \(403\)/);
    expect(await t.engine.core.get('SELECT COUNT(*) AS n FROM blobs')).toEqual({ n: 0 });
    expect(await t.engine.core.get('SELECT COUNT(*) AS n FROM space_uploads')).toEqual({ n: 0 });
    expect(await t.engine.core.get('SELECT COUNT(*) AS n FROM revision_files')).toEqual({ n: 0 });
  });

  it('with presigned downloads, the download answers a redirect to the store, which serves the bytes with their type', async () => {
    const t = await testEngine({ files: testS3Store(s3Location('presign'), 60) });
    const api = testApp(t.engine);
    const space = await t.engine.spaces.create({ userId: t.adminId }, t.orgId, { title: 'Docs' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const png = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), randomBytes(100)]);
    const cr = await t.engine.changeRequests.create({ userId: t.adminId }, space.id, {});
    const written = await api.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
      as: t.adminId,
      body: { changes: [{ operation: 'insert_files', files: [{ name: 'logo.svg', base64: svg.toString('base64') }, { name: 'logo.png', base64: png.toString('base64') }] }] },
    });
    expect(written.status).toBe(200);
    const [svgFile, pngFile] = written.body.insertedFiles as { id: string }[];
    const redirect = await api.request('GET', `/v1/spaces/${space.id}/files/${pngFile.id}/download`, { as: t.adminId });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.location as string;
    expect(location).toContain(`${s3Endpoint()}/`);
    expect(location).toMatch(/X-Amz-Expires=60&/);
    const fetched = await fetch(location);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/png');
    expect(sha(Buffer.from(await fetched.arrayBuffer()))).toBe(sha(png));
    // A type a browser would run is asked of the store as an attachment, as docsctl answers it. (s3rver
    // cannot check the signature of a query holding ' or *, which RFC 8187's filename* has: the URL is
    // read here instead of fetched.)
    const active = new URL((await api.request('GET', `/v1/spaces/${space.id}/files/${svgFile.id}/download`, { as: t.adminId })).headers.location as string);
    expect(active.searchParams.get('response-content-type')).toBe('image/svg+xml');
    expect(active.searchParams.get('response-content-disposition')).toBe(`attachment; filename="logo.svg"; filename*=UTF-8''logo.svg`);
  });
});

describe('serve with files in S3', () => {
  it('--files-presign: remote downloads follow the redirect (without the token); refused for a store that cannot presign', async () => {
    const box = sandbox();
    const env = s3Env(s3Location('serve'));
    Object.assign(box.env, env);
    expect((await box.run(['init', '--no-first-token'])).code).toBe(0);
    const served = await startServe(box, { args: ['--files-presign', '60'] });
    try {
      const space = (await served.json(['spaces', 'create', '--title', 'Docs'])).id as string;
      const { png, big } = docs(join(box.dir, 'docs'));
      const pushed = await served.remote(['content', 'push', 'docs', '--space', space, '--merge']);
      expect(pushed.code, pushed.stderr).toBe(0);
      const pulled = await served.remote(['content', 'pull', 'out', '--space', space]);
      expect(pulled.code, pulled.stderr).toBe(0);
      expect(sha(readFileSync(join(box.dir, 'out/images/data.bin')))).toBe(sha(big));
      expect(sha(readFileSync(join(box.dir, 'out/images/diagram.png')))).toBe(sha(png));
    } finally {
      await served.stop();
    }
    const inRows = sandbox();
    expect((await inRows.run(['init'], { env: { DOCSCTL_FILES: '' } })).code).toBe(0);
    const refused = await inRows.run(['serve', '--port', '0', '--files-presign'], { env: { DOCSCTL_FILES: '' } });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--files-presign: this database keeps its files in itself; presigned downloads need an S3-compatible store');
  }, 60_000);
});

describe('serve when the store goes away', () => {
  it('answers 503 naming the store and what failed, logs it in one line (no stack trace), and goes on serving what needs no file', async () => {
    const { startS3Server } = (await import('../../scripts/s3-server.js' as string)) as {
      startS3Server: () => Promise<{ endpoint: string; bucket: string; stop: () => Promise<void> }>;
    };
    const own = await startS3Server();
    const box = sandbox();
    const location = `s3://${own.bucket}/outage`;
    Object.assign(box.env, { ...s3Reach(), DOCSCTL_FILES: location, DOCSCTL_FILES_ENDPOINT: own.endpoint });
    expect((await box.run(['init', '--no-first-token'])).code).toBe(0);
    const served = await startServe(box);
    let said = '';
    try {
      const space = (await served.json(['spaces', 'create', '--title', 'Docs'])).id as string;
      const { big } = docs(join(box.dir, 'docs'));
      expect((await served.remote(['content', 'push', 'docs', '--space', space, '--merge'])).code).toBe(0);
      const call = apiCaller(served.url, served.token);
      const files = (await call('GET', `/v1/spaces/${space}/content/files`)).json().items as { id: string; name: string }[];
      const data = files.find((f) => f.name.endsWith('data.bin'))!;
      await own.stop();
      const refused = await call('GET', `/v1/spaces/${space}/files/${data.id}/download`);
      expect(refused.status).toBe(503);
      expect(refused.json().error.message).toMatch(new RegExp(`^the file store ${location} \\(at ${own.endpoint}\\) failed to read file ${sha(big)}: cannot reach ${own.endpoint} \\(ECONNREFUSED`));
      // What needs no file goes on.
      expect((await call('GET', `/v1/spaces/${space}`)).status).toBe(200);
    } finally {
      said = (await served.stop()).stderr;
    }
    expect(said).toMatch(/^serve: the file store .* failed to read file \w+: cannot reach/m);
    expect(said).not.toMatch(/^\s+at /m);
  }, 60_000);
});

describe('db copy --files between stores', () => {
  it('moves files from the database to S3, to a folder and back to the database, each byte checked', async () => {
    const box = sandbox();
    const inRows = { DOCSCTL_FILES: '' };
    expect((await box.run(['init'], { env: inRows })).code).toBe(0);
    const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Docs', '--json'], { env: inRows })).stdout).id as string;
    const { png, big } = docs(join(box.dir, 'docs'));
    expect((await box.run(['content', 'push', 'docs', '--space', space, '--merge'], { env: inRows })).code).toBe(0);
    const pullFrom = async (db: string, out: string) => {
      const pulled = await box.run(['--db', db, 'content', 'pull', out, '--space', space], { env: { ...s3Reach(), DOCSCTL_FILES: '' } });
      expect(pulled.code, pulled.stderr).toBe(0);
      expect(sha(readFileSync(join(box.dir, out, 'images/data.bin')))).toBe(sha(big));
      expect(sha(readFileSync(join(box.dir, out, 'images/diagram.png')))).toBe(sha(png));
    };
    const rowsOf = (db: string) => {
      const open = openDb(join(box.dir, db));
      try {
        return {
          files: (open.prepare("SELECT value FROM meta WHERE key = 'files'").get() as { value: string } | undefined)?.value,
          chunks: (open.prepare('SELECT chunks FROM blobs ORDER BY size').all() as { chunks: number }[]).map((b) => b.chunks),
          rows: (open.prepare('SELECT COUNT(*) AS n FROM blob_chunks').get() as { n: number }).n,
        };
      } finally {
        open.close();
      }
    };

    // Database → S3.
    const location = s3Location('copy');
    const toS3 = await box.run(['db', 'copy', '--from', box.env.DOCSCTL_DB, '--to', 's3.db', '--files', location, '--json'], { env: { ...s3Reach(), DOCSCTL_FILES: '' } });
    expect(toS3.code, toS3.stderr).toBe(0);
    expect(JSON.parse(toS3.stdout).files).toEqual({ to: location, moved: 2, bytes: png.length + big.length });
    expect(rowsOf('s3.db')).toEqual({ files: location, chunks: [-1, -1], rows: 0 });
    expect(await objectSha(location, big)).toBe(sha(big));
    expect(await objectSha(location, png)).toBe(sha(png));
    await pullFrom('s3.db', 'from-s3');

    // S3 → a folder.
    const toDir = await box.run(['db', 'copy', '--from', 's3.db', '--to', 'dir.db', '--files', 'dir:files'], { env: { ...s3Reach(), DOCSCTL_FILES: '' } });
    expect(toDir.code, toDir.stderr).toBe(0);
    expect(toDir.stdout + toDir.stderr).toContain(`Files: 2 written to dir:${join(box.dir, 'files')}`);
    expect(rowsOf('dir.db')).toEqual({ files: `dir:${join(box.dir, 'files')}`, chunks: [-1, -1], rows: 0 });
    expect(sha(readFileSync(join(box.dir, 'files', sha(big).slice(0, 2), sha(big))))).toBe(sha(big));
    await pullFrom('dir.db', 'from-dir');

    // The folder → the database's rows.
    const back = await box.run(['db', 'copy', '--from', 'dir.db', '--to', 'back.db', '--files', 'database', '--json'], { env: { DOCSCTL_FILES: '' } });
    expect(back.code, back.stderr).toBe(0);
    expect(rowsOf('back.db')).toEqual({ files: undefined, chunks: [0, 4], rows: 4 });
    await pullFrom('back.db', 'from-rows');

    // A file whose object is gone: nothing is copied, and the message says which.
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await bucketClient().send(new DeleteObjectCommand({ Bucket: bucketOf(location), Key: keyOf(location, png) }));
    const broken = await box.run(['db', 'copy', '--from', 's3.db', '--to', 'broken.db', '--files', 'database'], { env: { ...s3Reach(), DOCSCTL_FILES: '' } });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`file ${sha(png)} is missing from the file store ${location}: nothing was copied`);
    expect(existsSync(join(box.dir, 'broken.db')) ? rowsOf('broken.db').chunks : []).toEqual([]);
    expect(readdirSync(join(box.dir, 'files')).length).toBeGreaterThan(0);
  }, 90_000);
});
