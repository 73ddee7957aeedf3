import * as z from 'zod/mini';
import { lazy } from './lazy';
import { uri } from './common';
import { ALL_SOURCES } from '../../domain/import-sources';

/** No query parameters: any given is a 400 naming it. */
export const ImportQuery = lazy(() => z.strictObject({}));

/** `source` takes the platform's values; those this instance does not import from answer 400 (see decisions.md). */
export const ImportBody = lazy(() => z.strictObject({
  url: uri(2048),
  source: z.enum(ALL_SOURCES),
}));

export const ImportResult = lazy(() => z.object({
  revision: z.string(),
  importedResources: z.number().check(z.int(), z.minimum(0)),
  totalResources: z.number().check(z.int(), z.minimum(0)),
}));
