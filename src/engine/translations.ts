import type { Core } from './core';

/** Translation settings of an organization (issue 7). */
export function translationsModule(core: Core) {
  void core;
  return {};
}
