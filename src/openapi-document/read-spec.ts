import { digestOf, formatOf, SpecParseError, type SpecDocument } from './document';
import { validateIsolated } from './isolated';
import { openapiLimits, type OpenApiLimits } from '../domain/openapi-limits';

/**
 * Reads, validates and identifies a document. Throws SpecParseError with the parser's messages, or
 * SpecBoundError when reading it passed the time or memory bound. The text is parsed only in the child
 * process that validates it (a large YAML document takes seconds to parse), which answers its title
 * and version too.
 */
export async function readSpec(text: string, limits: OpenApiLimits = openapiLimits()): Promise<SpecDocument> {
  if (!text.trim()) throw new SpecParseError(['the document is empty']);
  const format = formatOf(text);
  const { title, version } = await validateIsolated(text, limits);
  return {
    text,
    format,
    filename: format === 'json' ? 'openapi.json' : 'openapi.yaml',
    sha256: digestOf(text),
    ...(title !== undefined ? { title } : {}),
    ...(version !== undefined ? { version } : {}),
  };
}
