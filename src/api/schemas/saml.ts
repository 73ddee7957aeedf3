import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, Id, NullableRole, text, uri } from './common';
import { Team } from './team';

export const SamlProvider = lazy(() => z.object({
  object: z.literal('saml-provider'),
  id: z.string(),
  label: z.string(),
  ssoURL: z.optional(z.string()),
  entityID: z.optional(z.string()),
  certificate: z.optional(z.string()),
  defaultTeam: z.nullable(Team),
  defaultRole: NullableRole,
  createdAt: DateTime,
  status: z.optional(z.enum(['active', 'pending'])),
  service: z.object({ acsURL: z.string(), startURL: z.string(), entityID: z.string() }),
  urls: z.object({ location: z.string() }),
}));

const fields = lazy(() => ({
  entityID: z.optional(text(1, 1024)),
  certificate: z.optional(text(1, 10000)),
  ssoURL: z.optional(uri(2048)),
  defaultTeam: z.optional(Id),
  defaultRole: z.optional(NullableRole),
}));
export const SamlCreate = lazy(() => z.strictObject({ label: text(1, 30), ...fields }));
export const SamlPatch = lazy(() => z.strictObject({ label: z.optional(text(1, 30)), ...fields }));

export const SsoLoginInfo = lazy(() => z.object({ items: z.array(z.object({ id: z.string(), label: z.string(), startURL: z.string() })) }));
