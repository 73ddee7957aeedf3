import type { Core } from '../core';

/** OpenAPI specifications published from CI, with their versions (issue 7). */
export function openapiModule(core: Core) {
  void core;
  return {};
}
