/**
 * An OpenAPI document cut into parts (issue 58), stored with a spec version so that a page showing one
 * operation reads the few parts it shows rather than the whole document (GitHub's: 11 MB read and
 * parsed for each first view of a page). A part is one entry under a top-level field (`paths/<path>`,
 * `definitions/<name>`, `webhooks/<name>`, ...) or one component (`components/<kind>/<name>`); the head
 * holds the top-level fields operationOf reads besides `paths` and `$ref`s. Together the parts hold the
 * document once, as JSON: cutting it costs about what writing it as JSON does. Parts are stored in
 * buckets of about BUCKET_TEXT characters (by a hash of their key), so that a version is a few hundred
 * rows, not a row a part (GitHub's: 2,909 parts).
 *
 * operationOfParts runs operationOf itself over the parts a `$ref` names as it meets them, so what a
 * page shows is what the whole document gives, by construction: a `$ref` to a part not read yet makes
 * it read the part and run again, and one that no part holds (`#/components/schemas`, `#`) makes it
 * answer undefined, for the caller to read the whole document.
 */

import { pointed } from './json-pointer';
import { operationOf, schemaAt, type OperationView, type RefReader, type SchemaPageView } from './operation';

/** The top-level fields operationOf reads besides `paths` and `$ref`s: kept whole in the head. */
const HEAD_FIELDS = ['openapi', 'swagger', 'servers', 'host', 'schemes', 'basePath', 'consumes', 'produces'];

/** The form of the head and the buckets; a head of another form is not read (the whole document is). */
export const PARTS_FORMAT = 1;

/** The bucket a version's head is stored as. */
export const HEAD_BUCKET = -1;

/** About how many characters of parts a bucket holds. */
const BUCKET_TEXT = 32 * 1024;

export interface DocumentParts {
  /** JSON of the head (Head). */
  head: string;
  /** The buckets holding parts, by number: each a line a part, its key, a tab and its JSON. */
  buckets: { bucket: number; text: string }[];
}

interface Head {
  format: number;
  fields: Record<string, unknown>;
  /** The keys (as partOf makes them, one or two segments) of the containers above the parts that are arrays. */
  arrays: string[];
  /** How many buckets the parts are spread over (bucketOf). */
  buckets: number;
}

/** The bucket of a part's key among `count`: FNV-1a of its characters. */
export function bucketOf(key: string, count: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % count;
}

type Container = Record<string, unknown>;
const isContainer = (value: unknown): value is Container => value !== null && typeof value === 'object';
const own = (at: object, key: string) => Object.prototype.hasOwnProperty.call(at, key);

/** The segments of a part's pointer: `components/<kind>/<name>`, else `<field>/<entry>`. */
const depthOf = (field: string) => (field === 'components' ? 3 : 2);
const keyOf = (segments: string[]) => JSON.stringify(segments);

/**
 * The head and the buckets of parts of a parsed document (as pages read it: the version's JSON,
 * parsed). A key and a part's JSON hold no line break or tab (JSON.stringify escapes them).
 */
export function partsOf(doc: Container): DocumentParts {
  const fields = Object.fromEntries(HEAD_FIELDS.filter((field) => own(doc, field)).map((field) => [field, doc[field]]));
  const arrays: string[] = [];
  const parts: string[] = [];
  let size = 0;
  const add = (segments: string[], value: unknown) => {
    const line = `${keyOf(segments)}\t${JSON.stringify(value)}`;
    parts.push(line);
    size += line.length + 1;
  };
  for (const [field, value] of Object.entries(doc)) {
    if (!isContainer(value)) continue;
    if (Array.isArray(value)) arrays.push(keyOf([field]));
    for (const [entry, inner] of Object.entries(value)) {
      if (depthOf(field) === 2) {
        add([field, entry], inner);
        continue;
      }
      if (!isContainer(inner)) continue;
      if (Array.isArray(inner)) arrays.push(keyOf([field, entry]));
      for (const [name, part] of Object.entries(inner)) add([field, entry, name], part);
    }
  }
  const count = Math.max(1, Math.ceil(size / BUCKET_TEXT));
  const lines = new Map<number, string[]>();
  for (const line of parts) {
    const bucket = bucketOf(line.slice(0, line.indexOf('\t')), count);
    if (!lines.has(bucket)) lines.set(bucket, []);
    lines.get(bucket)!.push(line);
  }
  return {
    head: JSON.stringify({ format: PARTS_FORMAT, fields, arrays, buckets: count } satisfies Head),
    buckets: [...lines].map(([bucket, texts]) => ({ bucket, text: texts.join('\n') })),
  };
}

/** The parts of a bucket's text, by key. */
export function bucketParts(text: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const line of text.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) parts.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return parts;
}

/**
 * The part holding what `ref` names (its key, and the pointer's segments), as `pointed` reads it:
 * `nothing` where `pointed` names nothing in any document (not a local pointer, a bad escape), `whole`
 * where the pointer names something above the parts (`#/components/schemas`, `#/paths`, `#`).
 */
export function partOf(ref: string): { key: string; segments: string[] } | 'nothing' | 'whole' {
  if (!ref.startsWith('#')) return 'nothing';
  const segments: string[] = [];
  for (const raw of ref.slice(1).split('/').slice(1)) {
    try {
      segments.push(decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~'));
    } catch {
      return 'nothing';
    }
  }
  if (!segments.length || segments.length < depthOf(segments[0])) return 'whole';
  return { key: keyOf(segments.slice(0, depthOf(segments[0]))), segments };
}

/** The `$ref`s a part's JSON holds (as JSON.stringify writes it). */
export function refsIn(json: string): string[] {
  if (!json.includes('"$ref"')) return [];
  return [...json.matchAll(/"\$ref":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
}

/** Reads the buckets of these numbers (a bucket with no part is left out of the answer). */
export type BucketReader = (buckets: number[]) => Promise<Map<number, string>>;

/** Rounds of reading the parts the parts read name, before operationOf runs. */
const PREFETCH_ROUNDS = 8;
/** Parts read ahead at most, and the most partsRun reads in all before giving up. */
const PREFETCH_PARTS = 2_000;
const MOST_PARTS = 20_000;

/**
 * operationOf of the document cut into `head` and buckets of parts (partsOf), reading only the parts
 * it meets (partsRun): the path item first. Undefined where the parts cannot tell it: the caller reads
 * the whole document.
 */
export async function operationOfParts(head: string, path: string, method: string, readBuckets: BucketReader): Promise<OperationView | { missing: 'path' | 'method' } | undefined> {
  return await partsRun(head, [keyOf(['paths', path])], (doc, refs) => operationOf(doc, path, method, refs), readBuckets);
}

/** schemaAt of the document cut into parts, as operationOfParts: the part holding the pointer first. */
export async function schemaOfParts(head: string, pointer: string, readBuckets: BucketReader): Promise<SchemaPageView | undefined | 'whole'> {
  const part = partOf(pointer);
  if (part === 'nothing') return undefined;
  if (part === 'whole') return 'whole';
  const shown = await partsRun(head, [part.key], (doc, refs) => schemaAt(doc, pointer, refs) ?? null, readBuckets);
  return shown === undefined ? 'whole' : (shown ?? undefined);
}

/**
 * `run` (operationOf, schemaAt) over the parts it meets: the parts of `first`, then the parts their
 * `$ref`s name, a few rounds ahead; then `run` goes over what was read, and again after reading any
 * part it met unread. Undefined where the head is of another form, a `$ref` names something above the
 * parts, or past MOST_PARTS: the caller reads the whole document.
 */
async function partsRun<T>(head: string, first: string[], run: (doc: Container, refs: RefReader) => T, readBuckets: BucketReader): Promise<T | undefined> {
  const { format, fields, arrays, buckets } = JSON.parse(head) as Head;
  if (format !== PARTS_FORMAT) return undefined;
  const read = partReader(buckets, readBuckets);
  const doc: Container = { ...fields };
  const containers = new Set(arrays);
  const done = new Set<string>();
  const place = (segments: string[], value: unknown) => {
    let at: Container = doc;
    for (let i = 0; i < segments.length - 1; i++) {
      if (!own(at, segments[i])) define(at, segments[i], containers.has(keyOf(segments.slice(0, i + 1))) ? [] : {});
      const next = at[segments[i]];
      if (!isContainer(next)) return;
      at = next;
    }
    if (!own(at, segments[segments.length - 1])) define(at, segments[segments.length - 1], value);
  };
  /** Reads the parts of `keys`; answers the keys their `$ref`s name that are not read yet. */
  const readParts = async (keys: Iterable<string>): Promise<Set<string>> => {
    const unread = [...keys].filter((key) => !done.has(key));
    const named = new Set<string>();
    if (!unread.length) return named;
    const found = await read(unread);
    for (const key of unread) {
      done.add(key);
      const json = found.get(key);
      if (json === undefined) continue;
      place(JSON.parse(key) as string[], JSON.parse(json));
      for (const ref of refsIn(json)) {
        const part = partOf(ref);
        if (typeof part === 'object' && !done.has(part.key)) named.add(part.key);
      }
    }
    return named;
  };

  let next = await readParts(first);
  for (let round = 0; round < PREFETCH_ROUNDS && next.size && done.size < PREFETCH_PARTS; round++) next = await readParts(next);
  for (;;) {
    const unread = new Set<string>();
    let whole = false;
    const refs: RefReader = (ref) => {
      const part = partOf(ref);
      if (part === 'nothing') return undefined;
      if (part === 'whole') whole = true;
      else if (!done.has(part.key)) unread.add(part.key);
      else return pointed(doc, ref);
      return undefined;
    };
    const view = run(doc, refs);
    if (whole || done.size + unread.size > MOST_PARTS) return undefined;
    if (!unread.size) return view;
    await readParts(unread);
  }
}

/** Reads parts by key from their buckets, each bucket once. */
function partReader(count: number, readBuckets: BucketReader): (keys: string[]) => Promise<Map<string, string>> {
  const parts = new Map<string, string>();
  const read = new Set<number>();
  return async (keys) => {
    const unread = [...new Set(keys.map((key) => bucketOf(key, count)))].filter((bucket) => !read.has(bucket));
    if (unread.length) {
      for (const [, text] of await readBuckets(unread)) for (const [key, json] of bucketParts(text)) parts.set(key, json);
      for (const bucket of unread) read.add(bucket);
    }
    const found = new Map<string, string>();
    for (const key of keys) if (parts.has(key)) found.set(key, parts.get(key)!);
    return found;
  };
}

/** Sets an own property, even one named `__proto__` (as JSON.parse makes them). */
function define(at: Container, key: string, value: unknown): void {
  Object.defineProperty(at, key, { value, writable: true, enumerable: true, configurable: true });
}
