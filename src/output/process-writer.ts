import { fstatSync, statSync, writeSync } from 'node:fs';

/**
 * The process's stdout or stderr when it is no terminal (a pipe, a socket, a file, /dev/null), written
 * with `write(2)` on its descriptor. Node's `process.stdout` builds a stream for it on first use: for a
 * pipe or a socket the whole `net` stack (~5 ms of a start on a slow machine), for a file a stream of
 * its own (~2.7 ms), and a command that is piped writes its output once. What Node's stream does on
 * Linux for pipes and files is the same synchronous write, so output comes out in the same order.
 * Terminals (and Windows, where pipes are asynchronous) keep Node's stream.
 */
export class DescriptorWriter {
  readonly isTTY = false;
  readonly columns = undefined;
  /** Node's own stream, once the descriptor would block (a non-blocking pipe whose reader is slow): the rest goes through it, in order. */
  private stream?: NodeJS.WritableStream;
  /** The reader went away (EPIPE). */
  private closed = false;

  /** `streamOf`: Node's stream of the same descriptor, made only if a write would block or on `handOver`. */
  constructor(
    readonly fd: number,
    private readonly streamOf: () => NodeJS.WritableStream = () => nodeStream(fd === 1 ? 1 : 2),
  ) {}

  /** Sends this and every later write through Node's stream, and answers it (see `nodeStreamOf`). */
  handOver(): NodeJS.WritableStream {
    this.stream ??= this.streamOf();
    return this.stream;
  }

  write(chunk: string | Uint8Array): boolean {
    if (this.stream) return this.stream.write(chunk);
    if (this.closed) return true;
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (bytes.length) {
      try {
        bytes = bytes.subarray(writeSync(this.fd, bytes));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') return this.handOver().write(bytes);
        if (code !== 'EPIPE') throw error;
        this.closed = true;
        if (this.fd === 1) readerGone();
        return true;
      }
    }
    return true;
  }
}

/** `docsctl … --all | head`: the reader of stdout left, so stop quietly as Unix tools do instead of crashing on EPIPE. */
function readerGone(): never {
  process.exit(process.exitCode ?? 0);
}

/**
 * Node's stream of stdout (1) or stderr (2); stdout's EPIPE ends the process quietly (`readerGone`),
 * however the stream came to be written (a terminal, Windows, a writer handed over).
 */
function nodeStream(fd: 1 | 2): NodeJS.WriteStream {
  if (fd === 2) return process.stderr;
  if (!process.stdout.listeners('error').includes(onStdoutError)) process.stdout.on('error', onStdoutError);
  return process.stdout;
}

function onStdoutError(error: NodeJS.ErrnoException): void {
  if (error.code !== 'EPIPE') throw error;
  readerGone();
}

/** The null device's device number, to tell it from a terminal (both are character devices). */
let nullDevice: number | undefined;

/** Whether descriptor `fd` is surely no terminal: a pipe, a socket, a file or the null device. */
function surelyNoTerminal(fd: number): boolean {
  try {
    const stat = fstatSync(fd);
    if (stat.isFIFO() || stat.isSocket() || stat.isFile()) return true;
    if (!stat.isCharacterDevice()) return false;
    nullDevice ??= statSync('/dev/null').rdev;
    return stat.rdev === nullDevice;
  } catch {
    return false;
  }
}

/** stdout (1) or stderr (2) of this process, as docsctl's IO writes to it: see `DescriptorWriter`. */
export function processWriter(fd: 1 | 2): DescriptorWriter | NodeJS.WriteStream {
  if (process.platform !== 'win32' && surelyNoTerminal(fd)) return new DescriptorWriter(fd);
  return nodeStream(fd);
}

/** Whether `writer` is this process's own stdout (not an in-process caller's), without making Node's stream for it. */
export function isProcessStdout(writer: unknown): boolean {
  return writer instanceof DescriptorWriter ? writer.fd === 1 : writer === process.stdout;
}

/**
 * What a long-running command (`serve`, `mcp`) writes through: Node's stream for the process's own
 * descriptor (which queues when its reader is slow, where a blocking write would stall every request),
 * `writer` itself otherwise. A DescriptorWriter sends its later writes there too, so they stay in order.
 */
export function nodeStreamOf<W>(writer: W): W | NodeJS.WritableStream {
  return writer instanceof DescriptorWriter ? writer.handOver() : writer;
}
