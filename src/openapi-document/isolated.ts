import { selfWorkerScript } from '../self-command';
import { validateInChild } from './isolated-child';
import { validateInWorker } from './isolated-worker';
import type { SpecInfo } from './spec-info';
import type { OpenApiLimits } from '../domain/openapi-limits';

export { VALIDATE_COMMAND } from './isolated-child';

/**
 * Parses and validates `text` as OpenAPI, and reads its SpecInfo, never on this thread:
 * swagger-parser's validation of a small document full of `$ref`s can take minutes of CPU and
 * gigabytes of memory. It runs in a worker thread (bin/openapi-worker.cjs in the npm build, an asset of
 * the single executable) where the build has one, else in a child process (docsctl itself,
 * `__openapi-validate`: a checkout not built yet); either is
 * stopped past `processTimeoutMs` and has at most `processMemoryMb` of heap, and passing a bound ends
 * in a SpecBoundError saying which. The document's own faults come back as a SpecParseError with the
 * parser's messages. `signal` stops it early (the caller no longer wants the answer).
 */
export function validateIsolated(text: string, limits: OpenApiLimits, signal?: AbortSignal): Promise<SpecInfo> {
  const script = selfWorkerScript();
  return script ? validateInWorker(text, limits, script, signal) : validateInChild(text, limits, signal);
}
