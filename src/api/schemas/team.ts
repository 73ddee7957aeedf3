import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, Id, NullableRole, Paging, TeamRole, text } from './common';
import { Member } from './member';

export const Team = lazy(() => z.object({
  object: z.literal('team'),
  id: z.string(),
  title: z.string(),
  members: z.number(),
  spaces: z.number(),
  createdAt: DateTime,
  permissions: z.object({ admin: z.boolean(), view: z.boolean() }),
  urls: z.optional(z.object({ location: z.string(), app: z.string() })),
}));

export const TeamListQuery = lazy(() => z.strictObject({ ...Paging, owner: z.optional(Id), title: z.optional(text(1, 64)) }));
export const TeamCreate = lazy(() => z.strictObject({ title: text(1, 64), members: z.optional(z.array(Id).check(z.maxLength(10000))) }));
export const TeamPatch = lazy(() => z.strictObject({ title: text(1, 64) }));

/** A user id or an e-mail address. */
const UserRef = lazy(() => z.string().check(z.minLength(1), z.maxLength(320)));

export const TeamMembersChange = lazy(() => z.strictObject({
  add: z.optional(z.array(UserRef).check(z.maxLength(100000))),
  remove: z.optional(z.array(UserRef).check(z.maxLength(100000))),
  // Keyed by user id, or (docsctl's) by e-mail as `add` entries are: people `invite` adds have no id yet.
  memberships: z.optional(z.record(UserRef, z.strictObject({ role: TeamRole }))),
  // docsctl's: invite the e-mails of `add` that are not members yet (organization role `role`), then add them.
  invite: z.optional(z.strictObject({ role: z.optional(NullableRole) })),
}));
export const TeamMemberPut = lazy(() => z.strictObject({ role: z.optional(TeamRole) }));

export const TeamMember = lazy(() => z.object({
  organization: Member,
  team: z.object({ role: TeamRole }),
  permissions: z.object({ view: z.boolean() }),
}));

export const MemberTeamsQuery = lazy(() => z.strictObject({ ...Paging, title: z.optional(text(1, 64)) }));
export const MemberTeam = lazy(() => z.object({ team: Team, member: z.object({ role: TeamRole }) }));
