/**
 * Round trips counted by the PostgreSQL wire protocol, from what a client sends on one connection.
 *
 * The rule: a round trip is a message after which the client waits for the server's answer before it
 * can go on. With node-postgres that is
 * - a Sync ('S'), which ends each statement of the extended protocol (Parse/Bind/Describe/Execute, sent
 *   in one write, answered at ReadyForQuery): one awaited statement with parameters;
 * - a Query ('Q'), the simple protocol: one awaited text, however many statements it holds (docsctl
 *   sends BEGIN with its lock, and the COMMIT with the statements that go with it, that way);
 * - when a connection opens: its startup message, and each password or SASL message ('p') after it.
 * node-postgres sends one statement at a time, so this is the number of times a request waits on the
 * database. Nothing else the client sends (Terminate, a CancelRequest) is counted.
 */
export type RoundTripLog = string[];

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Of a Parse, Bind or Query: what is kept to read names and texts from (the values are not needed). */
const KEPT = 4096;

export function countingParser(options: { record: boolean; named: Map<string, string>; roundTrip: (statements: RoundTripLog) => void }) {
  // The first messages have no type byte: a startup message, or a request to negotiate encryption first.
  let untyped = true;
  let negotiating = false;
  // An encrypted connection cannot be read: nothing more is counted on it.
  let opaque = false;
  const header = Buffer.alloc(8);
  let headerHave = 0;
  let type = 0;
  let remaining = 0;
  let body: Buffer[] = [];
  let bodyHave = 0;
  let statements: string[] = [];
  let unnamed = '';

  const keeps = (t: number) => options.record && (t === 0x50 || t === 0x42 || t === 0x51); // P, B, Q
  const cString = (bytes: Buffer, from: number) => {
    const end = bytes.indexOf(0, from);
    return { text: bytes.toString('utf8', from, end < 0 ? bytes.length : end), next: end < 0 ? bytes.length : end + 1 };
  };
  const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 160);

  const finished = () => {
    const bytes = body.length ? Buffer.concat(body) : Buffer.alloc(0);
    body = [];
    bodyHave = 0;
    if (type === 0x53) return void (options.roundTrip(statements), (statements = []));
    if (type === 0x70) return void options.roundTrip(['(authentication)']);
    if (!options.record) {
      if (type === 0x51) options.roundTrip([]);
      return;
    }
    if (type === 0x51) return void options.roundTrip([short(cString(bytes, 0).text)]);
    if (type === 0x50) {
      const name = cString(bytes, 0);
      const text = cString(bytes, name.next).text;
      if (name.text) options.named.set(name.text, text);
      else unnamed = text;
    } else if (type === 0x42) {
      const portal = cString(bytes, 0);
      const name = cString(bytes, portal.next).text;
      statements.push(short(name ? (options.named.get(name) ?? `(prepared ${name})`) : unnamed));
    }
  };

  const startup = (code: number) => {
    if (code === SSL_REQUEST || code === GSSENC_REQUEST) negotiating = true;
    else if (code === CANCEL_REQUEST) opaque = true;
    else {
      untyped = false;
      options.roundTrip(['(startup)']);
    }
  };

  return {
    fromClient(chunk: Buffer) {
      let at = 0;
      while (!opaque && at < chunk.length) {
        if (remaining > 0) {
          const take = Math.min(remaining, chunk.length - at);
          if (keeps(type) && bodyHave < KEPT) {
            body.push(chunk.subarray(at, at + Math.min(take, KEPT - bodyHave)));
            bodyHave += take;
          }
          at += take;
          remaining -= take;
          if (remaining === 0) finished();
          continue;
        }
        const need = untyped ? 8 : 5;
        const take = Math.min(need - headerHave, chunk.length - at);
        chunk.copy(header, headerHave, at, at + take);
        headerHave += take;
        at += take;
        if (headerHave < need) continue;
        headerHave = 0;
        if (untyped) {
          startup(header.readInt32BE(4));
          remaining = header.readInt32BE(0) - 8;
          type = 0;
        } else {
          type = header[0];
          remaining = header.readInt32BE(1) - 4;
        }
        if (remaining === 0 && type !== 0) finished();
      }
    },
    /** Only the answer to an encryption request is read: 'N' goes on in the clear. */
    fromServer(chunk: Buffer) {
      if (!negotiating || !chunk.length) return;
      negotiating = false;
      if (chunk[0] !== 0x4e) opaque = true;
    },
  };
}
