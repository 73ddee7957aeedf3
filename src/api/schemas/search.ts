import * as z from 'zod/mini';
import { lazy } from './lazy';
import { Paging, text } from './common';

export const SearchQuery = lazy(() => z.strictObject({ query: text(1, 512), ...Paging }));

const SearchSection = lazy(() => z.object({
  id: z.string(),
  title: z.string(),
  path: z.string(),
  body: z.string(),
  snippet: z.optional(z.string()),
  urls: z.object({ app: z.string() }),
}));

export const SpaceSearchItem = lazy(() => z.object({
  id: z.string(),
  title: z.string(),
  path: z.string(),
  sections: z.array(SearchSection),
  urls: z.object({ app: z.string() }),
}));

export const OrganizationSearchItem = lazy(() => z.object({
  id: z.string(),
  title: z.string(),
  pages: z.array(SpaceSearchItem),
}));
