import { closeSync, createWriteStream, openSync, readSync, statSync } from 'node:fs';
import { writeFile, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { Transport, TransportRequest, TransportResponse } from './transport';

/**
 * What the local transport calls: the server's `app` (server/app.ts), seen from below. The API layer
 * describes the shape it needs instead of importing the server, so layers point one way.
 */
export interface InProcessApp {
  handleAsync(
    request: { method: string; url: string; headers: Record<string, string>; body?: string | AsyncIterable<Uint8Array> },
    options: { actor: { userId: string } },
  ): Promise<TransportResponse & { stream?: { size: number; chunks: AsyncIterable<Uint8Array> } }>;
}

/** How much of a file the local transport reads at a time. */
const READ_CHUNK = 1024 * 1024;

/**
 * A file's bytes, read synchronously a chunk at a time as the app asks for them: in-process there is
 * nothing else to do meanwhile, and each read through the thread pool was several round trips
 * (a push of 200 images spent a quarter of its time waiting on them). Each buffer is as large as what
 * is left of the `size` the file had (a chunk at most): a 1 MiB buffer for every 3 KiB image, and
 * another to find its end, made a push of 1,000 images spend a tenth of its time collecting them.
 */
async function* chunksOf(path: string, size: number): AsyncGenerator<Uint8Array> {
  const fd = openSync(path, 'r');
  try {
    for (let left = size; ; ) {
      // Past the size it had, a small read finds the end (or that the file grew: then whole chunks again).
      const buffer = Buffer.allocUnsafe(left > 0 ? Math.min(READ_CHUNK, left) : left === 0 ? END_PROBE : READ_CHUNK);
      const n = readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) return;
      left = left >= n ? left - n : -1;
      yield n === buffer.length ? buffer : buffer.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}

/** What is read past a file's size to find that it ends there. */
const END_PROBE = 1024;

/** An upload's body as the app takes it: the file's bytes (read as the app consumes them) or the buffer. */
async function uploadOf(upload: string | Buffer): Promise<{ body: AsyncGenerator<Uint8Array>; size: number }> {
  if (typeof upload !== 'string') return { body: (async function* () { yield upload; })(), size: upload.length };
  const size = statSync(upload).size;
  return { body: chunksOf(upload, size), size };
}

/** Writes bytes to `path` as they come; a failure leaves no partial file. */
async function save(path: string, chunks: AsyncIterable<Uint8Array> | Buffer): Promise<void> {
  try {
    if (Buffer.isBuffer(chunks)) await writeFile(path, chunks);
    else await pipeline(chunks, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
}

/** Bytes that arrive in chunks, whole. */
export async function collect(chunks: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Calls `app.handle` in-process, as `actor`, with no socket in between. The engine's owner closes it. */
export function localTransport(app: InProcessApp, actor: { userId: string }): Transport {
  return {
    async send(request: TransportRequest) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      let body: string | AsyncGenerator<Uint8Array> | undefined = request.body;
      if (request.upload !== undefined) {
        const upload = await uploadOf(request.upload);
        Object.assign(headers, { 'content-type': 'application/octet-stream', 'content-length': String(upload.size) });
        body = upload.body;
      }
      let answered;
      try {
        answered = await app.handleAsync({ method: request.method, url: request.url, headers, body }, { actor });
      } finally {
        // A file the app did not read to its end (a refusal) is closed now, not when collected.
        if (body !== undefined && typeof body !== 'string') await body.return(undefined);
      }
      const { stream, ...answer } = answered;
      const ok = answer.status < 300;
      if (request.saveTo && ok && (stream || answer.body !== undefined)) {
        await save(request.saveTo, stream ? stream.chunks : Buffer.from(answer.body!));
        return { status: answer.status, headers: answer.headers, saved: stream ? stream.size : Buffer.byteLength(answer.body!) };
      }
      // `docsctl api` and `call` of a raw route get the bytes whole, as from a remote server.
      return stream ? { ...answer, body: await collect(stream.chunks) } : answer;
    },
  };
}
