import * as z from 'zod/mini';
import { lazy } from './lazy';
import { Id, Role, User } from './common';
import { Team } from './team';

// Kept apart from space.ts: Team embeds Member, which embeds Space, so space.ts must not import team.ts.
export const PermissionGrant = lazy(() => z.strictObject({
  role: Role,
  users: z.optional(z.array(Id).check(z.maxLength(1000))),
  teams: z.optional(z.array(Id).check(z.maxLength(1000))),
}));
export const PermissionPatch = lazy(() => z.strictObject({ role: Role }));
export const SpaceUserPermission = lazy(() => z.object({ object: z.literal('space-user-permission'), user: User, role: Role, permission: z.optional(Role) }));
export const SpaceTeamPermission = lazy(() => z.object({ object: z.literal('space-team-permission'), team: Team, role: Role, permission: z.optional(Role) }));
