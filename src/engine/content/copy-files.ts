import { createHash } from 'node:crypto';
import type { Store } from '../store/store';
import { BLOB_CHUNK_BYTES, IN_FILE_STORE } from './blob-store';
import type { FileStore } from './file-store';

/** A copy's files could not be moved: nothing was written to the target. */
export class FilesNotMoved extends Error {}

/** What moving a copy's files did. */
export interface MovedFiles {
  /** Where the target keeps its files now: a store's location, or `database`. */
  to: string;
  /** Files whose bytes were written to the new place (the others were there already). */
  moved: number;
  bytes: number;
}

/** Where a database keeps its files, as its meta says (`files`), or undefined for in itself. */
export async function rememberedFiles(store: Store): Promise<string | undefined> {
  return (await store.get<{ value: string }>("SELECT value FROM meta WHERE key = 'files'"))?.value;
}

/**
 * The bytes of a blob of `target` in order, each piece at most BLOB_CHUNK_BYTES: its rows, or the object
 * of `from` (the store its rows name), checked against its SHA-256 as they are read.
 */
async function* bytesOf(target: Store, from: FileStore | undefined, blob: { id: string; size: number; chunks: number }): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let size = 0;
  const pieces = async function* (): AsyncGenerator<Buffer> {
    if (blob.chunks === IN_FILE_STORE) {
      if (!from) throw new FilesNotMoved(`file ${blob.id} is kept in a file store that the source does not name (meta 'files'): the source is damaged`);
      yield* from.read(blob.id, BLOB_CHUNK_BYTES);
    } else if (blob.chunks === 0) {
      yield (await target.get<{ bytes: Buffer }>('SELECT bytes FROM blobs WHERE id = ?', [blob.id]))!.bytes;
    } else {
      for (let seq = 0; seq < blob.chunks; seq++) {
        const row = await target.get<{ bytes: Buffer }>('SELECT bytes FROM blob_chunks WHERE blob_id = ? AND seq = ?', [blob.id, seq]);
        if (!row) throw new FilesNotMoved(`file ${blob.id} lacks its chunk ${seq}: the source is damaged`);
        yield row.bytes;
      }
    }
  };
  for await (const piece of pieces()) {
    hash.update(piece);
    size += piece.length;
    yield Buffer.from(piece);
  }
  if (size !== blob.size || hash.digest('hex') !== blob.id) throw new FilesNotMoved(`file ${blob.id}: its bytes (${size}) do not match its size (${blob.size}) and SHA-256: the source is damaged`);
}

/**
 * Pieces of a stream asked for in order (`at` only grows, as FileStore.put asks): each call answers
 * the next `length` bytes, gathered across the stream's own pieces.
 */
function inOrder(stream: AsyncGenerator<Buffer>): (at: number, length: number) => Promise<Buffer> {
  let position = 0;
  let pending: Buffer = Buffer.alloc(0);
  return async (at, length) => {
    if (at !== position) throw new Error(`bytes asked for at ${at}, out of order (at ${position})`);
    const parts: Buffer[] = [pending];
    let have = pending.length;
    while (have < length) {
      const next = await stream.next();
      if (next.done) break;
      parts.push(next.value);
      have += next.value.length;
    }
    const all = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    pending = all.subarray(length);
    position += length;
    return all.subarray(0, length);
  };
}

/**
 * Moves the files of a copied database (`target`, inside the copy's transaction) to `to`: a file store,
 * or the database itself (undefined). Each file's bytes are read from the target's rows or from the
 * store the source kept them in (`from`), checked against their SHA-256, written to `to` (an object
 * before the row that names it; one already there is kept) and its row made to say where they are; the
 * target's meta then names `to`. A few rows at a time, never a file whole (a store's) or more than a
 * chunk (rows).
 */
export async function moveFiles(target: Store, from: FileStore | undefined, to: FileStore | undefined): Promise<MovedFiles> {
  const report: MovedFiles = { to: to?.location ?? 'database', moved: 0, bytes: 0 };
  let last = '';
  for (;;) {
    const blobs = await target.all<{ id: string; size: number; chunks: number }>('SELECT id, size, chunks FROM blobs WHERE id > ? ORDER BY id LIMIT 16', [last]);
    for (const blob of blobs) {
      if (to) {
        if (blob.chunks === IN_FILE_STORE && from?.location === to.location) continue;
        const stream = bytesOf(target, from, blob);
        const pieceAt = inOrder(stream);
        await to.put(blob.id, blob.size, pieceAt);
        // A store that had it already asked for nothing: the bytes are still checked once, read to the end.
        for await (const _ of stream) void _;
        if (blob.chunks !== IN_FILE_STORE) {
          await target.run('UPDATE blobs SET bytes = ?, chunks = ? WHERE id = ?', [Buffer.alloc(0), IN_FILE_STORE, blob.id]);
          await target.run('DELETE FROM blob_chunks WHERE blob_id = ?', [blob.id]);
        }
      } else {
        if (blob.chunks !== IN_FILE_STORE) continue;
        const stream = bytesOf(target, from, blob);
        const pieceAt = inOrder(stream);
        const chunks = blob.size <= BLOB_CHUNK_BYTES ? 0 : Math.ceil(blob.size / BLOB_CHUNK_BYTES);
        if (!chunks) await target.run('UPDATE blobs SET bytes = ?, chunks = 0 WHERE id = ?', [await pieceAt(0, blob.size), blob.id]);
        for (let seq = 0; seq < chunks; seq++) {
          const at = seq * BLOB_CHUNK_BYTES;
          await target.run('INSERT INTO blob_chunks (blob_id, seq, bytes) VALUES (?, ?, ?)', [blob.id, seq, await pieceAt(at, Math.min(BLOB_CHUNK_BYTES, blob.size - at))]);
        }
        if (chunks) await target.run('UPDATE blobs SET chunks = ? WHERE id = ?', [chunks, blob.id]);
        // To its end, where the bytes are checked against the SHA-256.
        for await (const _ of stream) void _;
      }
      report.moved++;
      report.bytes += blob.size;
    }
    if (blobs.length < 16) break;
    last = blobs[blobs.length - 1].id;
  }
  await target.run("DELETE FROM meta WHERE key = 'files'");
  if (to) await target.run("INSERT INTO meta (key, value) VALUES ('files', ?)", [to.location]);
  return report;
}
