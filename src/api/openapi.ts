import * as z from 'zod/mini';
import { routeList } from './routes/index';
import { ErrorBody } from './schemas/common';

function schemaOf(schema: z.ZodMiniType): unknown {
  const rendered = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;
  delete rendered.$schema;
  return rendered;
}

/** The route table rendered as an OpenAPI 3 document, served at `/openapi.json`. */
export function renderOpenApi(serverUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorContent = { 'application/json': { schema: schemaOf(ErrorBody) } };
  for (const route of routeList) {
    const parameters: unknown[] = route.params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
    if (route.query) {
      const query = schemaOf(route.query) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, schema] of Object.entries(query.properties ?? {})) {
        parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
      }
    }
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      parameters,
      responses: {
        [route.status]: route.response
          ? { description: 'Success', content: { 'application/json': { schema: schemaOf(route.response) } } }
          : { description: 'Success, no content' },
        default: { description: 'Error', content: errorContent },
      },
    };
    if (route.rawBody) operation.requestBody = { required: true, content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } };
    else if (route.body) operation.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(route.body) } } };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'docsctl management API', version: '1' },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths,
  };
}
