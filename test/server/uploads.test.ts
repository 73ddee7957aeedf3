import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectError, expectOk, testApp } from '../helpers/app';
import { addMember, testEngine } from '../helpers/engine';
import { png } from '../fixtures/import/server';
import { DirFileStore, type FileStore } from '../../src/engine/content/file-store';

const MiB = 1024 * 1024;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** Bytes that differ in every chunk (so no two chunks of a blob are alike). */
const bytesOf = (size: number, seed = 1) => {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4) b.writeUInt32LE((i * 2654435761 + seed) >>> 0, Math.min(i, size - 4));
  return b;
};

/** Every upload's temp folder goes into a folder of the test's own, so what is left behind shows. */
let temp: string;
const previousTmp = process.env.TMPDIR;
beforeEach(() => {
  temp = mkdtempSync(join(tmpdir(), 'docsctl-upload-test-'));
  process.env.TMPDIR = temp;
});
afterEach(() => {
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  rmSync(temp, { recursive: true, force: true });
});

async function setup(options: { maxFileSize?: number; files?: FileStore | null } = {}) {
  const t = await testEngine(options);
  const api = testApp(t.engine);
  const editor = await addMember(t.engine, t.orgId, 'editor@acme.test', 'read', 'Editor');
  const reader = await addMember(t.engine, t.orgId, 'reader@acme.test', 'read', 'Reader');
  const stranger = await addMember(t.engine, t.orgId, 'stranger@acme.test', 'read', 'Stranger');
  const space = await t.engine.spaces.create({ userId: t.adminId }, t.orgId, { title: 'Docs' });
  await t.engine.spacePermissions.grant({ userId: t.adminId }, space.id, { role: 'edit', users: [editor] });
  await t.engine.spacePermissions.grant({ userId: t.adminId }, space.id, { role: 'read', users: [reader] });
  const cr = await t.engine.changeRequests.create({ userId: t.adminId }, space.id, {});
  const upload = async (bytes: Buffer | AsyncIterable<Uint8Array>, as = editor, query = '', spaceId = space.id) =>
    await api.request('POST', `/v1/spaces/${spaceId}/uploads${query}`, { as, bytes });
  const write = async (files: unknown[], as = editor) =>
    await api.request('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { as, body: { changes: [{ operation: 'insert_files', files }] } });
  const download = async (fileId: string) => await api.request('GET', `/v1/spaces/${space.id}/files/${fileId}/download`, { as: editor });
  const count = async (sql: string, args: unknown[] = []) => (await t.engine.core.get<{ n: number }>(sql, args))!.n;
  return { ...t, api, editor, reader, stranger, space, cr, upload, write, download, count };
}

describe('POST /v1/spaces/{spaceId}/uploads', () => {
  it('stores the raw body and answers 201 with its SHA-256 as id; insert_files then names it, and the download gives the bytes back', async () => {
    const s = await setup();
    const bytes = Buffer.concat([png(640, 480), bytesOf(1000)]);
    const res = await s.upload(bytes, s.editor, '?name=logo.png');
    expectOk(res, 'createSpaceUpload');
    expect(res.body).toEqual({ object: 'upload', id: sha(bytes), size: bytes.length, expiresAt: '2026-03-02T10:00:00.000Z' });
    const written = await s.write([{ name: 'images/logo.png', upload: res.body.id }]);
    expectOk(written, 'writeChangeRequestContent');
    expect(written.body.insertedFiles[0]).toMatchObject({ name: 'images/logo.png', contentType: 'image/png', size: bytes.length, dimensions: { width: 640, height: 480 } });
    const down = await s.download(written.body.insertedFiles[0].id);
    expect(down.status).toBe(200);
    expect(Buffer.compare(down.body, bytes)).toBe(0);
    // Recorded like every write: who, which space, what it made (the id), no value.
    const record = await s.engine.core.get<{ operation_id: string; targets: string; summary: string }>("SELECT * FROM audit_log WHERE operation_id = 'createSpaceUpload'");
    expect(JSON.parse(record!.targets)).toEqual({ spaceId: s.space.id, created: sha(bytes) });
    expect(JSON.parse(record!.summary)).toEqual({ fields: [], counts: {} });
    // Once, in the transaction that stored it (the app records a self-committing write only when it did not).
    expect(await s.count("SELECT COUNT(*) AS n FROM audit_log WHERE operation_id = 'createSpaceUpload'")).toBe(1);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('keeps a file larger than a chunk in 1 MiB chunks and streams it back whole, the same bytes stored once', async () => {
    // In the database's rows, whatever the run (files in S3 too: test/s3/).
    const s = await setup({ files: null });
    const bytes = bytesOf(3 * MiB + 5);
    const first = await s.upload(bytes);
    expectOk(first, 'createSpaceUpload');
    expect(await s.count('SELECT chunks AS n FROM blobs WHERE id = ?', [first.body.id])).toBe(4);
    expect(await s.count('SELECT COUNT(*) AS n FROM blob_chunks WHERE blob_id = ?', [first.body.id])).toBe(4);
    expect(await s.count('SELECT length(bytes) AS n FROM blobs WHERE id = ?', [first.body.id])).toBe(0);
    // The same bytes again, by another editor and as base64 of a small copy: one blob, its chunks once.
    expectOk(await s.upload(bytes, s.adminId), 'createSpaceUpload');
    expect(await s.count('SELECT COUNT(*) AS n FROM blobs')).toBe(1);
    expect(await s.count('SELECT COUNT(*) AS n FROM blob_chunks')).toBe(4);
    expect(await s.count('SELECT COUNT(*) AS n FROM space_uploads')).toBe(1);
    const written = await s.write([{ name: 'a.bin', upload: first.body.id }, { name: 'b.bin', upload: first.body.id }]);
    expectOk(written, 'writeChangeRequestContent');
    expect(await s.count('SELECT COUNT(*) AS n FROM blobs')).toBe(1);
    const down = await s.download(written.body.insertedFiles[1].id);
    expect(down.headers['content-type']).toBe('application/octet-stream');
    expect(down.body.length).toBe(bytes.length);
    expect(sha(down.body)).toBe(first.body.id);
  });

  it('stores base64 of more than a chunk in chunks too, and the same bytes uploaded later reuse them', async () => {
    // In the database's rows, whatever the run (files in S3 too: test/s3/).
    const s = await setup({ files: null });
    const bytes = bytesOf(2 * MiB + 1, 7);
    const written = await s.write([{ name: 'big.bin', base64: bytes.toString('base64') }]);
    expectOk(written, 'writeChangeRequestContent');
    expect(await s.count('SELECT COUNT(*) AS n FROM blob_chunks')).toBe(3);
    expectOk(await s.upload(bytes), 'createSpaceUpload');
    expect(await s.count('SELECT COUNT(*) AS n FROM blob_chunks')).toBe(3);
    expect(sha((await s.download(written.body.insertedFiles[0].id)).body)).toBe(sha(bytes));
  });

  it('answers 413 naming the largest file size, from the declared length or while the bytes arrive, and leaves no temp file', async () => {
    const s = await setup({ maxFileSize: 64 * 1024 });
    const message = 'body: the file must be at most 64 KiB (65536 bytes)';
    expectError(await s.upload(bytesOf(64 * 1024 + 1)), 413, message);
    expectError(await s.upload(bytesOf(64 * 1024 + 1), s.editor, '?name=huge.gif'), 413, 'body: huge.gif: the file must be at most 64 KiB (65536 bytes)');
    // Without a length (chunked): refused once it passes the bound.
    let sent = 0;
    const endless = (async function* () {
      for (;;) {
        sent += 16 * 1024;
        yield Buffer.alloc(16 * 1024);
      }
    })();
    expectError(await s.upload(endless), 413, message);
    expect(sent).toBeLessThanOrEqual(80 * 1024);
    expect(readdirSync(temp)).toEqual([]);
    // Exactly the bound is fine.
    expectOk(await s.upload(bytesOf(64 * 1024)), 'createSpaceUpload');
    expect(await s.count('SELECT COUNT(*) AS n FROM blobs')).toBe(1);
  });

  it('answers 400 when the body ends early, and stores nothing', async () => {
    const s = await setup();
    const broken = (async function* () {
      yield Buffer.alloc(1000);
      throw new Error('aborted');
    })();
    expectError(await s.upload(broken), 400, 'body: the upload ended before all its bytes arrived (aborted)');
    expect(await s.count('SELECT COUNT(*) AS n FROM blobs')).toBe(0);
    expect(readdirSync(temp)).toEqual([]);
  });

  it('validates its query: name is 1-256 characters, nothing else', async () => {
    const s = await setup();
    expectError(await s.upload(Buffer.from('x'), s.editor, `?name=${'n'.repeat(257)}`), 400, /^name: /);
    expectError(await s.upload(Buffer.from('x'), s.editor, '?size=1'), 400, /^size: is not a known field/);
  });

  it('needs edit on the space: 403 for a reader, 404 for a member without access and for an unknown space, 423 when locked, 401 without a token', async () => {
    const s = await setup();
    expectError(await s.upload(Buffer.from('x'), s.reader), 403, /edit role on the space required/);
    expectError(await s.upload(Buffer.from('x'), s.stranger), 404, /space .* not found/);
    expectError(await s.upload(Buffer.from('x'), s.editor, '', 'nope'), 404, 'space nope not found');
    expectError(await s.api.request('POST', `/v1/spaces/${s.space.id}/uploads`, { as: null, bytes: Buffer.from('x') }), 401);
    expectOk(await s.api.request('PATCH', `/v1/spaces/${s.space.id}`, { as: s.adminId, body: { editMode: 'locked' } }), 'updateSpaceById');
    expectError(await s.upload(Buffer.from('x')), 423, /locked/);
    expect(await s.count('SELECT COUNT(*) AS n FROM blobs')).toBe(0);
  });

  it('is a write: a token of scope read is refused', async () => {
    const s = await setup();
    const token = (await s.engine.tokens.create({ user: s.editor, name: 'r', scope: 'read' })).token;
    expectError(await s.api.request('POST', `/v1/spaces/${s.space.id}/uploads`, { token, bytes: Buffer.from('x') }), 403, /scope is read/);
  });
});

describe('insert_files with upload', () => {
  it('takes exactly one of base64 and upload, an upload of this space within 24 hours (400 naming the file)', async () => {
    const s = await setup();
    const id = (await s.upload(Buffer.from('hello'))).body.id as string;
    expectError(await s.write([{ name: 'a.txt', base64: 'YQ==' }, { name: 'b.txt', base64: 'YQ==', upload: id }]), 400,
      'changes[0].files[1]: give exactly one of base64 (the bytes) and upload (the id of an upload)');
    expectError(await s.write([{ name: 'a.txt' }]), 400, /^changes\[0\]\.files\[0\]: give exactly one of base64/);
    const unknown = 'f'.repeat(64);
    expectError(await s.write([{ name: 'a.txt', base64: 'YQ==' }, { name: 'b.txt', base64: 'YQ==' }, { name: 'c.txt', upload: unknown }]), 400,
      `changes[0].files[2].upload: no upload ${unknown} in this space (uploads are kept 24 hours)`);
    // Another space's upload is not this space's.
    const other = await s.engine.spaces.create({ userId: s.adminId }, s.orgId, { title: 'Other' });
    const elsewhere = (await s.upload(Buffer.from('elsewhere'), s.adminId, '', other.id)).body.id as string;
    expectError(await s.write([{ name: 'x.txt', upload: elsewhere }]), 400, /files\[0\]\.upload: no upload .* in this space/);
    // Past 24 hours it is gone.
    s.clock.advance(24 * 3_600_000 + 1);
    expectError(await s.write([{ name: 'x.txt', upload: id }]), 400, /files\[0\]\.upload: no upload .* \(uploads are kept 24 hours\)/);
    expect(await s.count('SELECT COUNT(*) AS n FROM revision_files')).toBe(0);
  });

  it('bounds base64 by the same largest file size (400 naming the field)', async () => {
    const s = await setup({ maxFileSize: 1024 });
    expectOk(await s.write([{ name: 'ok.bin', base64: Buffer.alloc(1024, 1).toString('base64') }]), 'writeChangeRequestContent');
    const before = await s.count('SELECT COUNT(*) AS n FROM revision_files');
    expectError(await s.write([{ name: 'a.txt', base64: 'YQ==' }, { name: 'huge.bin', base64: Buffer.alloc(1025, 1).toString('base64') }]), 400,
      'changes[0].files[1].base64: the file must be at most 1 KiB (1024 bytes) (it is 1025 bytes)');
    // All or nothing: the first file is not stored either.
    expect(await s.count('SELECT COUNT(*) AS n FROM revision_files')).toBe(before);
  });
});

describe('GET /v1/limits', () => {
  it('answers the largest file size to any authenticated caller, 401 without a token', async () => {
    const s = await setup({ maxFileSize: 5 * MiB });
    const res = await s.api.request('GET', '/v1/limits', { as: s.stranger });
    expectOk(res, 'getLimits');
    expect(res.body).toEqual({ object: 'limits', maxFileSize: 5 * MiB });
    expectError(await s.api.request('GET', '/v1/limits', { as: null }), 401);
    // By default: 100 MiB.
    expect((await testEngine()).engine.uploads.limits().maxFileSize).toBe(100 * MiB);
  });
});

describe('purging uploads', () => {
  it('forgets uploads past 24 hours and their blobs unless a file or another upload uses them', async () => {
    // In the database's rows, whatever the run (files in S3 too: test/s3/).
    const s = await setup({ files: null });
    const kept = bytesOf(2 * MiB, 3);
    const dropped = bytesOf(2 * MiB, 4);
    const used = (await s.upload(kept)).body.id as string;
    const unused = (await s.upload(dropped)).body.id as string;
    expectOk(await s.write([{ name: 'kept.bin', upload: used }]), 'writeChangeRequestContent');
    expect(await s.engine.uploads.purge()).toBe(0);
    s.clock.advance(23 * 3_600_000);
    // Uploaded again: kept for another 24 hours from now.
    expectOk(await s.upload(dropped), 'createSpaceUpload');
    s.clock.advance(2 * 3_600_000);
    expect(await s.engine.purgeExpired()).toBe(0);
    expect(await s.count('SELECT COUNT(*) AS n FROM space_uploads')).toBe(1);
    expect(await s.count('SELECT COUNT(*) AS n FROM blobs')).toBe(2);
    s.clock.advance(23 * 3_600_000);
    expect(await s.engine.uploads.purge()).toBe(1);
    expect(await s.count('SELECT COUNT(*) AS n FROM space_uploads')).toBe(0);
    expect((await s.engine.core.all<{ id: string }>('SELECT id FROM blobs')).map((b) => b.id)).toEqual([used]);
    expect(await s.count('SELECT COUNT(*) AS n FROM blob_chunks WHERE blob_id = ?', [unused])).toBe(0);
    expect(await s.count('SELECT COUNT(*) AS n FROM blob_chunks WHERE blob_id = ?', [used])).toBe(2);
    // Nothing due: nothing done.
    expect(await s.engine.uploads.purge()).toBe(0);
  });
});

describe('files in a file store (--files dir:PATH)', () => {
  it('writes each blob as an object before its row, reads it back a piece at a time, and purges objects no row names', async () => {
    const store = join(temp, 'files');
    const s = await setup({ files: new DirFileStore(store) });
    const kept = bytesOf(3 * MiB + 5, 7);
    const dropped = bytesOf(1000, 8);
    const used = (await s.upload(kept)).body.id as string;
    const unused = (await s.upload(dropped)).body.id as string;
    const objects = () => readdirSync(store, { recursive: true }).map(String).filter((p) => /[0-9a-f]{64}$/.test(p)).map((p) => p.slice(-64)).sort();
    expect(objects()).toEqual([used, unused].sort());
    expect(await s.count('SELECT COUNT(*) AS n FROM blobs WHERE chunks = -1')).toBe(2);
    expect(await s.count('SELECT COUNT(*) AS n FROM blob_chunks')).toBe(0);
    const written = await s.write([{ name: 'kept.bin', upload: used }]);
    expectOk(written, 'writeChangeRequestContent');
    const fileId = written.body.insertedFiles[0].id as string;
    const downloaded = await s.download(fileId);
    expect(downloaded.status).toBe(200);
    expect(sha(downloaded.body)).toBe(sha(kept));
    expect(await s.engine.core.get("SELECT value FROM meta WHERE key = 'files'")).toEqual({ value: `dir:${store}` });
    // An object a failed transaction left, unnamed and older than an upload is kept; a fresh one stays.
    const orphan = 'f'.repeat(64);
    await new DirFileStore(store).put(orphan, 4, () => Buffer.from('lost'));
    const fresh = 'e'.repeat(64);
    await new DirFileStore(store).put(fresh, 4, () => Buffer.from('mine'));
    const longAgo = new Date('2026-03-01T00:00:00.000Z');
    utimesSync(join(store, 'ff', orphan), longAgo, longAgo);
    s.clock.advance(25 * 3_600_000);
    // Swept only when asked (hourly under serve, db purge), never at every open.
    expect(await s.engine.uploads.purge()).toBe(2);
    expect(objects()).toEqual([used, fresh, orphan].sort());
    expect(await s.engine.uploads.purge({ sweepFiles: true })).toBe(0);
    expect(objects()).toEqual([used, fresh].sort());
  });
});
