import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, Id, MergeRules, NullableRole, Paging, Role, User, queryBool, text } from './common';
import { VISIBILITIES } from '../../domain/values';

const bool = lazy(() => z.boolean());

export const Space = lazy(() => z.object({
  object: z.literal('space'),
  id: z.string(),
  title: z.string(),
  emoji: z.string(),
  visibility: z.enum(VISIBILITIES),
  createdAt: DateTime,
  updatedAt: DateTime,
  deletedAt: z.optional(DateTime),
  deletedBy: z.optional(User),
  editMode: z.optional(z.enum(['live', 'locked'])),
  urls: z.object({ location: z.string(), app: z.string(), published: z.optional(z.string()), public: z.optional(z.string()), icon: z.optional(z.string()) }),
  organization: z.string(),
  parent: z.optional(z.string()),
  revision: z.string(),
  defaultLevel: NullableRole,
  comments: z.number(),
  changeRequests: z.number(),
  changeRequestsOpen: z.number(),
  changeRequestsDraft: z.number(),
  mergeRules: z.optional(MergeRules),
  permissions: z.object({
    view: bool, access: bool, admin: bool, viewInviteLinks: bool, edit: bool, triggerGitSync: bool, comment: bool, merge: bool, review: bool, installIntegration: z.optional(bool),
  }),
}));

/**
 * `POST …/restore`'s answer: the space, and docsctl's `restored`: true when this call brought it back,
 * false when it was not deleted (nothing changed). An instance without it leaves it out.
 */
export const RestoredSpace = lazy(() => z.extend(Space, { restored: z.optional(z.boolean()) }));

/**
 * docsctl's answer to a visitor of a published site who is not a member with a role: what a reader
 * of the site needs of a space, without its internals (revision, change request and comment counts,
 * parent collection, permissions). See docs/security.md.
 */
export const VisitorSpace = lazy(() => z.object({
  object: z.literal('space'),
  id: z.string(),
  title: z.string(),
  emoji: z.string(),
  visibility: z.enum(VISIBILITIES),
  urls: z.object({ published: z.optional(z.string()), public: z.optional(z.string()), icon: z.optional(z.string()) }),
}));

export const SpaceCreate = lazy(() => z.strictObject({
  title: z.optional(text(1, 50)),
  emoji: z.optional(text(0, 50)),
  parent: z.optional(Id),
  editMode: z.optional(z.enum(['live', 'locked'])),
}));

export const SpacePatch = lazy(() => z.strictObject({
  title: z.optional(text(1, 50)),
  emoji: z.optional(text(0, 50)),
  editMode: z.optional(z.enum(['live', 'locked'])),
  defaultLevel: z.optional(NullableRole),
  visibility: z.optional(z.enum(VISIBILITIES)),
}));

export const SpaceListQuery = lazy(() => z.strictObject({ ...Paging, deleted: z.optional(queryBool) }));
export const SpaceGetQuery = lazy(() => z.strictObject({ shareKey: z.optional(text(1, 200)) }));

const Ref = lazy(() => z.strictObject({ type: z.enum(['space', 'collection']), space: z.optional(Id), collection: z.optional(Id) }));
export const Position = lazy(() => z.strictObject({ before: z.optional(Ref), after: z.optional(Ref) }));
export const Move = lazy(() => z.strictObject({ parent: z.optional(z.nullable(Id)), position: z.optional(Position) }));
export const Transfer = lazy(() => z.strictObject({ organization: Id }));

