import * as z from 'zod/mini';
import { lazy } from './lazy';
import { ROLES, TEAM_ROLES } from '../../domain/roles';

export const Role = lazy(() => z.enum(ROLES));
export const NullableRole = lazy(() => z.nullable(Role));
export const TeamRole = lazy(() => z.enum(TEAM_ROLES));
export const DateTime = lazy(() => z.string());
export const Id = lazy(() => z.string().check(z.minLength(1), z.maxLength(200)));

export const text = (min: number, max: number) => z.string().check(z.minLength(min), z.maxLength(max));
/** An http(s) URL of at most `max` characters. */
export const uri = (max: number) => z.url({ protocol: /^https?$/ }).check(z.maxLength(max));

/** A whole number given in a query string. */
export const queryInt = (min: number, max: number) =>
  z.pipe(
    z.pipe(z.string().check(z.regex(/^[0-9]{1,9}$/, { error: 'must be a whole number' })), z.transform(Number)),
    z.number().check(z.minimum(min), z.maximum(max)),
  );

/** A boolean given in a query string: `true` or `false`. */
export const queryBool = lazy(() => z.pipe(z.enum(['true', 'false'], { error: 'must be true or false' }), z.transform((v) => v === 'true')));

export const Paging = lazy(() => ({
  page: z.optional(z.string().check(z.maxLength(2000))),
  limit: z.optional(queryInt(1, 1000)),
}));
export const PagingQuery = lazy(() => z.strictObject({ ...Paging }));
export const Order = lazy(() => z.enum(['asc', 'desc']));

export const listOf = <T extends z.ZodMiniType>(item: T) =>
  lazy(() => z.object({ next: z.optional(z.object({ page: z.string() })), count: z.number(), items: z.array(item) }));

export const User = lazy(() => z.object({
  object: z.literal('user'),
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  photoURL: z.optional(z.string()),
  urls: z.object({ location: z.string() }),
}));

export const ErrorBody = lazy(() => z.object({ error: z.object({ code: z.number(), message: z.string() }) }));
export const NoContent = lazy(() => z.undefined());

/**
 * Merge rules: docsctl has none (change requests merge without reviews or checks), which the platform
 * writes `{ type: 'none' }` for an organization and `{ type: 'inherit' }` for a space (docs/decisions.md).
 */
export const MergeRules = lazy(() => z.object({ type: z.string() }));
