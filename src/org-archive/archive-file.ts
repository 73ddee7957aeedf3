import { createReadStream, createWriteStream, renameSync, rmSync } from 'node:fs';
import { createGunzip, createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { basename, dirname, join } from 'node:path';
import { parseTarHeader, tarHeader, tarPadding, TarFormatError, TAR_BLOCK, TAR_END, type TarEntry } from './tar';

/**
 * What reading an archive accepts at most (docs/decisions.md, "Organization archives"): an archive is
 * untrusted input, read whole into memory, so its entry count and sizes are bounded before anything
 * is allocated for them.
 */
export const ARCHIVE_BOUNDS = {
  /** Entries: one per space, site and spec, and one per distinct file. */
  maxEntries: 200_000,
  /** Bytes of one entry once uncompressed. */
  maxEntryBytes: 256 * 1024 * 1024,
  /** Bytes of the whole archive once uncompressed (a gzip bomb stops here). */
  maxTotalBytes: 1024 * 1024 * 1024,
};
export type ArchiveBounds = typeof ARCHIVE_BOUNDS;

/** An archive that cannot be read: not gzip, not tar, out of bounds, or an unsafe entry name. */
export class ArchiveError extends Error {}

/** Entry names are relative paths of plain segments: no `..`, no absolute path, no backslash or control character. */
export function checkEntryName(name: string): void {
  const unsafe =
    !name || name.startsWith('/') || /^[A-Za-z]:/.test(name) || name.includes('\\') || /[\u0000-\u001f]/.test(name) ||
    name.split('/').some((segment) => segment === '..' || segment === '.' || segment === '');
  if (unsafe) throw new ArchiveError(`unsafe entry name ${JSON.stringify(name)} (absolute, "..", or empty segments are refused)`);
}

/**
 * Writes entries as a gzip'd ustar file: into a temporary file next to `path`, renamed over it once
 * complete, so a failure leaves nothing half-written. Returns the bytes written.
 */
export async function writeArchive(path: string, entries: Iterable<TarEntry>): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  function* blocks() {
    for (const entry of entries) {
      checkEntryName(entry.name);
      yield tarHeader(entry);
      yield entry.bytes;
      yield tarPadding(entry.bytes.length);
    }
    yield TAR_END;
  }
  const out = createWriteStream(temp);
  try {
    await pipeline(Readable.from(blocks()), createGzip({ level: 6 }), out);
    renameSync(temp, path);
  } catch (error) {
    // The stream opens its file in the background: removed before it was opened, it came back (a busy
    // machine left `.x.tgz.PID.tmp` behind). Once the stream is closed the file is there, or never will be.
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    rmSync(temp, { force: true });
    throw error;
  }
}

/** Reads every entry of an archive, in order, within `bounds`. */
export async function readArchive(path: string, bounds: ArchiveBounds = ARCHIVE_BOUNDS): Promise<TarEntry[]> {
  const entries: TarEntry[] = [];
  const names = new Set<string>();
  let pending: Buffer = Buffer.alloc(0);
  let current: { name: string; size: number; regular: boolean; chunks: Buffer[]; got: number } | undefined;
  let total = 0;
  let ended = false;
  const consume = () => {
    for (;;) {
      if (ended) return;
      if (!current) {
        if (pending.length < TAR_BLOCK) return;
        const header = parseTarHeader(pending.subarray(0, TAR_BLOCK));
        pending = pending.subarray(TAR_BLOCK);
        if (!header) {
          ended = true;
          return;
        }
        if (header.regular) checkEntryName(header.name);
        if (entries.length >= bounds.maxEntries) throw new ArchiveError(`more than ${bounds.maxEntries} entries`);
        if (header.size > bounds.maxEntryBytes) throw new ArchiveError(`entry ${header.name} is ${header.size} bytes, more than ${bounds.maxEntryBytes}`);
        if (names.has(header.name)) throw new ArchiveError(`entry ${header.name} appears twice`);
        names.add(header.name);
        current = { ...header, chunks: [], got: 0 };
      }
      const padded = current.size + ((TAR_BLOCK - (current.size % TAR_BLOCK)) % TAR_BLOCK);
      const want = padded - current.got;
      const take = Math.min(want, pending.length);
      if (take === 0 && want > 0) return;
      const bytesLeft = current.size - current.got;
      if (bytesLeft > 0) current.chunks.push(pending.subarray(0, Math.min(take, bytesLeft)));
      current.got += take;
      pending = pending.subarray(take);
      if (current.got === padded) {
        // Only regular files are entries; anything else (directories, links) is skipped, never followed.
        if (current.regular) entries.push({ name: current.name, bytes: Buffer.concat(current.chunks) });
        current = undefined;
      }
    }
  };
  try {
    const gunzip = createGunzip();
    const source = createReadStream(path);
    source.on('error', (error) => gunzip.destroy(error));
    source.pipe(gunzip);
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > bounds.maxTotalBytes) throw new ArchiveError(`more than ${bounds.maxTotalBytes} bytes once uncompressed`);
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      consume();
      if (ended) {
        gunzip.destroy();
        break;
      }
    }
  } catch (error) {
    if (error instanceof ArchiveError) throw error;
    if (error instanceof TarFormatError) throw new ArchiveError(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'EACCES') throw error;
    if (code?.startsWith('Z_') || /incorrect header check|unexpected end/i.test((error as Error).message)) {
      throw new ArchiveError(`not a gzip'd archive (${(error as Error).message})`);
    }
    throw error;
  }
  if (!ended) throw new ArchiveError(current ? `truncated archive (entry ${current.name} is cut short)` : 'truncated archive (no end-of-archive blocks)');
  return entries;
}
