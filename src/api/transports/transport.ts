export interface TransportRequest {
  method: string;
  /** Path and query, e.g. `/v1/orgs?limit=10`. */
  url: string;
  body?: string;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string>;
  /** Text for JSON answers; bytes for anything else (file downloads). */
  body?: string | Buffer;
}

/** How requests reach the app: in-process (local) or over HTTP (remote). Nothing else differs. */
export interface Transport {
  send(request: TransportRequest): Promise<TransportResponse>;
  close?(): Promise<void> | void;
}
