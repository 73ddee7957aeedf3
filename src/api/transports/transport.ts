export interface TransportRequest {
  method: string;
  /** Path and query, e.g. `/v1/orgs?limit=10`. */
  url: string;
  body?: string;
  /**
   * Instead of `body`: bytes sent as they are (`application/octet-stream`), a file's (its path, read as
   * it is sent, never whole) or a buffer's. For `rawBody` routes (uploads).
   */
  upload?: string | Buffer;
  /** A successful answer's bytes go to this file as they arrive instead of into `body` (downloads). */
  saveTo?: string;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  /** Text for JSON answers; bytes for anything else (file downloads). */
  body?: string | Buffer;
  /** With `saveTo`, on success: how many bytes were written to the file. */
  saved?: number;
}

/** How many connections the remote transport keeps to its server: the most requests it has in flight. */
export const REMOTE_CONNECTIONS = 8;

/** How requests reach the app: in-process (local) or over HTTP (remote). Nothing else differs. */
export interface Transport {
  send(request: TransportRequest): Promise<TransportResponse>;
  /**
   * How many requests a sender of many independent ones (a push's uploads) keeps in flight: over HTTP
   * they overlap the round trips; in-process one thread does all the work, so 1 (the default).
   */
  inFlight?: number;
  /** Each request crosses a network (HTTP): a round trip, however small (in-process, a call). */
  overNetwork?: boolean;
  close?(): Promise<void> | void;
}
