import { formatOf, parseText, SpecParseError, validateParsed } from './document';
import { partsOf, type DocumentParts } from './parts';
import { infoOf, type SpecInfo } from './spec-info';
import { expansionBoundPassed } from './expansion';
import { EXPANSION_FLOOR, MAX_SPEC_TEXT } from '../domain/openapi-limits';

/** What isolated validation answers: the document's SpecInfo, the parser's messages, or the bound it passed. */
export type ValidationAnswer = { ok: true; info: SpecInfo } | { messages: string[] } | { bound: string };

/**
 * Parses and validates `text` in this process: run only where a bound holds the work (the worker
 * thread of isolated-worker.ts, the child process of isolated.ts). Errors other than the document's
 * own faults are thrown.
 */
export async function validationAnswer(text: string, maxExpansion: number): Promise<ValidationAnswer> {
  try {
    const parsed = parseText(text);
    // A `$ref` bomb is refused before swagger-parser spends seconds expanding it.
    const bound = expansionBoundPassed(parsed, maxExpansion, EXPANSION_FLOOR);
    if (bound) return { bound };
    // As JSON before swagger-parser changes the object; a YAML document whose aliases blow it up keeps none.
    const json = formatOf(text) === 'yaml' ? JSON.stringify(parsed) : undefined;
    const kept = json !== undefined && json.length <= MAX_SPEC_TEXT * 2 ? json : undefined;
    const parts = partsFor(text, parsed, kept);
    const info = { ...infoOf(parsed), ...(kept !== undefined ? { json: kept } : {}), ...(parts ? { parts } : {}) };
    await validateParsed(parsed); // changes `parsed`: the info and the parts are read first
    return { ok: true, info };
  } catch (error) {
    if (!(error instanceof SpecParseError)) throw error;
    return { messages: error.messages };
  }
}

/**
 * The parts of a document (parts.ts), cut from what pages would read (api-documents.ts: the version's
 * JSON, else its text, parsed as there), so that what a page makes of them is what it makes of the
 * document; none where a page could not read the document (larger than MAX_SPEC_TEXT, or YAML with no
 * JSON kept).
 */
function partsFor(text: string, parsed: Record<string, unknown>, json: string | undefined): DocumentParts | undefined {
  const read = json ?? text;
  if (read.length > MAX_SPEC_TEXT || formatOf(read) !== 'json') return undefined;
  return partsOf(json === undefined ? parsed : (JSON.parse(json) as Record<string, unknown>));
}
