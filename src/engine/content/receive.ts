import { createHash } from 'node:crypto';
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A body received: in memory when it fits in one chunk of the store (`bytes`), else in a private temp
 * file (`path`); `dispose` removes the file (call it in every case).
 */
export interface Received {
  sha256: string;
  size: number;
  bytes?: Buffer;
  path?: string;
  dispose(): Promise<void>;
}

/** The body went past `max` bytes: nothing past the bound was kept. */
export class PastBound extends Error {}

/** The body ended early or failed while it arrived (the client went away). */
export class CutOff extends Error {}

/**
 * Receives a body as it arrives, hashing it on the way and refusing it as soon as it passes `max`
 * bytes. Up to `inMemory` bytes it stays in memory (most documentation images: no disk round trips,
 * which were most of a 200-image push); past that it goes to a temp file of its own folder (0700, in
 * the system's temp folder: TMPDIR). Never holds more than `inMemory` bytes, and leaves nothing behind
 * when it fails.
 */
export async function receive(body: AsyncIterable<Uint8Array>, max: number, inMemory: number): Promise<Received> {
  const hash = createHash('sha256');
  const held: Uint8Array[] = [];
  let size = 0;
  let spill: { folder: string; path: string; handle: FileHandle } | undefined;
  const dispose = async () => {
    if (spill) await rm(spill.folder, { recursive: true, force: true });
  };
  const chunks = body[Symbol.asyncIterator]();
  let done = false;
  try {
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
        if (!spill && size <= inMemory) {
          held.push(next.value);
          continue;
        }
        if (!spill) {
          const folder = await mkdtemp(join(tmpdir(), 'docsctl-upload-'));
          const path = join(folder, 'body');
          spill = { folder, path, handle: await open(path, 'wx', 0o600) };
          for (const chunk of held.splice(0)) await spill.handle.write(chunk);
        }
        // Our own disk failing is ours (a 500), unlike the body failing.
        await spill.handle.write(next.value);
      }
    } finally {
      await spill?.handle.close();
      // Stops the body where it is (what is left is the server's to drop).
      if (!done) await chunks.return?.();
    }
    const sha256 = hash.digest('hex');
    return spill ? { sha256, size, path: spill.path, dispose } : { sha256, size, bytes: Buffer.concat(held), dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
