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

/**
 * A 200 answer made conditional and compressed: an `ETag` of its bytes, `304` when the browser has
 * them already, and brotli or gzip when the browser takes it. Other answers go as they are.
 */
export function finished(req: ApiRequest, response: ApiResponse): ApiResponse {
  if (response.status !== 200 || typeof response.body !== 'string') return response;
  const body = Buffer.from(response.body);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const headers = { ...response.headers, etag, vary: 'Accept-Encoding' };
  const asked = req.headers['if-none-match'];
  if (typeof asked === 'string' && asked.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return { status: 304, headers: withoutContent(headers) };
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (body.length < COMPRESS_FROM_BYTES) return { ...response, headers, body };
  if (/\bbr\b/.test(accepted)) {
    const compressed = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    return { ...response, headers: { ...headers, 'content-encoding': 'br' }, body: compressed };
  }
  if (/\bgzip\b/.test(accepted)) return { ...response, headers: { ...headers, 'content-encoding': 'gzip' }, body: gzipSync(body, { level: 6 }) };
  return { ...response, headers, body };
}

function withoutContent(headers: Record<string, string>): Record<string, string> {
  const { 'content-type': _type, 'content-length': _length, ...rest } = headers;
  return rest;
}
