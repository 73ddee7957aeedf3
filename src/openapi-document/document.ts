import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { describeSchemaErrors, isSchemaErrors } from './schema-errors';
import type { DocumentParts } from './parts';

// yaml and swagger-parser are large: they load the first time a document is read.
const load = createRequire(import.meta.url);

/** Why a document is not a usable OpenAPI document; `messages` are the parser's, one per problem. */
export class SpecParseError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
    this.name = 'SpecParseError';
  }
}

export type SpecFormat = 'json' | 'yaml';

/** A read and validated document: its text as published, what identifies it, and what it describes. */
export interface SpecDocument {
  text: string;
  format: SpecFormat;
  /** The stored file's name: `openapi.json` or `openapi.yaml`. */
  filename: string;
  sha256: string;
  title?: string;
  version?: string;
  /** A YAML document as JSON (SpecInfo.json): what pages and link checks read. */
  json?: string;
  /** The document cut into parts (SpecInfo.parts), stored with the version for pages to read. */
  parts?: DocumentParts;
}

/**
 * The text that identifies a document: line endings as LF and trailing white space at the end
 * removed. Publishing text with the same identity again is "no change" (no new version).
 * `trimEnd` removes exactly what `/\s+$/` matched, in one pass: the regex tried every start of a run
 * of blanks not at the end, quadratic in the run (200,000 blanks then a letter took 14 seconds).
 */
export function normalizeText(text: string): string {
  return text.replace(/\r\n?/g, '\n').trimEnd();
}

export function digestOf(text: string): string {
  return createHash('sha256').update(normalizeText(text)).digest('hex');
}

/** JSON when the first meaningful character opens an object, YAML otherwise. */
export function formatOf(text: string): SpecFormat {
  return /^\s*\{/.test(text) ? 'json' : 'yaml';
}

/** Parses JSON or YAML text into a plain object (not yet validated as OpenAPI). */
export function parseText(text: string): Record<string, unknown> {
  const format = formatOf(text);
  let value: unknown;
  try {
    value = format === 'json' ? JSON.parse(text) : (load('yaml') as typeof import('yaml')).parse(text, { maxAliasCount: 10_000 });
  } catch (error) {
    throw new SpecParseError([`the document is not valid ${format === 'json' ? 'JSON' : 'YAML'}: ${(error as Error).message.split('\n')[0]}`]);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SpecParseError(['the document must be a JSON or YAML object with an openapi (3.x) or swagger (2.0) field']);
  }
  return value as Record<string, unknown>;
}

/**
 * Validates a parsed document as OpenAPI 3.x or Swagger 2.0 with swagger-parser. External `$ref`s are
 * never fetched (`resolve.external: false`): a published document must stand on its own, and the
 * server must not be made to fetch arbitrary URLs. Internal `$ref`s are resolved and checked.
 * swagger-parser changes the object it validates, so pass one you no longer need.
 */
export async function validateParsed(parsed: Record<string, unknown>): Promise<void> {
  if (!('openapi' in parsed) && !('swagger' in parsed)) {
    throw new SpecParseError(['the document has neither an openapi (3.x) nor a swagger (2.0) field']);
  }
  const SwaggerParser = load('@apidevtools/swagger-parser') as typeof import('@apidevtools/swagger-parser');
  try {
    await SwaggerParser.validate(parsed as never, { resolve: { external: false } });
  } catch (error) {
    // ajv's errors, when the document fails the OpenAPI schema: said with the property or value at fault,
    // read from the document as ajv saw it (its internal $refs resolved in place).
    const details = (error as { details?: unknown }).details;
    if (isSchemaErrors(details)) throw new SpecParseError(describeSchemaErrors(details, parsed));
    const message = (error as Error).message ?? String(error);
    const lines = message.split('\n').map((l) => l.trim()).filter(Boolean);
    // "Swagger schema validation failed." is followed by one line per problem.
    throw new SpecParseError(lines.length > 1 && /validation failed/i.test(lines[0]) ? lines.slice(1) : [lines.join(' ')]);
  }
}
