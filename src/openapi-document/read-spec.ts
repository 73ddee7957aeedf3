import { createHash } from 'node:crypto';
import { digestOf, formatOf, SpecParseError, type SpecDocument } from './document';
import { validateIsolated } from './isolated';
import type { SpecInfo } from './spec-info';
import { openapiLimits, type OpenApiLimits } from '../domain/openapi-limits';

/**
 * Texts this process validated lately, by a digest of the exact text and the bounds it was validated
 * within, with the SpecInfo it answered. Validation is a function of those alone, so a text read again
 * (in local mode `openapi publish` validates before it sends, then the engine reads the same text; a CI
 * job publishing an unchanged document) is not validated again. Only valid documents are kept.
 */
const validated = new Map<string, SpecInfo>();
const REMEMBERED = 16;
const REMEMBERED_TEXT = 1024 * 1024;

async function validatedInfo(text: string, limits: OpenApiLimits, signal?: AbortSignal): Promise<SpecInfo> {
  const key = `${createHash('sha256').update(text).digest('hex')} ${limits.processTimeoutMs} ${limits.processMemoryMb} ${limits.maxExpansion}`;
  const known = validated.get(key);
  if (known) return known;
  const info = await validateIsolated(text, limits, signal);
  // Small documents only: a large one would be held twice (its text and its JSON) in this process's memory.
  if (text.length <= REMEMBERED_TEXT) {
    if (validated.size >= REMEMBERED) validated.delete(validated.keys().next().value!);
    validated.set(key, info);
  }
  return info;
}

/**
 * Reads, validates and identifies a document. Throws SpecParseError with the parser's messages, or
 * SpecBoundError when reading it passed the time or memory bound. The text is parsed only where it is
 * validated, off this thread (a large YAML document takes seconds to parse), which answers its title
 * and version too. `signal` stops the validation early.
 */
export async function readSpec(text: string, limits: OpenApiLimits = openapiLimits(), signal?: AbortSignal): Promise<SpecDocument> {
  if (!text.trim()) throw new SpecParseError(['the document is empty']);
  const format = formatOf(text);
  const validating = validatedInfo(text, limits, signal);
  // Hashed here while the document is validated off this thread (a 5 MB text: 15–30 ms), not after.
  const sha256 = digestOf(text);
  const { title, version, json, parts } = await validating;
  return {
    ...(json !== undefined ? { json } : {}),
    ...(parts !== undefined ? { parts } : {}),
    text,
    format,
    filename: format === 'json' ? 'openapi.json' : 'openapi.yaml',
    sha256,
    ...(title !== undefined ? { title } : {}),
    ...(version !== undefined ? { version } : {}),
  };
}
