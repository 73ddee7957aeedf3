import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, Id, Order, Paging, User } from './common';
import { JSONDocument, JSONDocumentInput, treeToMarkdown } from './document';

/** The most a comment or reply body may hold (markdown characters). */
export const MAX_COMMENT_MARKDOWN = 100_000;

const Format = lazy(() => z.enum(['document', 'markdown']));

/**
 * A body as sent, as the platform's: `{ markdown }`, `{ document }` (the structured tree, written as
 * markdown here: the engine stores markdown) or an empty object (an empty body).
 */
export const CommentBodyInput = lazy(() => z.pipe(
  z.strictObject({
    markdown: z.optional(z.string().check(z.maxLength(MAX_COMMENT_MARKDOWN))),
    document: z.optional(JSONDocumentInput),
  }).check(z.refine((body) => body.markdown === undefined || body.document === undefined, { error: 'must hold markdown or document, not both' })),
  z.transform((body, ctx): { markdown?: string } => (body.document ? { markdown: treeToMarkdown(body.document, MAX_COMMENT_MARKDOWN, ctx, ['document']) } : { ...(body.markdown !== undefined ? { markdown: body.markdown } : {}) })),
));

/** A body as answered, in the asked `format`. */
export const CommentBody = lazy(() => z.object({
  markdown: z.optional(z.string()),
  document: z.optional(JSONDocument),
}));

/** An emoji (or a short code such as `:+1:`): one short word, no spaces. */
const Emoji = lazy(() => z.string().check(
  z.minLength(1),
  z.maxLength(32),
  z.regex(/^[^\s\p{Cc}]+$/u, { error: 'must be an emoji or short code without spaces' }),
));
const Reactions = lazy(() => z.array(Emoji).check(z.maxLength(50)));

export const Reaction = lazy(() => z.object({
  emoji: z.string(),
  count: z.number(),
  users: z.array(z.object({ user: User, reactedAt: DateTime })),
}));

const Authored = lazy(() => ({
  id: z.string(),
  postedBy: z.optional(User),
  postedAt: DateTime,
  editedAt: z.optional(DateTime),
  reactions: z.array(Reaction),
  body: CommentBody,
  urls: z.object({ location: z.string() }),
}));

const ReplyPermissions = lazy(() => ({ view: z.boolean(), edit: z.boolean(), reply: z.boolean(), delete: z.boolean() }));

export const CommentReply = lazy(() => z.object({
  object: z.literal('comment-reply'),
  ...Authored,
  permissions: z.object({ ...ReplyPermissions }),
}));

export const Comment = lazy(() => z.object({
  object: z.literal('comment'),
  ...Authored,
  replies: z.number(),
  repliers: z.optional(z.array(z.object({ user: User, count: z.number(), updatedAt: DateTime }))),
  target: z.object({
    node: z.optional(z.object({ id: z.string() })),
    changeRequest: z.optional(z.string()),
    page: z.optional(z.object({
      id: z.string(),
      title: z.string(),
      emoji: z.optional(z.string()),
      createdAt: DateTime,
      updatedAt: DateTime,
      path: z.string(),
      outdated: z.boolean(),
    })),
    space: z.string(),
    revision: z.string(),
  }),
  permissions: z.object({ ...ReplyPermissions, resolve: z.boolean() }),
  status: z.enum(['open', 'resolved']),
  resolvedAt: z.optional(DateTime),
  resolvedBy: z.optional(User),
}));

/** `authors=a&authors=b`: a repeated query key; one value arrives as a plain string. */
const Authors = lazy(() => z.pipe(
  z.union([Id, z.array(Id).check(z.maxLength(100))]),
  z.transform((v): string[] => (Array.isArray(v) ? v : [v])),
));

export const CommentListQuery = lazy(() => z.strictObject({
  ...Paging,
  order: z.optional(Order),
  status: z.optional(z.enum(['all', 'open', 'resolved'])),
  format: z.optional(Format),
  targetPage: z.optional(Id),
  authors: z.optional(Authors),
}));
export const CommentFormatQuery = lazy(() => z.strictObject({ format: z.optional(Format) }));
/** Deletes take no query parameters (any is refused, as on every other operation). */
export const NoQuery = lazy(() => z.strictObject({}));
export const ReplyListQuery = lazy(() => z.strictObject({ ...Paging, format: z.optional(Format) }));

export const CommentCreate = lazy(() => z.strictObject({
  page: z.optional(Id),
  node: z.optional(Id),
  body: CommentBodyInput,
}));

export const CommentUpdate = lazy(() => z.strictObject({
  resolved: z.optional(z.boolean()),
  body: z.optional(CommentBodyInput),
  addedReactions: z.optional(Reactions),
  removedReactions: z.optional(Reactions),
}));

export const ReplyCreate = lazy(() => z.strictObject({ body: CommentBodyInput }));

export const ReplyUpdate = lazy(() => z.strictObject({
  body: z.optional(CommentBodyInput),
  addedReactions: z.optional(Reactions),
  removedReactions: z.optional(Reactions),
}));
