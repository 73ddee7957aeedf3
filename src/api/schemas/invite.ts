import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, Id, NullableRole, Role } from './common';

export const Invite = lazy(() => z.object({
  object: z.literal('invite'),
  id: z.string(),
  role: Role,
  redundant: z.boolean(),
  level: z.optional(Role),
  space: z.optional(z.string()),
  collection: z.optional(z.string()),
  createdAt: z.optional(DateTime),
  urls: z.optional(z.object({ location: z.string(), app: z.string() })),
}));

export const LinkInviteCreate = lazy(() => z.union([
  z.strictObject({ role: Role }),
  z.strictObject({ level: Role, space: Id }),
  z.strictObject({ level: Role, collection: Id }),
]));
export const LinkInvitePatch = lazy(() => z.strictObject({ role: Role }));

export const EmailInvite = lazy(() => z.strictObject({
  emails: z.array(z.email().check(z.maxLength(320))).check(z.minLength(1), z.maxLength(1000)),
  role: z.optional(NullableRole),
}));
export const EmailInviteResult = lazy(() => z.object({ users: z.array(z.string()), invited: z.number() }));
