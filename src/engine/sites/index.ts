import type { Core } from '../core';
import type { spacesModule } from '../spaces';
import { sitesModule } from './sites';
import { structureModule } from './structure/index';

/** Docs sites: the sites themselves (with adaptive schema and published content) and their structure. */
export function docsSitesModule(core: Core, spaces: ReturnType<typeof spacesModule>) {
  return { sites: sitesModule(core, spaces), structure: structureModule(core, spaces) };
}
