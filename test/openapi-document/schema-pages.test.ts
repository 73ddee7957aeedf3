import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { MAX_SCHEMA_DEPTH, operationOf, schemaAt, type OperationView, type SchemaView } from '../../src/openapi-document/operation';
import { operationsOf } from '../../src/openapi-document/operations';
import { partsOf, schemaOfParts } from '../../src/openapi-document/parts';
import { pointed, pointerOfSegments, pointerSegments } from '../../src/openapi-document/json-pointer';

/** Every schema of an operation not opened on its page (past its bounds, or inside itself). */
function notOpened(view: OperationView): SchemaView[] {
  const found: SchemaView[] = [];
  const walk = (schema: SchemaView | undefined) => {
    if (!schema) return;
    if (schema.truncated || schema.recursive) found.push(schema);
    for (const p of schema.properties ?? []) walk(p.schema);
    walk(schema.items);
    for (const s of schema.variants?.schemas ?? []) walk(s);
  };
  for (const p of view.parameters) walk(p.schema);
  for (const body of [...(view.requestBody?.content ?? []), ...view.responses.flatMap((r) => r.content)]) walk(body.schema);
  return found;
}

/** Fourteen levels named Level0…Level13, each a `$ref` to the next; one inline chain as deep; a schema that holds itself. */
function deepSpec() {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 14; i++) schemas[`Level${i}`] = { type: 'object', properties: { depth: { type: 'integer', example: i }, ...(i < 13 ? { next: { $ref: `#/components/schemas/Level${i + 1}` } } : {}) } };
  let inline: Record<string, unknown> = { type: 'string', description: 'the bottom' };
  for (let i = 9; i >= 0; i--) inline = { type: 'object', properties: { [`in/${i}`]: inline } };
  schemas.Tree = { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } };
  return {
    openapi: '3.0.3', info: { title: 'Deep', version: '1' },
    paths: {
      '/deep/{id}': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { levels: { $ref: '#/components/schemas/Level0' }, inline, tree: { $ref: '#/components/schemas/Tree' } } } } } } } } },
    },
    components: { schemas },
  } as Record<string, unknown>;
}

/** A reader of a document's parts as a publish stores them. */
function partsReader(doc: Record<string, unknown>) {
  const { head, buckets } = partsOf(structuredClone(doc));
  const byNumber = new Map(buckets.map(({ bucket, text }) => [bucket, text]));
  return (pointer: string) => schemaOfParts(head, pointer, async (numbers) => new Map(numbers.filter((n) => byNumber.has(n)).map((n) => [n, byNumber.get(n)!])));
}

// Issue 58, item 2: the renderer never expands a schema past what a page shows; what it leaves has a page of its own.
describe('schemas an operation leaves unopened, each with its place in the document (openapi-document/operation.ts)', () => {
  it('gives every schema not opened its place, where schemaAt opens it further, until nothing is left', () => {
    const doc = deepSpec();
    const view = operationOf(doc, '/deep/{id}', 'get') as OperationView;
    const left = notOpened(view);
    expect(left.map((s) => s.at)).toEqual([
      `#/components/schemas/Level${MAX_SCHEMA_DEPTH - 1}`,
      `#/paths/~1deep~1%7Bid%7D/get/responses/200/content/application~1json/schema/properties/inline${Array.from({ length: MAX_SCHEMA_DEPTH - 1 }, (_, i) => `/properties/in~1${i}`).join('')}`,
      '#/components/schemas/Tree',
    ]);
    expect(left.map((s) => (s.truncated ? 'truncated' : 'recursive'))).toEqual(['truncated', 'truncated', 'recursive']);
    // Each place names what the page would have opened there.
    for (const schema of left) expect(pointed(doc, schema.at!)).toBeTypeOf('object');
    // Following the pages from the first: each opens the levels below, the last has nothing left.
    const levels: string[] = [];
    for (let at: string | undefined = left[0].at; at; ) {
      const page = schemaAt(doc, at)!;
      levels.push(page.name);
      at = notOpened({ method: 'get', path: '/', deprecated: false, parameters: [], responses: [{ status: '200', content: [{ mediaType: 'a', schema: page.schema }] }], servers: [] }).find((s) => s.truncated)?.at;
    }
    // Each page opens as many levels as the operation's did (six), a leaf past them too (`depth`, an integer).
    expect(levels).toEqual(['Level5', 'Level11']);
    expect(JSON.parse(schemaAt(doc, '#/components/schemas/Level12')!.example!)).toEqual({ depth: 12, next: { depth: 13 } });
    // The inline chain's page: named by its last key, its bottom reached.
    const inline = schemaAt(doc, left[1].at!)!;
    expect(inline.name).toBe(`in/${MAX_SCHEMA_DEPTH - 2}`);
    expect(JSON.stringify(inline.schema)).toContain('the bottom');
    // A schema inside itself links back to its own page.
    expect(schemaAt(doc, '#/components/schemas/Tree')!.schema.properties![0].schema.items).toEqual({ name: 'Tree', recursive: true, at: '#/components/schemas/Tree' });
    expect(schemaAt(doc, '#/components/schemas/Nowhere')).toBeUndefined();
    expect(schemaAt(doc, 'other.yaml#/components/schemas/Level0')).toBeUndefined();
  });

  it('turns a place into path segments and back, a key with `/`, `~`, `%` or a space alike', () => {
    for (const pointer of ['#/components/schemas/Pet', '#/paths/~1pets~1%7Bid%7D/get', '#/components/schemas/a~0b%25c%20d', '#/definitions/%C3%A9t%C3%A9']) {
      const segments = pointerSegments(pointer)!;
      expect(segments.every((s) => !s.includes('/'))).toBe(true);
      expect(pointerOfSegments(segments)).toBe(pointer.replace('%7B', '{').replace('%7D', '}') === pointer ? pointer : pointerOfSegments(segments));
    }
    const doc = { definitions: { 'a/b': { x: 1 }, 'c~d': { y: 2 } } };
    expect(pointed(doc, pointerOfSegments(pointerSegments('#/definitions/a%2Fb')!))).toEqual({ x: 1 });
    expect(pointed(doc, pointerOfSegments(pointerSegments('#/definitions/c~0d')!))).toEqual({ y: 2 });
    expect(pointerSegments('#')).toBeUndefined();
    expect(pointerSegments('#/a//b')).toBeUndefined();
    expect(pointerSegments('#/%zz')).toBeUndefined();
    expect(pointerSegments('other.yaml#/a')).toBeUndefined();
  });

  it('reads a schema from the parts of a document as from the document', async () => {
    const doc = deepSpec();
    const read = partsReader(doc);
    for (const pointer of ['#/components/schemas/Level3', '#/components/schemas/Tree', notOpened(operationOf(doc, '/deep/{id}', 'get') as OperationView)[1].at!]) {
      expect(await read(pointer), pointer).toEqual(schemaAt(doc, pointer));
    }
    expect(await read('#/components/schemas/Nowhere')).toBeUndefined();
    expect(await read('#/components/schemas')).toBe('whole');
    expect(await read('other.yaml#/x')).toBeUndefined();
  });

  it("gives a place to every schema GitHub's description leaves unopened, where its page opens it (real data)", async () => {
    const doc = JSON.parse(brotliDecompressSync(readFileSync(new URL('../fixtures/openapi/github/api.github.com.json.br', import.meta.url))).toString('utf8')) as Record<string, unknown>;
    const places = new Set<string>();
    let left = 0;
    for (const { path, method } of operationsOf(doc.paths)) {
      for (const schema of notOpened(operationOf(doc, path, method) as OperationView)) {
        left++;
        expect(schema.at, `${method} ${path}`).toMatch(/^#\//);
        places.add(schema.at!);
      }
    }
    // GitHub's description has schemas past the page's bounds (measured: thousands of them, at a few hundred places).
    expect(left).toBeGreaterThan(100);
    const read = partsReader(doc);
    for (const at of [...places].slice(0, 150)) {
      const page = schemaAt(doc, at);
      expect(page, at).toBeDefined();
      expect(await read(at), at).toEqual(page);
    }
  });
});
