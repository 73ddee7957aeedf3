import * as z from 'zod/mini';
import { lazy } from './lazy';
import { Paging } from './common';

export const LINK_STATUSES = ['ok', 'broken', 'in-app'] as const;

/** `versionContext`: which revision a reference is about. */
const Reference = lazy(() => ({
  organization: z.string(),
  space: z.string(),
  versionContext: z.object({ type: z.literal('revision'), revision: z.string() }),
}));

/**
 * Where a link points. api.md gives `kind` and the embedded `organization`, `space`, `versionContext`
 * and `file`; docsctl adds the field of each kind (`page`, `anchor`, `url`, and `reusableContent` for
 * an include line, the platform's content reference of kind `reusable-content`) and readable ones
 * (`path`, `name`: a file's name or a reusable content's title). docsctl's kind `openapi-operation`: an
 * `{% openapi-operation %}` block, `name` the spec and the operation (`petstore: GET /pets`).
 */
export const LinkTargetReference = lazy(() => z.object({
  kind: z.enum(['page', 'file', 'anchor', 'url', 'reusable-content', 'openapi-operation']),
  ...Reference,
  page: z.optional(z.string()),
  path: z.optional(z.string()),
  anchor: z.optional(z.string()),
  file: z.optional(z.string()),
  name: z.optional(z.string()),
  url: z.optional(z.string()),
  reusableContent: z.optional(z.string()),
}));

/** A page holding a link. */
export const LinkLocationReference = lazy(() => z.object({ kind: z.literal('page'), ...Reference, page: z.string(), path: z.string(), title: z.string() }));

export const LinkItem = lazy(() => z.object({
  status: z.enum(LINK_STATUSES),
  relation: z.literal('reference'),
  targetReference: LinkTargetReference,
  locationReferences: z.array(LinkLocationReference),
}));

export const LinkListing = lazy(() => z.object({
  next: z.optional(z.object({ page: z.string() })),
  count: z.number(),
  stats: z.object({ total: z.number(), broken: z.object({ total: z.number(), changeRequest: z.number() }) }),
  items: z.array(LinkItem),
}));

export const Backlink = lazy(() => z.object({ kind: z.literal('page'), ...Reference, page: z.string(), path: z.string(), title: z.string(), file: z.string() }));

/** Space root: paging and a `status` filter. */
export const LinkStatusQuery = lazy(() => z.strictObject({ ...Paging, status: z.optional(z.enum(LINK_STATUSES)) }));
/** Change-request root (api.md gives `status` on the space root only). */
export const LinkPagingQuery = lazy(() => z.strictObject(Paging));
