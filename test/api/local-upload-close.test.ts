import { describe, expect, it } from 'vitest';
import { appendFileSync, mkdtempSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localTransport, type InProcessApp } from '../../src/api/transports/local';

const openFiles = () => readdirSync('/proc/self/fd').length;

/** The local transport reads an upload's file as the app asks for it, and closes it whatever the app read. */
describe('local transport uploads', () => {
  it.skipIf(!existsSync('/proc/self/fd'))('closes the file of an upload the app refused without reading it, or read only in part', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-local-upload-'));
    const file = join(dir, 'big.bin');
    writeFileSync(file, Buffer.alloc(3 * 1024 * 1024, 7));
    const refusing = (chunksRead: number): InProcessApp => ({
      async handleAsync(request) {
        // Read by hand, as an operation may, and left where it stopped (no return()).
        const chunks = (request.body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
        for (let n = 0; n < chunksRead; n++) await chunks.next();
        return { status: 413, headers: { 'content-type': 'application/json' }, body: '{"error":{"code":413,"message":"too large"}}' };
      },
    });
    const before = openFiles();
    for (const chunksRead of [0, 1, 0, 1, 0]) {
      const answer = await localTransport(refusing(chunksRead), { userId: 'u' }).send({ method: 'POST', url: '/v1/spaces/s/uploads', upload: file });
      expect(answer.status).toBe(413);
    }
    expect(openFiles()).toBe(before);
  });

  it('hands the app buffers no larger than what is left of the file, and all of a file that grew since', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docsctl-local-upload-'));
    const MiB = 1024 * 1024;
    const seen: { sizes: number[]; bytes: Buffer; declared: string }[] = [];
    const reading = (grow?: string): InProcessApp => ({
      async handleAsync(request) {
        if (grow) appendFileSync(grow, Buffer.alloc(10, 9));
        const sizes: number[] = [];
        const parts: Buffer[] = [];
        for await (const chunk of request.body as AsyncIterable<Uint8Array>) {
          // What each chunk holds on to: its own bytes (or a slice of Node's 8 KiB pool of small buffers).
          sizes.push(Math.max(chunk.buffer.byteLength, chunk.length));
          parts.push(Buffer.from(chunk));
        }
        seen.push({ sizes, bytes: Buffer.concat(parts), declared: request.headers['content-length'] });
        return { status: 201, headers: { 'content-type': 'application/json' }, body: '{}' };
      },
    });
    const files = { small: Buffer.alloc(3000, 1), large: Buffer.alloc(2 * MiB + 5, 2), empty: Buffer.alloc(0), growing: Buffer.alloc(5000, 3) };
    for (const [name, bytes] of Object.entries(files)) {
      const file = join(dir, name);
      writeFileSync(file, bytes);
      await localTransport(reading(name === 'growing' ? file : undefined), { userId: 'u' }).send({ method: 'POST', url: '/v1/spaces/s/uploads', upload: file });
    }
    const [small, large, empty, growing] = seen;
    expect(small.sizes.every((size) => size <= 8192)).toBe(true);
    expect(small.bytes.equals(files.small)).toBe(true);
    expect(large.sizes).toEqual([MiB, MiB, expect.any(Number)]);
    expect(large.sizes[2]).toBeLessThanOrEqual(8192);
    expect(large.bytes.equals(files.large)).toBe(true);
    expect(empty.bytes.length).toBe(0);
    // Declared at the size it had; every byte it has by the time it is read.
    expect(growing.declared).toBe('5000');
    expect(growing.bytes.equals(Buffer.concat([files.growing, Buffer.alloc(10, 9)]))).toBe(true);
  });
});
