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
  score: z.optional(z.number()),
  urls: z.object({ app: z.string() }),
}));

export const SpaceSearchItem = lazy(() => z.object({
  id: z.string(),
  title: z.string(),
  description: z.optional(z.string()),
  path: z.string(),
  score: z.optional(z.number()),
  rank: z.optional(z.number()),
  ancestors: z.optional(z.array(z.object({ title: z.string() }))),
  sections: z.array(SearchSection),
  urls: z.object({ app: z.string() }),
}));

export const OrganizationSearchItem = lazy(() => z.object({
  type: z.optional(z.literal('space')),
  id: z.string(),
  title: z.string(),
  score: z.optional(z.number()),
  pages: z.array(SpaceSearchItem),
}));
