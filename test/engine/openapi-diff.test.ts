import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { diffSpecs } from '../../src/openapi-diff/diff';
import { parseText } from '../../src/openapi-document/document';

const fixture = (name: string) => parseText(readFileSync(new URL(`../fixtures/openapi/${name}`, import.meta.url), 'utf8'));

describe('diffSpecs on the petstore fixture pair', () => {
  const diff = diffSpecs(fixture('v1.yaml'), fixture('v2.yaml'));

  it('lists added and removed operations; a removed one is breaking', () => {
    expect(diff.added).toEqual([{ method: 'GET', path: '/stores', operationId: 'listStores' }]);
    expect(diff.removed).toEqual([{ method: 'DELETE', path: '/pets/{petId}', operationId: 'deletePet' }]);
  });

  it('flags a newly required parameter as breaking and a new optional one as not', () => {
    const list = diff.changed.find((c) => c.operationId === 'listPets')!;
    expect(list.changes).toEqual(expect.arrayContaining([
      { message: 'parameter query:limit became required', breaking: true },
      { message: 'optional parameter query:offset added', breaking: false },
    ]));
  });

  it('flags narrowed response types through $refs: removed property, enum losing values, type change', () => {
    const show = diff.changed.find((c) => c.operationId === 'showPetById')!;
    expect(show.changes).toEqual([
      { message: '200 response id: type changed from integer to string', breaking: true },
      { message: '200 response property tag removed', breaking: true },
      { message: '200 response status: enum lost "sold"', breaking: true },
      { message: 'summary changed', breaking: false },
    ]);
    const list = diff.changed.find((c) => c.operationId === 'listPets')!;
    expect(list.changes).toContainEqual({ message: '200 response property [].tag removed', breaking: true });
  });

  it('leaves unchanged operations out and counts every breaking change', () => {
    expect(diff.changed.map((c) => c.operationId).sort()).toEqual(['listPets', 'showPetById']);
    // 1 removed operation + listPets (limit required, id type, tag, enum) + showPetById (id type, tag, enum)
    expect(diff.breaking).toBe(1 + 4 + 3);
  });

  it('finds nothing between a document and itself', () => {
    expect(diffSpecs(fixture('v2.yaml'), fixture('v2.yaml'))).toEqual({ added: [], removed: [], changed: [], breaking: 0 });
  });

  it('reads Swagger 2.0 parameters and response schemas', () => {
    const v1 = { swagger: '2.0', paths: { '/a': { get: { parameters: [{ name: 'q', in: 'query' }], responses: { 200: { description: '', schema: { type: 'object', properties: { x: { type: 'string' } } } } } } } } };
    const v2 = { swagger: '2.0', paths: { '/a': { get: { parameters: [], responses: { 200: { description: '', schema: { type: 'object', properties: {} } } } } } } };
    expect(diffSpecs(v1, v2).changed[0].changes).toEqual([
      { message: 'parameter query:q removed', breaking: true },
      { message: '200 response property x removed', breaking: true },
    ]);
  });

  it('flags a removed success response and a request body that became required', () => {
    const v1 = { openapi: '3.0.0', paths: { '/a': { post: { requestBody: { content: {} }, responses: { 200: { description: '' }, 404: { description: '' } } } } } };
    const v2 = { openapi: '3.0.0', paths: { '/a': { post: { requestBody: { required: true, content: {} }, responses: { 201: { description: '' } } } } } };
    expect(diffSpecs(v1, v2).changed[0].changes).toEqual([
      { message: 'request body became required', breaking: true },
      { message: 'response 200 removed', breaking: true },
      { message: 'response 404 removed', breaking: false },
      { message: 'response 201 added', breaking: false },
    ]);
  });
});
