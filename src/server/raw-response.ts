import { isMediaType } from '../engine/content/file-rules';
import type { SizedStream } from '../engine/content/blob-store';
import type { ApiResponse } from './messages';

/** What a raw route (a file's bytes, a PDF, a spec document) answers with. */
export interface RawFile {
  contentType: string;
  /** The bytes, or (a large file) a stream of them of a known size, sent as they are read. */
  bytes: Buffer | SizedStream;
  /** The file's name, for the download name of an attachment. */
  name?: string;
  /** A URL of the file store that serves the bytes itself (`serve --files-presign`): the answer is a redirect to it. */
  presign?: (file: { contentType: string; disposition?: string }) => Promise<string>;
}

/** Types a browser would run (scripts, markup that can hold scripts): served only as downloads. */
const ACTIVE = /^(text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml|[a-z]+\/[^;]*\+xml|text\/javascript|application\/(x-)?javascript|application\/ecmascript)\s*(;|$)/i;

/** A Content-Disposition with the name in ASCII (anything else, and `/`, becomes `_`) and in full as RFC 8187 UTF-8. */
export function disposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%/]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** `attachment`, named by the last segment of the file's name. */
const attachment = (name: string) => disposition('attachment', name.split('/').pop() || 'download');

/**
 * The answer of a raw route. Stored media types were not always checked on write, so one that is not
 * a valid media type goes out as application/octet-stream rather than into a header where it would
 * throw or inject. Browsers must not guess another type (nosniff), and active types are downloads.
 */
export async function rawResponse(status: number, file: RawFile, headers: Record<string, string>): Promise<ApiResponse> {
  const type = isMediaType(file.contentType) ? file.contentType : 'application/octet-stream';
  const out: Record<string, string> = { ...headers, 'content-type': type, 'x-content-type-options': 'nosniff' };
  if (ACTIVE.test(type)) out['content-disposition'] = attachment(file.name ?? 'download');
  if (file.presign) {
    // The store answers with the same type and, for active types, as an attachment (nosniff it cannot be asked for).
    const location = await file.presign({ contentType: type, ...(out['content-disposition'] ? { disposition: out['content-disposition'] } : {}) });
    return { status: 302, headers: { ...headers, location, 'cache-control': 'private, no-store' } };
  }
  return Buffer.isBuffer(file.bytes) ? { status, headers: out, body: file.bytes } : { status, headers: out, stream: file.bytes };
}
