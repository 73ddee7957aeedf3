// A request and its answer as the app sees them, whether over HTTP or from the local transport: the app,
// its raw answers and the transports depend on this file, not on each other.
import type { ByteStream } from '../api/routes/route';
import type { SizedStream } from '../engine/content/blob-store';

/** A request as the app sees it, whether it came over HTTP or from the local transport. */
export interface ApiRequest {
  method: string;
  /** Path with optional query string, e.g. `/v1/orgs?limit=10`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** JSON text; for a `rawBody` route (uploads), its bytes as they arrive (node:http's request, a file's stream). */
  body?: string | ByteStream;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text, or bytes for raw routes (file downloads). */
  body?: string | Buffer;
  /** Instead of `body`, a raw route's bytes (a large file) read as they are sent, and their size. */
  stream?: SizedStream;
}
