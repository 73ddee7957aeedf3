import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { ApiRequest, ApiResponse } from '../messages';

/**
 * What every page of a published site carries: no script or style but the site's own, no frame, no
 * plugin, forms only to itself; images also from other hosts (content links to them).
 */
export const SITE_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; font-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'self'";
/** What a file of a space gets: nothing it holds (an SVG's script) runs. */
export const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; sandbox";

/** A page of the site, with the headers every page carries. */
export const html = (status: number, body: string, headers: Record<string, string> = {}): ApiResponse => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': SITE_CSP, 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin', ...headers },
  body,
});

/** Text for machines (markdown, llms.txt, sitemap.xml, robots.txt, search results as JSON). */
export const text = (contentType: string, body: string, headers: Record<string, string> = {}): ApiResponse => ({
  status: 200,
  headers: { 'content-type': contentType, 'x-content-type-options': 'nosniff', ...headers },
  body,
});

export const redirect = (status: 301 | 302, location: string, headers: Record<string, string> = {}): ApiResponse => ({
  status,
  headers: { location, 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8', ...headers },
  body: `Moved to ${location}\n`,
});

/** Bodies shorter than this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

/** A page's bytes and their `ETag`, with its compressed forms once made (a kept page is sent many times). */
export interface TaggedBody { body: Buffer; etag: string; br?: Buffer; gzip?: Buffer }

/** An answer of the reader: a kept page carries its tagged body instead of its text. */
export type SiteAnswer = ApiResponse & { kept?: TaggedBody };

/** A body with its tag: `etag` when the page has one from its inputs (validators.ts), else a hash of its bytes. */
export function taggedBody(text: string, etag?: string): TaggedBody {
  const body = Buffer.from(text);
  return { body, etag: etag ?? `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

/** Whether an `If-None-Match` header names `etag` (weak or strong). */
export function tagMatches(asked: string | string[] | undefined, etag: string): boolean {
  return typeof asked === 'string' && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * A 200 answer made conditional and compressed: an `ETag` of its bytes, `304` when the browser has
 * them already, and brotli or gzip when the browser takes it. Other answers go as they are. An answer's
 * `kept` is its body tagged before (a kept view): its tag and compressed forms are not made again.
 */
export function finished(req: ApiRequest, answer: SiteAnswer): ApiResponse {
  const { kept, ...response } = answer;
  if (response.status !== 200 || (typeof response.body !== 'string' && !kept)) return response;
  const tagged = kept ?? taggedBody(response.body as string);
  const { body, etag } = tagged;
  const headers = { ...response.headers, etag, vary: 'Accept-Encoding' };
  if (tagMatches(req.headers['if-none-match'], etag)) return { status: 304, headers: withoutContent(headers) };
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (body.length < COMPRESS_FROM_BYTES) return { ...response, headers, body };
  if (/\bbr\b/.test(accepted)) {
    tagged.br ??= brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    return { ...response, headers: { ...headers, 'content-encoding': 'br' }, body: tagged.br };
  }
  if (/\bgzip\b/.test(accepted)) {
    tagged.gzip ??= gzipSync(body, { level: 6 });
    return { ...response, headers: { ...headers, 'content-encoding': 'gzip' }, body: tagged.gzip };
  }
  return { ...response, headers, body };
}

function withoutContent(headers: Record<string, string>): Record<string, string> {
  const { 'content-type': _type, 'content-length': _length, ...rest } = headers;
  return rest;
}
