import type { ApiClient } from '../../api/client';

/**
 * Files at most this large travel inside a change request's writes, as base64, many a request;
 * larger ones are uploaded first, each a request of its own. In the corpus 97% of the files are at
 * most 1 MiB (the median is 55 KB): one request per file made a push of a thousand images a thousand
 * requests (a round trip each, and past serve's default rate limit of 1,000 a minute). In-process a
 * request is no round trip, only a transaction, while base64 and its JSON cost CPU per byte: there
 * files up to 64 KiB go inline (docs/decisions.md, "Small files travel inside the writes").
 */
export const INLINE_FILE_BYTES = 1024 * 1024;
export const LOCAL_INLINE_FILE_BYTES = 64 * 1024;
/**
 * Inline files one write request carries at most: 5 MiB (as base64 a third larger, well inside the
 * write route's body bound), and 200 files (a serve with its files in S3 writes each object before the
 * batch's transaction, eight at a time: a request of thousands would wait on thousands of round trips).
 */
const INLINE_BYTES_PER_WRITE = 5 * 1024 * 1024;
const INLINE_FILES_PER_WRITE = 200;

/** The files to send: `small` ones travel inside the change request's writes (as base64), `large` ones are uploaded first; by `api`'s transport. */
export function splitByInlining<T extends { size: number }>(api: ApiClient, files: readonly T[]): { large: T[]; small: T[] } {
  const most = api.transport.overNetwork ? INLINE_FILE_BYTES : LOCAL_INLINE_FILE_BYTES;
  return { large: files.filter((f) => f.size > most), small: files.filter((f) => f.size <= most) };
}

/** Inline files in groups of at most INLINE_BYTES_PER_WRITE bytes and INLINE_FILES_PER_WRITE files: one write request each. */
export function inlineGroups<T extends { size: number }>(files: readonly T[]): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const file of files) {
    if (current.length && (bytes + file.size > INLINE_BYTES_PER_WRITE || current.length >= INLINE_FILES_PER_WRITE)) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.size;
  }
  if (current.length) groups.push(current);
  return groups;
}
