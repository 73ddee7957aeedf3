import { open } from 'node:fs/promises';
import type { Core } from '../core';
import { MissingObject } from '../errors';
import { sha256 } from './state';

/**
 * Where a file's bytes live: one `blobs` row per SHA-256 (the same bytes are stored once), its bytes
 * inline when they fit in one chunk, else in `blob_chunks`, BLOB_CHUNK_BYTES a row (migration 12).
 * Writes run inside the caller's transaction; reads never hold more than a chunk.
 */
export const BLOB_CHUNK_BYTES = 1024 * 1024;

/** What a blob is, without its bytes. */
export interface BlobInfo {
  id: string;
  size: number;
  /** 0: the bytes are inline in `blobs`; -1 (IN_FILE_STORE): in the file store; else how many rows of `blob_chunks` hold them. */
  chunks: number;
}

/** Bytes of a known size as they are read, a chunk at a time (a download of a chunked blob). */
export interface SizedStream {
  size: number;
  chunks: AsyncIterable<Buffer>;
}

/** A file's bytes received to disk (engine/content/receive.ts), with their hash and size. */
export interface BlobFile {
  path: string;
  sha256: string;
  size: number;
}

/** `blobs.chunks` of a blob whose bytes are an object of the file store (`--files`), not rows. */
export const IN_FILE_STORE = -1;

const chunkCount = (size: number) => (size <= BLOB_CHUNK_BYTES ? 0 : Math.ceil(size / BLOB_CHUNK_BYTES));

async function exists(core: Core, id: string): Promise<boolean> {
  return (await core.get('SELECT 1 FROM blobs WHERE id = ?', [id])) !== undefined;
}

/**
 * Stores the new blob `id` of `size` bytes, inline or chunk by chunk, each piece asked of `pieceAt` (an
 * offset and a length) as it is written. Inside the caller's transaction.
 */
async function store(core: Core, id: string, size: number, pieceAt: (at: number, length: number) => Buffer | Promise<Buffer>, written = false): Promise<string> {
  if (core.files) {
    // The object first, then the row that names it: a row never names bytes that are not there.
    if (!written) await core.files.put(id, size, pieceAt);
    await core.run('INSERT INTO blobs (id, bytes, size, chunks) VALUES (?, ?, ?, ?)', [id, Buffer.alloc(0), size, IN_FILE_STORE]);
    return id;
  }
  const chunks = chunkCount(size);
  await core.run('INSERT INTO blobs (id, bytes, size, chunks) VALUES (?, ?, ?, ?)', [id, chunks ? Buffer.alloc(0) : await pieceAt(0, size), size, chunks]);
  for (let seq = 0; seq < chunks; seq++) {
    const at = seq * BLOB_CHUNK_BYTES;
    await core.run('INSERT INTO blob_chunks (blob_id, seq, bytes) VALUES (?, ?, ?)', [id, seq, await pieceAt(at, Math.min(BLOB_CHUNK_BYTES, size - at))]);
  }
  return id;
}

/**
 * Stores bytes held in memory (a file of a write batch's base64, an imported file, a small upload),
 * unless the same bytes are there already; answers the blob's id (`id`: their SHA-256, when the caller has it).
 * Inside the caller's transaction.
 */
export async function storeBytes(core: Core, bytes: Buffer, id: string = sha256(bytes), options: { written?: boolean } = {}): Promise<string> {
  if (await exists(core, id)) return id;
  return await store(core, id, bytes.length, (at, length) => bytes.subarray(at, at + length), options.written);
}

/**
 * Writes a file's bytes (received to disk, or held) to the file store ahead of the transaction that
 * will name them, so that transaction waits on no network (an upload to S3 can take seconds, and a
 * write transaction holds the write lock); answers whether it wrote, so the transaction may skip it
 * (`written`). Nothing to do without a file store, or when a row already holds the bytes.
 */
export async function writeAhead(core: Core, file: BlobFile | { bytes: Buffer; sha256: string }): Promise<boolean> {
  if (!core.files || (await exists(core, file.sha256))) return false;
  if ('bytes' in file) {
    await core.files.put(file.sha256, file.bytes.length, (at, length) => file.bytes.subarray(at, at + length));
    return true;
  }
  await withFile(file, async (pieceAt) => await core.files!.put(file.sha256, file.size, pieceAt));
  return true;
}

/** Reads `file` a piece at a time for `use`, checking each piece is whole (the file must not change meanwhile). */
async function withFile<T>(file: BlobFile, use: (pieceAt: (at: number, length: number) => Promise<Buffer>) => Promise<T>): Promise<T> {
  const handle = await open(file.path, 'r');
  try {
    return await use(async (at, length) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, at);
      if (bytesRead !== length) throw new Error(`${file.path}: ${bytesRead} bytes at ${at}, expected ${length} (the file changed while it was stored)`);
      return buffer;
    });
  } finally {
    await handle.close();
  }
}

/**
 * Stores a file received to disk, reading it a chunk at a time (never whole), unless the same bytes
 * are there already. Inside the caller's transaction, which waits on the disk only, never on a client.
 */
export async function storeFile(core: Core, file: BlobFile, options: { written?: boolean } = {}): Promise<string> {
  if (await exists(core, file.sha256)) return file.sha256;
  return await withFile(file, async (pieceAt) => await store(core, file.sha256, file.size, pieceAt, options.written));
}

/** Which of `ids` a `blobs` row names, asked a few hundred at a time. */
export async function namedBlobs(core: Core, ids: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (let at = 0; at < ids.length; at += 500) {
    const some = ids.slice(at, at + 500);
    for (const row of await core.all<{ id: string }>(`SELECT id FROM blobs WHERE id IN (${some.map(() => '?').join(', ')})`, some)) named.add(row.id);
  }
  return named;
}

export async function blobInfo(core: Core, id: string): Promise<BlobInfo | undefined> {
  return await core.get<BlobInfo>('SELECT id, size, chunks FROM blobs WHERE id = ?', [id]);
}

async function inline(core: Core, id: string): Promise<Buffer> {
  return (await core.get<{ bytes: Buffer }>('SELECT bytes FROM blobs WHERE id = ?', [id]))?.bytes ?? Buffer.alloc(0);
}

async function chunk(core: Core, id: string, seq: number): Promise<Buffer> {
  const row = await core.get<{ bytes: Buffer }>('SELECT bytes FROM blob_chunks WHERE blob_id = ? AND seq = ?', [id, seq]);
  if (!row) throw new Error(`blob ${id} lacks its chunk ${seq}: the database is damaged`);
  return row.bytes;
}

/** The file store that holds a blob's bytes (the database remembers which: createEngine opens it). */
function filesOf(core: Core, blob: BlobInfo) {
  if (!core.files) throw new MissingObject(`file ${blob.id} is kept in a file store, and none is open: the database names none (meta 'files')`);
  return core.files;
}

/** A blob's bytes in order, a chunk at a time (a download streams them). */
export async function* blobChunks(core: Core, blob: BlobInfo): AsyncGenerator<Buffer> {
  if (blob.chunks === IN_FILE_STORE) {
    yield* filesOf(core, blob).read(blob.id, BLOB_CHUNK_BYTES);
    return;
  }
  if (blob.chunks === 0) {
    yield await inline(core, blob.id);
    return;
  }
  for (let seq = 0; seq < blob.chunks; seq++) yield await chunk(core, blob.id, seq);
}

/** A blob's bytes whole: for a small file read as text (a Git Sync configuration, an API description). */
export async function wholeBlob(core: Core, blob: BlobInfo): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of blobChunks(core, blob)) parts.push(chunk);
  return parts.length === 1 ? parts[0] : Buffer.concat(parts);
}

/** A blob's first bytes (at most a chunk): what an image's header is read from. */
export async function blobHead(core: Core, blob: BlobInfo): Promise<Buffer> {
  if (blob.chunks === IN_FILE_STORE) {
    for await (const piece of filesOf(core, blob).read(blob.id, BLOB_CHUNK_BYTES)) return piece;
    return Buffer.alloc(0);
  }
  return blob.chunks === 0 ? await inline(core, blob.id) : await chunk(core, blob.id, 0);
}
