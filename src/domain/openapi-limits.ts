/** Bounds of OpenAPI processing. An engine may override any of them (`EngineOptions.openapiLimits`). */
export interface OpenApiLimits {
  /** Longest wait for a `source.url` (connection, headers and body). */
  fetchTimeoutMs: number;
  /** Largest document read from a `source.url`, in bytes. */
  maxFetchBytes: number;
  /** Longest the validation of one document may take (it runs in a child process, killed past it). */
  processTimeoutMs: number;
  /** Heap the validating child process may use, in MB. */
  processMemoryMb: number;
  /**
   * How many times a document's `$ref`s may multiply it (nodes with every `$ref` expanded against nodes
   * as written; at least EXPANSION_FLOOR nodes always pass); 0: no expansion bound. Real documents stay
   * under 13 (GitHub's: 8), a `$ref` bomb of 5 KB is a million.
   */
  maxExpansion: number;
}

/** Expanded nodes any document may have, whatever its size: a small document expanding to this is harmless. */
export const EXPANSION_FLOOR = 1_000_000;

export const DEFAULT_OPENAPI_LIMITS: OpenApiLimits = {
  fetchTimeoutMs: 10_000,
  maxFetchBytes: 32 * 1024 * 1024,
  processTimeoutMs: 20_000,
  processMemoryMb: 512,
  maxExpansion: 100,
};

/**
 * Largest `source.text`, in characters (the request schema enforces it). Set from the largest real
 * descriptions on the npm registry: @octokit/openapi's ghec.json is 14.1 MB as published (7.7 MB
 * minified, which is how `openapi publish` sends JSON) and validates in 1.5 s within 512 MB.
 */
export const MAX_SPEC_TEXT = 16 * 1024 * 1024;

export function openapiLimits(overrides: Partial<OpenApiLimits> = {}): OpenApiLimits {
  return { ...DEFAULT_OPENAPI_LIMITS, ...overrides };
}
