import * as z from 'zod/mini';
import { lazy } from './lazy';
import { checkDocument } from '../../markdown/document/check';
import { documentToMarkdown } from '../../markdown/document/to-markdown';
import type { JSONDocument as Tree } from '../../markdown/document/types';

/** The most markdown characters a page or a comment body may hold, sent as markdown or made from a tree. */
export const MAX_PAGE_MARKDOWN = 1_000_000;

/**
 * The platform's structured document tree as docsctl answers it (src/markdown/document/types.ts has
 * the node shapes; the tree is checked in full on the way in, not on the way out).
 */
export const JSONDocument = lazy(() => z.object({
  object: z.literal('document'),
  data: z.record(z.string(), z.unknown()),
  nodes: z.array(z.unknown()),
}));

/** A tree sent by a client: every node checked (shapes, depth, node count, text) by checkDocument. */
export const JSONDocumentInput = lazy(() => z.looseObject({
  object: z.literal('document'),
  data: z.optional(z.record(z.string(), z.unknown())),
  nodes: z.array(z.unknown()),
}).check(z.superRefine((document, ctx) => {
  for (const issue of checkDocument(document)) ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: document });
})));

/** A tree as the markdown docsctl stores, within the markdown bound. */
export const treeToMarkdown = (tree: unknown, max: number, ctx: { issues: unknown[] }, path: string[] = []): string => {
  const markdown = documentToMarkdown(tree as Tree);
  if (markdown.length > max) {
    ctx.issues.push({ code: 'custom', message: `is longer than ${max} characters once written as markdown (at most ${max})`, path, input: tree });
  }
  return markdown;
};

/**
 * A page's content as sent: `{ markdown }` (docsctl's), or the platform's tree, which is written as
 * markdown here so that the engine stores markdown either way.
 */
export const MarkdownOrDocument = lazy(() => z.pipe(
  z.union([z.strictObject({ markdown: z.string().check(z.maxLength(MAX_PAGE_MARKDOWN)) }), JSONDocumentInput]),
  z.transform((value, ctx): { markdown: string } => (!('object' in value) ? { markdown: value.markdown } : { markdown: treeToMarkdown(value, MAX_PAGE_MARKDOWN, ctx) })),
));
