import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, Paging, text } from './common';
import { TOKEN_SCOPES } from '../../domain/token-scopes';

/** An API token as listed: never its value (only its SHA-256 is stored). */
export const ApiToken = lazy(() => z.object({
  object: z.literal('token'),
  id: z.string(),
  name: z.string(),
  /** The id of the user it acts as. */
  user: z.string(),
  email: z.string(),
  createdAt: DateTime,
  lastUsedAt: z.nullable(DateTime),
  revokedAt: z.nullable(DateTime),
  expiresAt: z.nullable(DateTime),
  scope: z.enum(TOKEN_SCOPES),
}));

/** A token just made: the only answer that holds its value. */
export const CreatedApiToken = lazy(() => z.extend(ApiToken, { token: z.string() }));

/** An ISO 8601 date or time (`2027-01-31`, `2027-01-31T12:00:00Z`). */
const time = () => z.string().check(z.maxLength(40), z.refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date or time (2027-01-31 or 2027-01-31T12:00:00Z)'));

export const ApiTokenCreate = lazy(() => z.strictObject({
  name: z.optional(text(1, 100)),
  scope: z.optional(z.enum(TOKEN_SCOPES)),
  expiresAt: z.optional(time()),
  /** A user id or e-mail (default: the caller). */
  user: z.optional(z.string().check(z.minLength(1), z.maxLength(320))),
}));

/** `user`: only the tokens of this member (a user id or e-mail). */
export const ApiTokenListQuery = lazy(() => z.strictObject({ ...Paging, user: z.optional(text(1, 320)) }));
