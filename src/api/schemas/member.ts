import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, NullableRole, Order, Paging, Role, User, text } from './common';
import { Space } from './space';
import { ROLES_AND_GUEST } from '../../domain/roles';

export const Member = lazy(() => z.object({
  object: z.literal('member'),
  id: z.string(),
  role: NullableRole,
  user: User,
  disabled: z.boolean(),
  joinedAt: DateTime,
  lastSeenAt: z.optional(DateTime),
  sso: z.boolean(),
  spaces: z.number(),
  teams: z.number(),
  sites: z.optional(z.number()),
  /** docsctl's addition, with `expand=teams` on the members list: the member's teams, by title. */
  teamTitles: z.optional(z.array(z.object({ id: z.string(), title: z.string() }))),
}));

export const MemberListQuery = lazy(() => z.strictObject({
  ...Paging,
  order: z.optional(Order),
  /** A role, or docsctl's `guest`: the members without one (the platform's filter takes roles only). */
  role: z.optional(z.enum(ROLES_AND_GUEST)),
  search: z.optional(text(1, 512)),
  sort: z.optional(z.enum(['joinedAt', 'lastSeenAt'])),
  expand: z.optional(z.literal('teams')),
}));

export const MemberPatch = lazy(() => z.strictObject({ role: NullableRole }));

/** The most members docsctl's `PATCH …/members` changes in one request (one transaction). */
export const MAX_MEMBER_CHANGES = 1000;

/** docsctl's `PATCH /v1/orgs/{organizationId}/members`: several members' roles, all or nothing. */
export const MembersPatch = lazy(() => z.strictObject({
  members: z.array(z.strictObject({ user: text(1, 320), role: NullableRole })).check(z.minLength(1), z.maxLength(MAX_MEMBER_CHANGES)),
}));
export const MembersPatchResult = lazy(() => z.object({ count: z.number(), items: z.array(Member) }));

export const PingResult = lazy(() => z.object({ serviceVisitorClaims: z.string(), gitbookVisitorClaims: z.optional(z.string()) }));

export const MemberSpacesQuery = lazy(() => z.strictObject({ ...Paging, order: z.optional(Order) }));
export const MemberSpace = lazy(() => z.object({ permission: Role, space: Space }));
