import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { DescriptorWriter, isProcessStdout, nodeStreamOf, processWriter } from '../../src/output/process-writer';

/**
 * docsctl writes a piped stdout and stderr with write(2) on the descriptor instead of making Node's
 * stream (the built-entry tests run every command that way); here what a descriptor does that a
 * command's ordinary output never shows: a write that would block, a reader gone.
 */
describe.skipIf(process.platform === 'win32')('DescriptorWriter', () => {
  const dirs: string[] = [];
  const fds: number[] = [];
  afterEach(() => {
    for (const fd of fds.splice(0)) closeSync(fd);
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  /** A FIFO with its read end open and its write end open without blocking (as a parent may hand a pipe). */
  const fifo = () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-fifo-'));
    dirs.push(dir);
    const path = join(dir, 'pipe');
    execFileSync('mkfifo', [path]);
    const reader = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    fds.push(writer, reader);
    return { reader, writer };
  };
  /** Everything readable from `fd` now. */
  const drain = (fd: number) => {
    const parts: Buffer[] = [];
    const buffer = Buffer.alloc(1 << 16);
    for (;;) {
      try {
        const n = readSync(fd, buffer);
        if (!n) break;
        parts.push(Buffer.from(buffer.subarray(0, n)));
      } catch {
        break;
      }
    }
    return Buffer.concat(parts);
  };
  /** A stream standing in for Node's, collecting what it is given. */
  const collecting = () => {
    const got: Buffer[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => (got.push(Buffer.from(chunk)), done()) });
    return { stream, got };
  };

  it('writes strings and bytes to its descriptor, in order', () => {
    const { reader, writer } = fifo();
    const out = new DescriptorWriter(writer, () => {
      throw new Error('no stream needed');
    });
    expect(out.write('members\t')).toBe(true);
    out.write(Buffer.from('37 ✓\n'));
    expect(drain(reader).toString('utf8')).toBe('members\t37 ✓\n');
    expect(out.isTTY).toBe(false);
    expect(out.columns).toBeUndefined();
  });

  it('hands the rest to Node\'s stream once the descriptor would block, and everything after it, in order', () => {
    const { reader, writer } = fifo();
    const { stream, got } = collecting();
    const out = new DescriptorWriter(writer, () => stream);
    // More than a pipe holds (64 KiB on Linux): part goes to the descriptor, the rest would block.
    const big = Buffer.alloc(1 << 20, 'a');
    out.write(big);
    out.write('after\n');
    const direct = drain(reader);
    expect(direct.length).toBeGreaterThan(0);
    expect(direct.length).toBeLessThan(big.length);
    expect(Buffer.concat([direct, ...got]).equals(Buffer.concat([big, Buffer.from('after\n')]))).toBe(true);
  });

  it('hands over to Node\'s stream for good when a long-running command asks (nodeStreamOf); other writers stay as they are', () => {
    const { reader, writer } = fifo();
    const { stream, got } = collecting();
    const out = new DescriptorWriter(writer, () => stream);
    out.write('before\n');
    expect(nodeStreamOf(out)).toBe(stream);
    out.write('after\n');
    expect(drain(reader).toString('utf8')).toBe('before\n');
    expect(Buffer.concat(got).toString('utf8')).toBe('after\n');
    const plain = { write: () => true };
    expect(nodeStreamOf(plain)).toBe(plain);
  });

  it('drops what it is given once the reader has gone (EPIPE) instead of throwing', () => {
    const { reader, writer } = fifo();
    closeSync(reader);
    fds.splice(fds.indexOf(reader), 1);
    const out = new DescriptorWriter(writer, () => {
      throw new Error('no stream needed');
    });
    expect(out.write('lost\n')).toBe(true);
    expect(out.write('lost too\n')).toBe(true);
  });

  it('is used for a file, and a test\'s own writer is not the process\'s stdout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-file-'));
    dirs.push(dir);
    const file = join(dir, 'out.txt');
    writeFileSync(file, '');
    const fd = openSync(file, 'w');
    fds.push(fd);
    new DescriptorWriter(fd).write('in a file\n');
    expect(readFileSync(file, 'utf8')).toBe('in a file\n');
    expect(isProcessStdout(new DescriptorWriter(1))).toBe(true);
    expect(isProcessStdout(new DescriptorWriter(2))).toBe(false);
    expect(isProcessStdout({ write: () => true })).toBe(false);
    // Under vitest the worker's stdout is a pipe or a terminal: either way a writer for it comes back.
    expect(typeof processWriter(2).write).toBe('function');
  });
});
