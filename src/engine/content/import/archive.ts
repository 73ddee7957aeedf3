import { createRequire } from 'node:module';
import type JSZip from 'jszip';
import { invalid } from '../../errors';
import { formatBytes, formatMs, type ImportLimits } from '../../../domain/import-limits';

const load = createRequire(import.meta.url);

/** The import's overall deadline (the fetch session's): unpacking counts in it too. */
export interface Deadline {
  readonly expired: boolean;
}

/** What an entry says it unpacks to (from the archive's directory, read without inflating anything). */
function declaredSize(entry: JSZip.JSZipObject): number {
  return (entry as unknown as { _data?: { uncompressedSize?: number } })._data?.uncompressedSize ?? 0;
}

/**
 * Opens a zip archive (a .zip or a .docx) reading only its directory: nothing is inflated, CRCs are not
 * checked up front (which inflated every entry before any bound could apply). Refuses an archive whose
 * entries together declare more than `maxUnpackedBytes`.
 */
export async function openArchive(bytes: Buffer, url: string, what: string, limits: ImportLimits): Promise<JSZip> {
  const Zip = load('jszip') as typeof JSZip;
  let zip: JSZip;
  try {
    zip = await Zip.loadAsync(bytes, { checkCRC32: false });
  } catch (error) {
    throw invalid(`url: ${url} is not ${what} that can be read: ${(error as Error).message}`);
  }
  const declared = Object.values(zip.files).reduce((sum, entry) => sum + declaredSize(entry), 0);
  if (declared > limits.maxUnpackedBytes) {
    throw invalid(`url: ${what} declares ${formatBytes(declared)} unpacked; an import unpacks at most ${formatBytes(limits.maxUnpackedBytes)}`);
  }
  return zip;
}

/**
 * Inflates one entry, refusing to unpack more than `room` bytes (an entry may lie about its size) and
 * stopping when the import's deadline passes.
 */
export function unpack(entry: JSZip.JSZipObject, room: number, tooLarge: () => Error, deadline: Deadline, limits: ImportLimits): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const stream = entry.nodeStream('nodebuffer') as NodeJS.ReadableStream & { destroy?: () => void };
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: Error) => {
      stream.removeAllListeners('data');
      stream.destroy?.();
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > room) return stop(tooLarge());
      if (deadline.expired) return stop(invalid(`url: the import ran out of time (${formatMs(limits.totalTimeoutMs)} in all) while unpacking ${entry.name}`));
      chunks.push(chunk);
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
