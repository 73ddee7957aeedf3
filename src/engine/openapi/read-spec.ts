import { digestOf, formatOf, parseText, SpecParseError, type SpecDocument } from './document';
import { validateIsolated } from './isolated';
import { openapiLimits, type OpenApiLimits } from './limits';

/**
 * Reads, validates and identifies a document. Throws SpecParseError with the parser's messages, or
 * SpecBoundError when validating it passed the time or memory bound (it runs in a child process).
 */
export async function readSpec(text: string, limits: OpenApiLimits = openapiLimits()): Promise<SpecDocument> {
  if (!text.trim()) throw new SpecParseError(['the document is empty']);
  const parsed = parseText(text);
  if (!('openapi' in parsed) && !('swagger' in parsed)) {
    throw new SpecParseError(['the document has neither an openapi (3.x) nor a swagger (2.0) field']);
  }
  const info = (parsed.info ?? {}) as { title?: unknown; version?: unknown };
  const format = formatOf(text);
  const document: SpecDocument = {
    text,
    format,
    filename: format === 'json' ? 'openapi.json' : 'openapi.yaml',
    sha256: digestOf(text),
    ...(typeof info.title === 'string' ? { title: info.title } : {}),
    ...(info.version !== undefined && info.version !== null ? { version: String(info.version) } : {}),
  };
  await validateIsolated(text, limits);
  return document;
}
