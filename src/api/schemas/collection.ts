import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, Id, NullableRole, Paging, queryBool, text } from './common';

export const Collection = lazy(() => z.object({
  object: z.literal('collection'),
  id: z.string(),
  title: z.string(),
  description: z.optional(z.string()),
  organization: z.string(),
  parent: z.optional(z.string()),
  defaultLevel: NullableRole,
  createdAt: z.optional(DateTime),
  updatedAt: z.optional(DateTime),
  urls: z.object({ location: z.string(), app: z.string() }),
  permissions: z.object({ view: z.boolean(), admin: z.boolean(), viewInviteLinks: z.boolean(), create: z.boolean() }),
}));

export const CollectionCreate = lazy(() => z.strictObject({ title: z.optional(text(1, 50)), parent: z.optional(Id) }));
export const CollectionPatch = lazy(() => z.strictObject({
  title: z.optional(text(1, 50)),
  description: z.optional(text(0, 100)),
  defaultLevel: z.optional(NullableRole),
}));
export const CollectionListQuery = lazy(() => z.strictObject({ ...Paging, nested: z.optional(queryBool) }));
