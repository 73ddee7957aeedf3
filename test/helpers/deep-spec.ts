/** An OpenAPI document whose schemas go deeper than an operation's page opens (issue 58): its pages link to the rest. */

/** Fourteen levels (each a `$ref` to the next), an inline chain as deep, and a schema that holds itself. */
export function deepSpec(): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < 14; i++) schemas[`Level${i}`] = { type: 'object', description: `Level **${i}**, see [the guide](https://example.com/guide) and [a page](other.md).`, properties: { depth: { type: 'integer' }, ...(i < 13 ? { next: { $ref: `#/components/schemas/Level${i + 1}` } } : {}) } };
  let inline: Record<string, unknown> = { type: 'string', description: 'the bottom of the chain' };
  for (let i = 9; i >= 0; i--) inline = { type: 'object', properties: { [`in/${i}`]: inline } };
  schemas.Tree = { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } };
  return JSON.stringify({
    openapi: '3.0.3', info: { title: 'Deep', version: '1' },
    paths: { '/deep/{id}': { get: { summary: 'Deep things', responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { levels: { $ref: '#/components/schemas/Level0' }, inline, tree: { $ref: '#/components/schemas/Tree' } } } } } } } } } },
    components: { schemas },
  });
}

