import * as z from 'zod/mini';
import { DateTime, NullableRole, Order, Paging, Role, User, text } from './common';
import { Space } from './space';

export const Member = z.object({
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
});

export const MemberListQuery = z.strictObject({
  ...Paging,
  order: z.optional(Order),
  role: z.optional(Role),
  search: z.optional(text(1, 512)),
  sort: z.optional(z.enum(['joinedAt', 'lastSeenAt'])),
});

export const MemberPatch = z.strictObject({ role: NullableRole });

export const PingResult = z.object({ serviceVisitorClaims: z.string(), gitbookVisitorClaims: z.optional(z.string()) });

export const MemberSpacesQuery = z.strictObject({ ...Paging, order: z.optional(Order) });
export const MemberSpace = z.object({ permission: Role, space: Space });
