/** Seven schemas of ten properties, each referring to the one before: 7 KB that validate as 10^7 nodes. */
export function refBomb(): string {
  const schemas: Record<string, unknown> = { s0: { type: 'object', properties: { a: { type: 'string' } } } };
  for (let i = 1; i <= 7; i++) {
    schemas[`s${i}`] = { type: 'object', properties: Object.fromEntries(Array.from({ length: 10 }, (_, j) => [`p${j}`, { $ref: `#/components/schemas/s${i - 1}` }])) };
  }
  const schema = { $ref: '#/components/schemas/s7' };
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'bomb', version: '1' }, paths: { '/x': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema } } } } } } }, components: { schemas } });
}
