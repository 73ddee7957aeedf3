import { describe, expect, it } from 'vitest';
import { curlOf, MAX_SCHEMA_NODES, operationOf, type OperationView, type SchemaView } from '../../src/openapi-document/operation';
import { parseText } from '../../src/openapi-document/document';
import { specFixture } from '../helpers/openapi';
import { refBomb } from './ref-bomb';

const petstore = () => parseText(specFixture('v1.yaml'));
const view = (doc: Record<string, unknown>, path: string, method: string) => operationOf(doc, path, method) as OperationView;
const count = (schema: SchemaView | undefined): number =>
  !schema ? 0 : 1 + (schema.properties ?? []).reduce((n, p) => n + count(p.schema), 0) + count(schema.items) + (schema.variants?.schemas ?? []).reduce((n, s) => n + count(s), 0);

describe('an operation of a spec as a page shows it (issue 58)', () => {
  it('reads parameters by location, the request body and responses with their $refs resolved, and an example of each', () => {
    const list = view(petstore(), '/pets', 'GET');
    expect(list).toMatchObject({ method: 'get', path: '/pets', summary: 'List all pets', deprecated: false, servers: [] });
    expect(list.parameters).toEqual([{ name: 'limit', in: 'query', required: false, schema: { type: 'integer' } }]);
    const ok = list.responses[0];
    expect(ok).toMatchObject({ status: '200', description: 'A list of pets' });
    expect(ok.content[0].schema).toMatchObject({ type: 'array', items: { name: 'Pet', type: 'object', properties: [
      { name: 'id', required: true, schema: { type: 'integer' } }, { name: 'name', required: true, schema: { type: 'string' } },
      { name: 'tag', required: false, schema: { type: 'string' } }, { name: 'status', required: false, schema: { type: 'string', enum: ['"available"', '"pending"', '"sold"'] } },
    ] } });
    expect(JSON.parse(ok.content[0].example!)).toEqual([{ id: 0, name: 'string', tag: 'string', status: 'available' }]);
    const create = view(petstore(), '/pets', 'post');
    expect(create.requestBody).toMatchObject({ required: false, content: [{ mediaType: 'application/json', schema: { name: 'Pet' } }] });
    expect(curlOf(create)).toBe([
      'curl -L \\', '  --request POST \\', "  --url '/pets' \\", "  --header 'Content-Type: application/json' \\",
      `  --data '${JSON.stringify({ id: 0, name: 'string', tag: 'string', status: 'available' }, null, 2)}'`,
    ].join('\n'));
    expect(view(petstore(), '/pets/{petId}', 'delete').parameters).toEqual([{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }]);
  });

  it('says what does not exist: the path, or the method at that path', () => {
    expect(operationOf(petstore(), '/owners', 'get')).toEqual({ missing: 'path' });
    expect(operationOf(petstore(), '/pets', 'patch')).toEqual({ missing: 'method' });
    expect(operationOf(petstore(), '/pets', 'constructor')).toEqual({ missing: 'method' });
  });

  it('shows a recursive schema by name, variants, and Swagger 2 bodies and servers', () => {
    const doc = {
      swagger: '2.0', info: { title: 'T', version: '1' }, host: 'api.test', basePath: '/v2', schemes: ['https'],
      paths: { '/nodes': { post: { parameters: [{ in: 'body', name: 'body', required: true, schema: { $ref: '#/definitions/Node' } }, { in: 'header', name: 'X-Key', required: true, type: 'string' }], responses: { 200: { description: 'ok', schema: { oneOf: [{ $ref: '#/definitions/Node' }, { type: 'string' }] } } } } } },
      definitions: { Node: { type: 'object', properties: { child: { $ref: '#/definitions/Node' }, name: { type: 'string', example: 'root' } } } },
    };
    const nodes = view(doc, '/nodes', 'post');
    expect(nodes.servers).toEqual(['https://api.test/v2']);
    expect(nodes.parameters).toEqual([{ name: 'X-Key', in: 'header', required: true, schema: { type: 'string' } }]);
    expect(nodes.requestBody!.content[0].schema).toMatchObject({ name: 'Node', properties: [{ name: 'child', schema: { name: 'Node', recursive: true } }, { name: 'name' }] });
    expect(JSON.parse(nodes.requestBody!.content[0].example!)).toEqual({ name: 'root' });
    expect(nodes.responses[0].content[0].schema!.variants).toMatchObject({ kind: 'oneOf', schemas: [{ name: 'Node' }, { type: 'string' }] });
    expect(curlOf(nodes)).toContain("--url 'https://api.test/v2/nodes' \\\n  --header 'X-Key: X-KEY'");
  });

  it('never opens a schema past what a page shows: a $ref bomb stays within the node bound', () => {
    const started = performance.now();
    const bomb = view(parseText(refBomb()), '/x', 'get');
    expect(count(bomb.responses[0].content[0].schema)).toBeLessThanOrEqual(MAX_SCHEMA_NODES + 200);
    expect(JSON.stringify(bomb).length).toBeLessThan(1_000_000);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('every kind of schema and parameter an operation shows (issue 58)', () => {
  const doc = {
    openapi: '3.1.0', info: { title: 'All', version: '1' }, servers: [{ url: 'https://api.test/v1/' }, { description: 'no url' }],
    paths: {
      '/items/{id}': {
        parameters: [{ $ref: '#/components/parameters/Id' }, { name: 'trace', in: 'header', schema: { type: 'string' } }],
        post: {
          summary: 'Make', description: 'Makes *one*.', deprecated: true,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }, { name: 'q', in: 'query', required: true, schema: { type: ['string', 'null'] } }, { name: 'X-Key', in: 'header', required: true, schema: { type: 'string' } }, { name: 'bad' }],
          requestBody: { $ref: '#/components/requestBodies/Item' },
          responses: {
            200: { description: 'ok', content: { 'application/json': { examples: { one: { value: { given: true } } }, schema: { $ref: '#/components/schemas/Item' } } } },
            201: { $ref: '#/components/responses/Made' },
            default: { content: { 'text/plain': { schema: { type: 'string', format: 'date' } } } },
            404: { $ref: '#/nowhere' },
          },
        },
      },
    },
    components: {
      parameters: { Id: { name: 'id', in: 'path', required: true, schema: { type: 'string' } } },
      requestBodies: { Item: { description: 'The item', required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } }, 'text/csv': { example: 'a,b' } } } },
      responses: { Made: { description: 'made', content: { 'application/json': { schema: { type: 'array' } } } } },
      schemas: {
        Item: {
          type: 'object', required: ['name'], description: 'An item',
          properties: {
            name: { type: 'string', default: 'widget' }, when: { type: 'string', format: 'date-time' }, count: { type: 'number' }, on: { type: 'boolean' },
            kind: { oneOf: [{ $ref: '#/components/schemas/A' }, { type: 'string' }] }, both: { allOf: [{ $ref: '#/components/schemas/A' }, { type: 'object', properties: { b: { type: 'integer' } } }] },
            any: { anyOf: [{ type: 'string' }] }, tags: { type: 'array', items: { $ref: '#/components/schemas/A' } }, gone: { $ref: '#/components/schemas/Missing' },
            deep: { $ref: '#/components/schemas/L1' }, chain: { $ref: '#/components/schemas/Alias' }, odd: { type: 'mystery' },
          },
        },
        A: { type: 'object', properties: { a: { type: 'string', enum: ['x', 'y'] } } },
        Alias: { $ref: '#/components/schemas/A' },
        L1: { type: 'object', properties: { next: { $ref: '#/components/schemas/L2' } } },
        L2: { type: 'object', properties: { next: { $ref: '#/components/schemas/L3' } } },
        L3: { type: 'object', properties: { next: { $ref: '#/components/schemas/L4' } } },
        L4: { type: 'object', properties: { next: { $ref: '#/components/schemas/L5' } } },
        L5: { type: 'object', properties: { next: { $ref: '#/components/schemas/L6' } } },
        L6: { type: 'object', properties: { next: { type: 'string' } } },
      },
    },
  };

  it('reads every part of an OpenAPI 3.1 operation', () => {
    const op = view(doc, '/items/{id}', 'post');
    expect(op).toMatchObject({ summary: 'Make', description: 'Makes *one*.', deprecated: true, servers: ['https://api.test/v1/'] });
    // The operation's own `id` wins over the path item's; a parameter without `in` is left out.
    expect(op.parameters.map((p) => `${p.in} ${p.name} ${p.required} ${p.schema?.type}`)).toEqual(['path id true integer', 'query q true string | null', 'header X-Key true string', 'header trace false string']);
    expect(op.requestBody).toMatchObject({ description: 'The item', required: true });
    expect(op.requestBody!.content.map((c) => [c.mediaType, c.example])).toEqual([['application/json', expect.stringContaining('"name": "widget"')], ['text/csv', '"a,b"']]);
    const item = op.requestBody!.content[0].schema!;
    const prop = (name: string) => item.properties!.find((p) => p.name === name)!.schema;
    expect(item).toMatchObject({ name: 'Item', type: 'object', description: 'An item' });
    expect(prop('kind').variants).toMatchObject({ kind: 'oneOf', schemas: [{ name: 'A' }, { type: 'string' }] });
    expect(prop('both').variants!.kind).toBe('allOf');
    expect(prop('any').variants!.kind).toBe('anyOf');
    expect(prop('tags').items).toMatchObject({ name: 'A', properties: [{ name: 'a', schema: { enum: ['"x"', '"y"'] } }] });
    expect(prop('gone')).toEqual({ name: 'Missing' });
    expect(prop('chain')).toMatchObject({ name: 'Alias', properties: [{ name: 'a' }] });
    const depths: SchemaView[] = [];
    for (let at: SchemaView | undefined = prop('deep'); at; at = at.properties?.[0]?.schema) depths.push(at);
    expect(depths.at(-1)).toMatchObject({ truncated: true });
    const example = JSON.parse(op.requestBody!.content[0].example!);
    expect(example).toMatchObject({ name: 'widget', when: '2024-01-01T00:00:00Z', count: 0, on: true, kind: { a: 'x' }, both: { a: 'x', b: 0 }, any: 'string', tags: [{ a: 'x' }] });
    expect(op.responses.map((r) => [r.status, r.description ?? '', r.content.map((c) => c.example ?? '').join()])).toEqual([
      // Statuses in the object's order (a number before `default`, as JavaScript orders keys).
      ['200', 'ok', JSON.stringify({ given: true }, null, 2)], ['201', 'made', '[]'], ['404', '', ''], ['default', '', '"2024-01-01"'],
    ]);
    const curl = curlOf(op);
    expect(curl).toContain("--url 'https://api.test/v1/items/{id}?q=Q'");
    expect(curl).toContain("--header 'X-Key: X-KEY'");
    expect(curl).toContain("--header 'Content-Type: application/json'");
  });

  it('reads Swagger 2 form fields, consumes and produces, and servers without a host', () => {
    const swagger = {
      swagger: '2.0', info: { title: 'S', version: '1' }, consumes: ['application/x-www-form-urlencoded'], produces: ['application/xml'],
      paths: { '/f': { post: { parameters: [{ in: 'formData', name: 'f', type: 'array', items: { type: 'string' }, enum: undefined }, { in: 'body', name: 'b', schema: { type: 'string' } }], responses: { 200: { description: 'ok', schema: { type: 'integer' } }, 204: { description: 'none' } } } } },
    };
    const op = view(swagger, '/f', 'post');
    expect(op.servers).toEqual([]);
    expect(op.parameters).toEqual([{ name: 'f', in: 'formData', required: false, schema: { type: 'array', items: { type: 'string' } } }]);
    expect(op.requestBody).toMatchObject({ required: false, content: [{ mediaType: 'application/x-www-form-urlencoded', schema: { type: 'string' }, example: '"string"' }] });
    expect(op.responses.map((r) => [r.status, r.content.map((c) => `${c.mediaType} ${c.example}`)])).toEqual([['200', ['application/xml 0']], ['204', []]]);
    expect(curlOf({ ...op, requestBody: { required: true, content: [{ mediaType: 'application/json', example: 'x'.repeat(3000) }] } })).toMatch(/x{2000}…'$/);
  });
});
