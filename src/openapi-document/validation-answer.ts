import { formatOf, parseText, SpecParseError, validateParsed } from './document';
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
    const info = { ...infoOf(parsed), ...(json !== undefined && json.length <= MAX_SPEC_TEXT * 2 ? { json } : {}) };
    await validateParsed(parsed); // changes `parsed`: the info is read first
    return { ok: true, info };
  } catch (error) {
    if (!(error instanceof SpecParseError)) throw error;
    return { messages: error.messages };
  }
}
