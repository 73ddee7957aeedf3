import { createHash } from 'node:crypto';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlobFile } from './blob-store';

/** A body received to a private temp file; `dispose` removes it (call it in every case). */
export interface Received extends BlobFile {
  dispose(): Promise<void>;
}

/** The body went past `max` bytes: nothing past the bound was kept. */
export class PastBound extends Error {}

/** The body ended early or failed while it arrived (the client went away). */
export class CutOff extends Error {}

/**
 * Receives a body as it arrives into a temp file of its own folder (0700, in the system's temp
 * folder: TMPDIR), hashing it on the way and refusing it as soon as it passes `max` bytes. Never holds
 * more than the chunk at hand, and leaves nothing behind when it fails.
 */
export async function receiveToTempFile(body: AsyncIterable<Uint8Array>, max: number): Promise<Received> {
  const folder = await mkdtemp(join(tmpdir(), 'docsctl-upload-'));
  const dispose = async () => await rm(folder, { recursive: true, force: true });
  try {
    const path = join(folder, 'body');
    const handle = await open(path, 'wx', 0o600);
    const hash = createHash('sha256');
    let size = 0;
    const chunks = body[Symbol.asyncIterator]();
    let done = false;
    try {
      for (;;) {
        let next: IteratorResult<Uint8Array>;
        try {
          next = await chunks.next();
        } catch (error) {
          done = true;
          throw new CutOff((error as Error).message);
        }
        if (next.done) {
          done = true;
          break;
        }
        size += next.value.length;
        if (size > max) throw new PastBound();
        hash.update(next.value);
        // Our own disk failing is ours (a 500), unlike the body failing.
        await handle.write(next.value);
      }
    } finally {
      await handle.close();
      // Stops the body where it is (what is left is the server's to drop).
      if (!done) await chunks.return?.();
    }
    return { path, sha256: hash.digest('hex'), size, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
