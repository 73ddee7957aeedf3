import { parseText, SpecParseError, validateParsed } from './document';
import { infoOf, type SpecInfo } from './spec-info';

/** What isolated validation answers: the document's SpecInfo, or the parser's messages. */
export type ValidationAnswer = { ok: true; info: SpecInfo } | { messages: string[] };

/**
 * Parses and validates `text` in this process: run only where a bound holds the work (the worker
 * thread of isolated-worker.ts, the child process of isolated.ts). Errors other than the document's
 * own faults are thrown.
 */
export async function validationAnswer(text: string): Promise<ValidationAnswer> {
  try {
    const parsed = parseText(text);
    const info = infoOf(parsed);
    await validateParsed(parsed); // changes `parsed`: the info is read first
    return { ok: true, info };
  } catch (error) {
    if (!(error instanceof SpecParseError)) throw error;
    return { messages: error.messages };
  }
}
