import type { Actor, Core } from '../core';
import { FileStoreFailed, invalid, locked, tooLarge } from '../errors';
import type { spacesModule, SpaceRow } from '../spaces';
import { uploadTooLarge, UPLOAD_RETENTION_HOURS } from '../../domain/file-size';
import { BLOB_CHUNK_BYTES, IN_FILE_STORE, blobInfo, namedBlobs, storeBytes, storeFile, writeAhead, type BlobInfo } from './blob-store';
import { CutOff, PastBound, receive, type Received } from './receive';

const RETENTION_MS = UPLOAD_RETENTION_HOURS * 3_600_000;

/** What `POST /v1/spaces/{spaceId}/uploads` answers: the bytes' SHA-256 is the upload's id. */
export interface Upload {
  object: 'upload';
  id: string;
  size: number;
  /** Until when a write batch's `insert_files` may reference it. */
  expiresAt: string;
}

/** The oldest upload time still kept at `now`. */
const cutoff = (core: Core) => new Date(core.clock.now().getTime() - RETENTION_MS).toISOString();

/**
 * An upload of `spaceId` a write batch may reference: its blob, if it was uploaded to the space less
 * than UPLOAD_RETENTION_HOURS ago.
 */
export async function findUpload(core: Core, spaceId: string, id: string): Promise<BlobInfo | undefined> {
  const kept = await core.get('SELECT 1 FROM space_uploads WHERE space_id = ? AND blob_id = ? AND created_at >= ?', [spaceId, id, cutoff(core)]);
  return kept ? await blobInfo(core, id) : undefined;
}

/**
 * Uploads: a file's bytes sent as they are (a raw body, streamed), stored once per SHA-256 and
 * remembered for the space for UPLOAD_RETENTION_HOURS so that `insert_files` can name them instead of
 * carrying base64. The body is received to a temp file first, outside any transaction (it waits on the
 * client); then one transaction stores it from the file.
 */
export function uploadsModule(core: Core, spaces: ReturnType<typeof spacesModule>) {
  async function writable(actor: Actor, spaceId: string): Promise<SpaceRow> {
    const space = await spaces.visible(actor, spaceId);
    spaces.requireRank(space, 3, 'upload files to this space');
    if (space.edit_mode === 'locked') throw locked(`space ${spaceId} is locked: uploading files is not allowed until its edit mode is live`);
    return space;
  }

  return {
    /**
     * `name` names the file in messages only; `record` (the app's audit) runs inside the transaction
     * that stores the upload, with its answer.
     */
    async create(actor: Actor, spaceId: string, body: AsyncIterable<Uint8Array>, name?: string, record?: (upload: Upload) => Promise<void>): Promise<Upload> {
      // Nobody makes the server receive a file for nothing: the rights are checked before the first byte.
      await writable(actor, spaceId);
      const what = name ? `${name}: ` : '';
      let received: Received;
      try {
        received = await receive(body, core.maxFileSize, BLOB_CHUNK_BYTES);
      } catch (error) {
        if (error instanceof PastBound) throw tooLarge(uploadTooLarge(core.maxFileSize, name));
        if (error instanceof CutOff) throw invalid(`body: ${what}the upload ended before all its bytes arrived (${error.message})`);
        throw error;
      }
      try {
        // To the file store first (S3: seconds for a large file), outside the transaction that names it.
        const file = { path: received.path!, sha256: received.sha256, size: received.size };
        const written = await writeAhead(core, received.bytes ? { bytes: received.bytes, sha256: received.sha256 } : file);
        const at = core.now();
        const upload: Upload = { object: 'upload', id: received.sha256, size: received.size, expiresAt: new Date(new Date(at).getTime() + RETENTION_MS).toISOString() };
        await core.write(async () => {
          await writable(actor, spaceId);
          if (received.bytes) await storeBytes(core, received.bytes, received.sha256, { written });
          else await storeFile(core, file, { written });
          await core.run(
            `INSERT INTO space_uploads (space_id, blob_id, created_at, created_by) VALUES (?, ?, ?, ?)
             ON CONFLICT (space_id, blob_id) DO UPDATE SET created_at = excluded.created_at, created_by = excluded.created_by`,
            [spaceId, received.sha256, at, actor.userId],
          );
          await record?.(upload);
        });
        return upload;
      } finally {
        await received.dispose();
      }
    },

    /** The bounds a client may check before it sends anything (`GET /v1/limits`). */
    limits() {
      return { object: 'limits' as const, maxFileSize: core.maxFileSize };
    },

    /**
     * Forgets uploads older than UPLOAD_RETENTION_HOURS, and their blobs when no file and no other
     * upload refers to them (chunks go with their blob); answers how many uploads went. Every engine
     * start purges: with nothing due it reads one entry of the index by time and writes nothing.
     */
    async purge(options: { sweepFiles?: boolean } = {}): Promise<number> {
      const before = cutoff(core);
      // Objects of the file store no row names (a transaction failed after writing one), as old as an expired upload.
      if (options.sweepFiles) await core.files?.sweep(new Date(before), async (ids) => await namedBlobs(core, ids));
      if (!await core.get('SELECT 1 FROM space_uploads WHERE created_at < ? LIMIT 1', [before])) return 0;
      const unnamed: string[] = [];
      const forgotten = await core.write(async () => {
        const blobs = await core.all<{ blob_id: string }>('SELECT DISTINCT blob_id FROM space_uploads WHERE created_at < ?', [before]);
        const forgotten = await core.run('DELETE FROM space_uploads WHERE created_at < ?', [before]);
        for (const { blob_id: id } of blobs) {
          const gone = await core.get<{ chunks: number }>(
            `DELETE FROM blobs WHERE id = ? AND NOT EXISTS (SELECT 1 FROM revision_files WHERE blob_id = ?)
             AND NOT EXISTS (SELECT 1 FROM space_uploads WHERE blob_id = ?) RETURNING chunks`,
            [id, id, id],
          );
          if (gone?.chunks === IN_FILE_STORE) unnamed.push(id);
        }
        return forgotten;
      });
      // Once no row names them (committed): the objects of the file store go too, unless an upload of
      // the same bytes named one again meanwhile. A store that fails now (S3 away) fails no command that
      // opened the engine: the object, named by no row, goes with the next sweep.
      for (const id of unnamed) {
        if (await blobInfo(core, id)) continue;
        await core.files?.remove(id).catch((error: unknown) => {
          if (!(error instanceof FileStoreFailed)) throw error;
        });
      }
      return forgotten;
    },
  };
}
