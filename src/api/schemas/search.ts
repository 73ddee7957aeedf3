import * as z from 'zod/mini';
import { Paging, text } from './common';

export const SearchQuery = z.strictObject({ query: text(1, 512), ...Paging });

const SearchSection = z.object({
  id: z.string(),
  title: z.string(),
  path: z.string(),
  body: z.string(),
  snippet: z.optional(z.string()),
  urls: z.object({ app: z.string() }),
});

export const SpaceSearchItem = z.object({
  id: z.string(),
  title: z.string(),
  path: z.string(),
  sections: z.array(SearchSection),
  urls: z.object({ app: z.string() }),
});

export const OrganizationSearchItem = z.object({
  id: z.string(),
  title: z.string(),
  pages: z.array(SpaceSearchItem),
});
