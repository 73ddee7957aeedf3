import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
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
});
