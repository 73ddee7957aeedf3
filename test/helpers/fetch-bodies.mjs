// Sends request bodies with undici's fetch from a process of its own and prints, as JSON, what each
// one read: { status, body } or { error }. A client in the server's own process shares its event loop,
// which hides the races a real client meets (test/e2e/oversized-bodies.test.ts).
// argv[2]: { rounds: [[{ url, method, headers, bytes, stream }]] }; the requests of a round go at once.
import { fetch } from 'undici';

const { rounds } = JSON.parse(process.argv[2]);

/** `bytes` spaces, with a Content-Length, or as a stream of 64 KiB chunks without one. */
function bodyOf(bytes, stream) {
  if (!stream) return Buffer.alloc(bytes, 0x20);
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let left = bytes;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close();
      controller.enqueue(chunk.subarray(0, Math.min(chunk.length, left)));
      left -= chunk.length;
    },
  });
}

async function send({ url, method, headers, bytes, stream }) {
  try {
    const res = await fetch(url, { method, headers, body: bodyOf(bytes, stream), duplex: 'half' });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) };
  } catch (error) {
    return { error: `${error.message}: ${error.cause?.code ?? error.cause?.message ?? ''}` };
  }
}

const answers = [];
for (const round of rounds) answers.push(...(await Promise.all(round.map(send))));
process.stdout.write(JSON.stringify(answers));
