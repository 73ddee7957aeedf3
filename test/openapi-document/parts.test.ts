import { describe, expect, it } from 'vitest';
import { operationOf } from '../../src/openapi-document/operation';
import { operationsOf } from '../../src/openapi-document/operations';
import { operationOfParts, partOf, partsOf, PARTS_FORMAT, refsIn } from '../../src/openapi-document/parts';
import { parseText } from '../../src/openapi-document/document';
import { specFixture } from '../helpers/openapi';

/** A document cut into parts as a publish stores them, read through a reader that counts the buckets it is asked. */
function stored(doc: Record<string, unknown>) {
  const { head, buckets } = partsOf(structuredClone(doc));
  const byNumber = new Map(buckets.map(({ bucket, text }) => [bucket, text]));
  const asked: number[] = [];
  const read = async (numbers: number[]) => {
    asked.push(...numbers);
    return new Map(numbers.filter((n) => byNumber.has(n)).map((n) => [n, byNumber.get(n)!]));
  };
  return { head, buckets, asked, operation: (path: string, method: string) => operationOfParts(head, path, method, read) };
}

/** Every operation of `doc`, a path it lacks and a method it lacks: what the parts give is what the document gives. */
async function expectSameAsDocument(doc: Record<string, unknown>) {
  const parts = stored(doc);
  const asked: { path: string; method: string }[] = [...operationsOf(doc.paths)].map(({ path, method }) => ({ path, method }));
  asked.push({ path: '/nowhere', method: 'get' }, { path: asked[0].path, method: 'trace' }, { path: asked[0].path, method: 'GET' });
  for (const { path, method } of asked) expect(await parts.operation(path, method), `${method} ${path}`).toEqual(operationOf(doc, path, method));
}

// A document with what a pointer can meet: a path item by $ref, a name with `/` and a space, a $ref into
// a part and into an array's item, a recursive schema, a chain of $refs, a path named __proto__.
const tricky = () => JSON.parse(JSON.stringify({
  openapi: '3.0.3', info: { title: 'T', version: '1' }, servers: [{ url: 'https://api.test' }],
  paths: {
    '/shared': { $ref: '#/x-items/shared' },
    '/b/{id}': {
      parameters: [{ $ref: '#/components/parameters/Id' }],
      get: { responses: { 200: { $ref: '#/components/responses/Ok' } } },
      post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Chain' } } } }, responses: {} },
    },
    'PROTO': { get: { summary: 'a path named __proto__', responses: {} } },
  },
  'x-items': { shared: { get: { summary: 'shared', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/a~1b%20c' } } } } } } } },
  components: {
    schemas: {
      'a/b c': { type: 'object', properties: { self: { $ref: '#/components/schemas/a~1b%20c' }, tag: { $ref: '#/tags/0/x-schema' }, gone: { $ref: '#/components/schemas/Gone' } } },
      Chain: { $ref: '#/components/schemas/Link' },
      Link: { $ref: '#/components/schemas/a~1b%20c/properties/tag' },
    },
    parameters: { Id: { name: 'id', in: 'path', schema: { $ref: '#/components/schemas/a~1b%20c/properties/self' } } },
    responses: { Ok: { description: 'fine', content: { 'text/plain': { schema: { type: 'string', example: 'yes' } } } } },
  },
  tags: [{ name: 't', 'x-schema': { type: 'string', enum: ['a', 'b'] } }],
}).replace('"PROTO"', '"__proto__"')) as Record<string, unknown>;

describe('a spec cut into parts, read an operation at a time (issue 58)', () => {
  it('gives what the whole document gives, for every operation and for a path or method it lacks', async () => {
    await expectSameAsDocument(parseText(specFixture('v1.yaml')));
    await expectSameAsDocument(parseText(specFixture('v2.yaml')));
    await expectSameAsDocument(tricky());
    expect(Object.prototype.hasOwnProperty.call(tricky().paths, '__proto__')).toBe(true);
    expect(await stored(tricky()).operation('__proto__', 'get')).toMatchObject({ summary: 'a path named __proto__' });
    // Swagger 2: the body parameter, a recursive definition, and the servers from host and base path.
    await expectSameAsDocument({
      swagger: '2.0', info: { title: 'T', version: '1' }, host: 'api.test', basePath: '/v2', schemes: ['https'], consumes: ['application/xml'],
      paths: { '/nodes': { post: { parameters: [{ in: 'body', name: 'body', required: true, schema: { $ref: '#/definitions/Node' } }, { $ref: '#/parameters/Key' }], responses: { 200: { $ref: '#/responses/Tree' } } } } },
      definitions: { Node: { type: 'object', properties: { child: { $ref: '#/definitions/Node' }, name: { type: 'string', example: 'root' } } } },
      parameters: { Key: { in: 'header', name: 'X-Key', required: true, type: 'string' } },
      responses: { Tree: { description: 'ok', schema: { oneOf: [{ $ref: '#/definitions/Node' }, { type: 'string' }] } } },
    });
  });

  it('reads the few buckets an operation shows, not the document', async () => {
    const paths: Record<string, unknown> = {};
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i++) {
      paths[`/things${i}`] = { get: { summary: `thing ${i}`, responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: `#/components/schemas/Thing${i}` } } } } } } };
      schemas[`Thing${i}`] = { type: 'object', description: 'a thing '.repeat(20), properties: { id: { type: 'integer' }, owner: { $ref: '#/components/schemas/Owner' } } };
    }
    schemas.Owner = { type: 'object', properties: { name: { type: 'string' } } };
    const doc = { openapi: '3.0.3', info: { title: 'Many', version: '1' }, paths, components: { schemas } };
    const parts = stored(doc);
    expect(parts.buckets.length).toBeGreaterThan(20);
    expect(await parts.operation('/things1234', 'get')).toEqual(operationOf(doc, '/things1234', 'get'));
    expect(new Set(parts.asked).size).toBeLessThanOrEqual(4);
    // Together the buckets hold the document once.
    const text = parts.buckets.reduce((n, { text }) => n + text.length, 0);
    expect(text).toBeLessThan(JSON.stringify(doc).length * 1.3);
  });

  it('leaves to the whole document what no part holds, and a head of another form', async () => {
    const doc = { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/all': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas' } } } } } } } }, components: { schemas: { A: { type: 'string' } } } };
    expect(await stored(doc).operation('/all', 'get')).toBeUndefined();
    const { head, buckets } = partsOf(structuredClone(tricky()));
    const older = JSON.stringify({ ...JSON.parse(head), format: PARTS_FORMAT + 1 });
    const read = async (numbers: number[]) => new Map(buckets.filter((b) => numbers.includes(b.bucket)).map((b) => [b.bucket, b.text]));
    expect(await operationOfParts(head, '/b/{id}', 'get', read)).toEqual(operationOf(tricky(), '/b/{id}', 'get'));
    expect(await operationOfParts(older, '/b/{id}', 'get', read)).toBeUndefined();
  });

  it('finds the part a pointer names as json-pointer reads it, and the $refs of a part', () => {
    expect(partOf('#/components/schemas/Pet/properties/id')).toEqual({ key: '["components","schemas","Pet"]', segments: ['components', 'schemas', 'Pet', 'properties', 'id'] });
    expect(partOf('#/paths/~1pets~1%7Bid%7D/get')).toMatchObject({ key: '["paths","/pets/{id}"]' });
    expect(partOf('#/definitions/a~0b')).toMatchObject({ key: '["definitions","a~b"]' });
    expect(partOf('other.yaml#/components/schemas/Pet')).toBe('nothing');
    expect(partOf('#/components/%zz/Pet')).toBe('nothing');
    expect(partOf('#/components/schemas')).toBe('whole');
    expect(partOf('#')).toBe('whole');
    expect(partOf('#Pet')).toBe('whole');
    expect(refsIn(JSON.stringify({ a: { $ref: '#/x/"quoted"\\\u00e9' }, b: [{ $ref: '#/y/z' }], c: '$ref' }))).toEqual(['#/x/"quoted"\\\u00e9', '#/y/z']);
  });
});
