import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, Paging, text } from './common';

/** A time filter: an ISO 8601 date or time (built on first use, as every schema here). */
const time = () => z.string().check(z.maxLength(40), z.refine((value) => /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), 'must be an ISO 8601 date or time (2026-11-24 or 2026-11-24T10:00:00Z)'));

export const AuditQuery = lazy(() => z.strictObject({
  ...Paging,
  actor: z.optional(text(1, 100)),
  action: z.optional(text(1, 100)),
  target: z.optional(text(1, 100)),
  since: z.optional(time()),
  until: z.optional(time()),
}));

export const AuditRecord = lazy(() => z.object({
  object: z.literal('audit-record'),
  id: z.string(),
  organization: z.string(),
  createdAt: DateTime,
  /** Ids: the user, and over HTTP the token (with its name as it was then). */
  actor: z.object({ user: z.string(), token: z.optional(z.string()), tokenName: z.optional(z.string()) }),
  /** The user as they were when the record was written; none on records written before docsctl kept it. */
  actorUser: z.optional(z.object({ object: z.literal('user'), id: z.string(), displayName: z.string(), email: z.string() })),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  targets: z.record(z.string(), z.string()),
  /** Each target as it was then: its key in `targets`, id, kind and title; none on records written before. */
  targetDetails: z.optional(z.array(z.object({
    name: z.string(),
    id: z.string(),
    kind: z.string(),
    title: z.optional(z.string()),
    email: z.optional(z.string()),
    number: z.optional(z.number()),
  }))),
  summary: z.object({ fields: z.array(z.string()), counts: z.record(z.string(), z.number()) }),
  status: z.number(),
  requestId: z.optional(z.string()),
}));
