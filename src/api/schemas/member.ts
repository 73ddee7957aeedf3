import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, NullableRole, Order, Paging, Role, User, text } from './common';
import { Space } from './space';

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
  role: z.optional(Role),
  search: z.optional(text(1, 512)),
  sort: z.optional(z.enum(['joinedAt', 'lastSeenAt'])),
  expand: z.optional(z.literal('teams')),
}));

export const MemberPatch = lazy(() => z.strictObject({ role: NullableRole }));

export const PingResult = lazy(() => z.object({ serviceVisitorClaims: z.string(), gitbookVisitorClaims: z.optional(z.string()) }));

export const MemberSpacesQuery = lazy(() => z.strictObject({ ...Paging, order: z.optional(Order) }));
export const MemberSpace = lazy(() => z.object({ permission: Role, space: Space }));
