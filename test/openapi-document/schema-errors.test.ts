import { describe, expect, it } from 'vitest';
import { parseText, SpecParseError, validateParsed } from '../../src/openapi-document/document';
import { describeSchemaErrors } from '../../src/openapi-document/schema-errors';

/** The problems validateParsed finds in `text` (none: valid). */
async function problems(text: string): Promise<string[]> {
  try {
    await validateParsed(parseText(text));
    return [];
  } catch (error) {
    if (error instanceof SpecParseError) return error.messages;
    throw error;
  }
}

const doc = (extra: Record<string, unknown>) => JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {}, ...extra });

describe('OpenAPI schema errors, said with the property or value at fault', () => {
  it('names an unexpected property and where it is, at the top level too (OpenAPI 3.0 and Swagger 2.0)', async () => {
    expect(await problems(doc({ x: 1, paths: { '/a': { get: { summry: 'x', responses: { 200: { description: 'ok' } } } } } }))).toEqual([
      '#/: unexpected property "x"',
      '#/paths/~1a/get: unexpected property "summry"',
    ]);
    expect(await problems(JSON.stringify({ swagger: '2.0', info: { title: 'T', version: '1' }, paths: { '/a': { get: { extra: 1, responses: { 200: { description: 'ok' } } } } } }))).toEqual([
      '#/paths/~1a/get: unexpected property "extra"',
    ]);
  });

  it('OpenAPI 3.1: an unevaluated property is named the same way', async () => {
    const text = JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: { '/a': { get: { summry: 'x', responses: { 200: { description: 'ok' } } } } } });
    expect(await problems(text)).toEqual(['#/paths/~1a/get: unexpected property "summry"']);
  });

  it('a missing property, a wrong type with what it is, a value outside an enum with what it is', async () => {
    const text = doc({
      info: { title: 'T' },
      paths: { '/a': { get: { parameters: [{ name: 'x', in: 'query', schema: { type: 'intt' } }], responses: { 200: { description: 'ok' } } } } },
      components: { schemas: { Pet: { type: 'object', required: 'name' } } },
    });
    expect(await problems(text)).toEqual([
      '#/info: missing required property "version"',
      '#/paths/~1a/get/parameters/0/schema/type: "intt" is not one of "array", "boolean", "integer", "number", "object", "string"',
      '#/components/schemas/Pet/required: must be array (it is a string)',
    ]);
  });

  it('the forms of a oneOf that differ by one value (a parameter\'s in) are one problem, without the $ref alternative or the summary', async () => {
    const text = doc({ paths: { '/a': { get: { parameters: [{ name: 'x', in: 'querry' }], responses: { 200: { description: 'ok' } } } } } });
    expect(await problems(text)).toEqual([
      '#/paths/~1a/get/parameters/0/in: "querry" is not one of "path", "query", "header", "cookie"',
      '#/paths/~1a/get/parameters/0: missing required property "schema" or "content"',
    ]);
    const withSchema = doc({ paths: { '/a': { get: { parameters: [{ name: 'x', in: 'querry', schema: { type: 'string' } }], responses: { 200: { description: 'ok' } } } } } });
    expect(await problems(withSchema)).toEqual(['#/paths/~1a/get/parameters/0/in: "querry" is not one of "path", "query", "header", "cookie"']);
  });

  it('a component used by reference: its problem once, where it is defined, with where it is used', async () => {
    const ok = { $ref: '#/components/responses/Ok' };
    const text = doc({ paths: { '/a': { get: { responses: { 200: ok } }, post: { responses: { 200: ok } } } }, components: { responses: { Ok: { descripton: 'ok' } } } });
    expect(await problems(text)).toEqual([
      '#/components/responses/Ok: missing required property "description" (used at #/paths/~1a/get/responses/200, #/paths/~1a/post/responses/200)',
      '#/components/responses/Ok: unexpected property "descripton" (used at #/paths/~1a/get/responses/200, #/paths/~1a/post/responses/200)',
    ]);
  });

  it('keeps a oneOf failure when nothing more precise says why, and the same problem only once', () => {
    const errors = [
      { instancePath: '/a', schemaPath: '#/definitions/Reference/required', keyword: 'required', params: { missingProperty: '$ref' }, message: "must have required property '$ref'" },
      { instancePath: '/a', schemaPath: '#/properties/a/oneOf', keyword: 'oneOf', params: { passingSchemas: null }, message: 'must match exactly one schema in oneOf' },
      { instancePath: '/b', schemaPath: '#/x/enum', keyword: 'enum', params: { allowedValues: ['p'] }, message: 'must be equal to one of the allowed values' },
      { instancePath: '/b', schemaPath: '#/y/enum', keyword: 'enum', params: { allowedValues: ['q', 'p'] }, message: 'must be equal to one of the allowed values' },
      { instancePath: '/c', schemaPath: '#/c/minLength', keyword: 'minLength', params: { limit: 1 }, message: 'must NOT have fewer than 1 characters' },
      { instancePath: '/c', schemaPath: '#/c/minLength', keyword: 'minLength', params: { limit: 1 }, message: 'must NOT have fewer than 1 characters' },
    ];
    expect(describeSchemaErrors(errors, { a: 1, c: '' })).toEqual([
      '#/a: missing required property "$ref"',
      '#/a: must match exactly one schema in oneOf',
      '#/b: must be one of "p", "q"',
      '#/c: must NOT have fewer than 1 characters',
    ]);
  });
});
