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
