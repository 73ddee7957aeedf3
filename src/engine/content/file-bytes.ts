import type { Core } from '../core';
import { invalid } from '../errors';
import { fileSizeRule, UPLOAD_RETENTION_HOURS } from '../../domain/file-size';
import { blobHead, storeBytes } from './blob-store';
import { findUpload } from './uploads';

/** A file of an `insert_files` change: its bytes as base64, or an upload of the space by id. */
export interface FileSource {
  base64?: string;
  upload?: string;
}

/**
 * The blob of a file of a write batch, stored if it came as base64, with its first bytes (for an
 * image's size): exactly one of `base64` and `upload`, base64 that is valid and at most the engine's
 * largest file size, an upload the space still keeps. `where` names the file in errors.
 */
export async function fileBytes(core: Core, spaceId: string, file: FileSource, where: string): Promise<{ blobId: string; head: Buffer }> {
  if ((file.base64 === undefined) === (file.upload === undefined)) throw invalid(`${where}: give exactly one of base64 (the bytes) and upload (the id of an upload)`);
  if (file.upload !== undefined) {
    const blob = await findUpload(core, spaceId, file.upload);
    if (!blob) throw invalid(`${where}.upload: no upload ${file.upload} in this space (uploads are kept ${UPLOAD_RETENTION_HOURS} hours)`);
    return { blobId: blob.id, head: await blobHead(core, blob) };
  }
  const base64 = file.base64!;
  const clean = base64.replace(/\s/g, '');
  // A length of 4n+1 cannot be base64 (Buffer.from would silently drop the last character); padding only ends a full quantum.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length % 4 === 1 || (clean.endsWith('=') && clean.length % 4 !== 0)) {
    throw invalid(`${where}.base64: is not valid base64`);
  }
  // The decoded size, known before decoding: a file past the bound is never decoded.
  const size = Math.floor((clean.length * 3) / 4) - (clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0);
  if (size > core.maxFileSize) throw invalid(`${where}.base64: ${fileSizeRule(core.maxFileSize)} (it is ${size} bytes)`);
  const bytes = Buffer.from(base64, 'base64');
  return { blobId: await storeBytes(core, bytes), head: bytes };
}
