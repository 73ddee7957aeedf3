import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a client has to send a request's headers (node's default is a minute, which lets slow
 * clients hold connections), and how often node checks it. docs/security.md, "Connections".
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const CONNECTIONS_CHECK_MS = 1_000;
/** An idle keep-alive connection closes after this (node's default, stated). */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Connections in all unless --max-connections says otherwise (and the open-file limit allows). */
export const DEFAULT_MAX_CONNECTIONS = 10_000;
/** Open files serve keeps beside its connections: the database, uploads under way, outgoing requests. */
export const FILES_BESIDE_CONNECTIONS = 128;

const REFUSED_BODY = JSON.stringify({ error: { code: 503, message: 'too many connections from this address: retry in a moment' } });
const REFUSED = `HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(REFUSED_BODY)}\r\nretry-after: 1\r\nconnection: close\r\n\r\n${REFUSED_BODY}`;

/**
 * Refused connections still open, waiting for their client to read the 503 and close. Past this many
 * the oldest is cut: a flood refused faster than its clients close would otherwise fill the bound in
 * all with refusals, and node would then close everyone's new connections, not only the flood's.
 */
export const REFUSALS_LINGERING = 64;

/**
 * Bounds connections in all (`server.maxConnections`: past it node closes new ones at once) and per
 * client address (past it a new connection is answered 503 and closed before anything is read), so
 * that one client holding connections open cannot leave none for the others. 0 turns a bound off.
 * An address past its bound holds at most its bound and REFUSALS_LINGERING more.
 */
export function boundConnections(server: Server, bounds: { total: number; perAddress: number }): void {
  if (bounds.total > 0) server.maxConnections = bounds.total;
  if (bounds.perAddress <= 0) return;
  const open = new Map<string, number>();
  const refused = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > bounds.perAddress) {
      refuse(socket, refused);
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** Answers 503 and closes; whatever the client still sends is not read, one that does not close is cut. */
function refuse(socket: Socket, lingering: Set<Socket>): void {
  if (lingering.size >= REFUSALS_LINGERING) {
    // Taken out now: its 'close' comes later, after more connections of the same flood are accepted.
    const oldest = lingering.values().next().value as Socket;
    lingering.delete(oldest);
    oldest.destroy();
  }
  lingering.add(socket);
  socket.once('close', () => lingering.delete(socket));
  socket.end(REFUSED);
  setTimeout(() => socket.destroy(), 1000).unref();
}

/** The process's soft limit on open files (Linux, from /proc), or undefined where it cannot be read. */
export function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return !line || line[1] === 'unlimited' ? undefined : Number(line[1]);
  } catch {
    return undefined;
  }
}
