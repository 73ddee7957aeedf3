import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { specFixture } from '../helpers/openapi';
import { parseText } from '../../src/openapi-document/document';

type Parser = { validate(api: unknown, options: unknown): Promise<unknown> };
const load = createRequire(import.meta.url);
const dist = fileURLToPath(new URL('../../dist/vendor/apidevtools-swagger-parser.cjs', import.meta.url));

/** What swagger-parser says of a document: fine, or its error's message and ajv's details. */
async function verdict(parser: Parser, document: Record<string, unknown>): Promise<unknown> {
  try {
    await parser.validate(structuredClone(document), { resolve: { external: false } });
    return 'valid';
  } catch (error) {
    return { name: (error as Error).name, message: (error as Error).message, details: (error as { details?: unknown }).details };
  }
}

const pet = { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, tag: { $ref: '#/components/schemas/Tag' } } };
const documents: Record<string, unknown>[] = [
  parseText(specFixture('v1.yaml')),
  parseText(specFixture('v2.yaml')),
  parseText(specFixture('invalid.yaml')),
  { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/p': { get: { parameters: [{ name: 'q', in: 'querry' }], responses: { 200: { description: 'ok' } } } } } },
  { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/p': { get: { summry: 'typo', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } } }, components: { schemas: { Pet: pet, Tag: { type: 'string' } } } },
  { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/p': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } } } } }, components: { schemas: { Pet: { ...pet, properties: { ...pet.properties, name: { type: ['string', 'null'] } } }, Tag: { type: 'string' } } } },
  { openapi: '3.1.0', info: { title: 'T' }, webhooks: { hook: { post: { responses: { 200: { description: 'ok' } } } } } },
  { openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/p': { get: { parameters: [{ name: 'q', in: 'query', schema: { type: 'string' }, style: 'nope' }], responses: {} } } } },
  { swagger: '2.0', info: { title: 'T', version: '1' }, paths: { '/p': { get: { responses: { 200: { description: 'ok', schema: { $ref: '#/definitions/Pet' } } } } } }, definitions: { Pet: { type: 'object', properties: { id: { type: 'integer' } } } } },
  { swagger: '2.0', info: { title: 'T' }, paths: { '/p': { get: { responses: { 200: { descripton: 'typo' } } } } } },
  { openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: { '/a': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } } } }, components: { schemas: { Node: { type: 'object', properties: { next: { $ref: '#/components/schemas/Node' } } } } } },
];

describe("the npm build's swagger-parser (its schema check compiled at build time, scripts/openapi-schema-plugin.js)", () => {
  it('says of every document what swagger-parser itself says: the same errors, messages and ajv details', async () => {
    const built = load(dist) as Parser;
    const original = load('@apidevtools/swagger-parser') as Parser;
    const verdicts = [];
    for (const document of documents) {
      const expected = await verdict(original, document);
      expect(await verdict(built, document), JSON.stringify(document)).toEqual(expected);
      verdicts.push(expected === 'valid');
    }
    // Both kinds are among them, for each of Swagger 2.0, OpenAPI 3.0 and 3.1.
    expect(verdicts).toEqual([true, true, false, false, false, true, false, false, true, false, true]);
  });
});
