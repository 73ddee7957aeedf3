import type { Core } from '../core';
import { invalid } from '../errors';
import { fileSizeRule, UPLOAD_RETENTION_HOURS } from '../../domain/file-size';
import type { Change } from '../../domain/content-change';
import { blobHead, namedBlobs, storeBytes } from './blob-store';
import { sha256 } from './state';
import { findUpload } from './uploads';
import { eachInFlight } from '../../domain/in-flight';

/** A file of an `insert_files` change: its bytes as base64, or an upload of the space by id. */
export interface FileSource {
  base64?: string;
  upload?: string;
}

/** A file's base64 decoded, with its SHA-256. */
interface Decoded {
  bytes: Buffer;
  sha256: string;
}

/**
 * The base64 files of a batch, decoded and written to the file store before the batch's transaction
 * begins (`writeFilesAhead`): a write transaction holds the write lock, and each file is a round trip
 * or two to S3. `written`: the SHA-256s written, which the transaction then only names.
 */
export interface FilesAhead {
  decoded: WeakMap<FileSource, Decoded>;
  written: Set<string>;
}

/** Objects `writeFilesAhead` keeps in flight to the file store at once. */
const FILES_AHEAD_IN_FLIGHT = 8;

/** `base64` decoded, or what is wrong with it (the field's rule): not base64, or past the engine's largest file size. */
function decodeBase64(core: Core, base64: string): Decoded | { problem: string } {
  const clean = base64.replace(/\s/g, '');
  // A length of 4n+1 cannot be base64 (Buffer.from would silently drop the last character); padding only ends a full quantum.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1 || (clean.endsWith('=') && clean.length % 4 !== 0)) {
    return { problem: 'is not valid base64' };
  }
  // The decoded size, known before decoding: a file past the bound is never decoded.
  const size = Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0);
  if (size > core.maxFileSize) return { problem: `${fileSizeRule(core.maxFileSize)} (it is ${size} bytes)` };
  const bytes = Buffer.from(base64, 'base64');
  return { bytes, sha256: sha256(bytes) };
}

/**
 * Writes the base64 files of `changes` to the file store, outside any transaction (the caller has
 * checked the actor may write there: nobody makes the server write to S3 for nothing); answers what
 * the batch's transaction passes to `fileBytes`, or undefined without a file store (the bytes then go
 * into rows, inside the transaction). Several objects at a time; after a failure no other starts,
 * and those under way finish before it is thrown. A file that is no valid base64 is left for the
 * batch, which refuses it in its order, naming it. An object written for a batch that then fails is
 * named by no row: the file store's sweep removes it.
 */
export async function writeFilesAhead(core: Core, changes: readonly Change[]): Promise<FilesAhead | undefined> {
  const files = core.files;
  if (!files) return undefined;
  const ahead: FilesAhead = { decoded: new WeakMap(), written: new Set() };
  const unique = new Map<string, Decoded>();
  for (const change of changes) {
    if (change.operation !== 'insert_files') continue;
    for (const file of change.files) {
      if (file.base64 === undefined || file.upload !== undefined) continue;
      const decoded = decodeBase64(core, file.base64);
      if (!('bytes' in decoded)) continue;
      ahead.decoded.set(file, decoded);
      unique.set(decoded.sha256, decoded);
    }
  }
  const kept = await namedBlobs(core, [...unique.keys()]);
  const missing = [...unique.values()].filter((d) => !kept.has(d.sha256));
  // Several in flight: to S3 each is a round trip or two, and a batch may carry a few hundred small files.
  await eachInFlight(missing, FILES_AHEAD_IN_FLIGHT, async ({ bytes, sha256: id }) => {
    await files.put(id, bytes.length, (at, length) => bytes.subarray(at, at + length));
    ahead.written.add(id);
  });
  return ahead;
}

/**
 * The blob of a file of a write batch, stored if it came as base64, with its first bytes (for an
 * image's size): exactly one of `base64` and `upload`, base64 that is valid and at most the engine's
 * largest file size, an upload the space still keeps. `where` names the file in errors. `ahead`: what
 * `writeFilesAhead` wrote for this batch.
 */
export async function fileBytes(core: Core, spaceId: string, file: FileSource, where: string, ahead?: FilesAhead): Promise<{ blobId: string; head: Buffer }> {
  if ((file.base64 === undefined) === (file.upload === undefined)) throw invalid(`${where}: give exactly one of base64 (the bytes) and upload (the id of an upload)`);
  if (file.upload !== undefined) {
    const blob = await findUpload(core, spaceId, file.upload);
    if (!blob) throw invalid(`${where}.upload: no upload ${file.upload} in this space (uploads are kept ${UPLOAD_RETENTION_HOURS} hours)`);
    return { blobId: blob.id, head: await blobHead(core, blob) };
  }
  const decoded = ahead?.decoded.get(file) ?? decodeBase64(core, file.base64!);
  if (!('bytes' in decoded)) throw invalid(`${where}.base64: ${decoded.problem}`);
  const { bytes, sha256: id } = decoded;
  return { blobId: await storeBytes(core, bytes, id, { written: ahead?.written.has(id) }), head: bytes };
}
