import type { OpenApiLimits } from '../domain/openapi-limits';

/** A document whose processing passed one of the bounds; the message names the bound. */
export class SpecBoundError extends Error {}

export const timeBoundPassed = (limits: OpenApiLimits) =>
  new SpecBoundError(`processing the document took longer than ${limits.processTimeoutMs / 1000} s, the time bound of OpenAPI processing`);

export const memoryBoundPassed = (limits: OpenApiLimits) =>
  new SpecBoundError(`processing the document needed more than ${limits.processMemoryMb} MB of memory, the memory bound of OpenAPI processing`);
