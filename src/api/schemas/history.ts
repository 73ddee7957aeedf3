import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, Id, Paging, User, queryBool, queryInt, text } from './common';
import { ChangeRequest } from './content';

/** Revision history and undo (issue 30): docs/api.md, "Revision history". */

/** The change request a history entry merged, or a deletion came from. */
const ChangeRequestRef = lazy(() => z.object({ id: z.string(), number: z.number(), subject: z.string() }));
const PageCounts = lazy(() => z.object({ added: z.number(), changed: z.number(), removed: z.number() }));

/** docsctl: one revision of a space's history (a merge, or a change of its content made outside change requests). */
export const RevisionSummary = lazy(() => z.object({
  object: z.literal('revision-summary'),
  id: z.string(),
  type: z.string(),
  parents: z.array(z.string()),
  createdAt: DateTime,
  createdBy: z.optional(User),
  changeRequest: z.optional(ChangeRequestRef),
  /** Against its first parent: pages added, changed (edited or moved) and removed. */
  pages: PageCounts,
  urls: z.object({ app: z.string(), location: z.string() }),
}));

/** The platform's ChangedRevisionPage: a page in the revision that holds it. */
const ChangedPage = lazy(() => z.object({ id: z.string(), type: z.enum(['document', 'group', 'link', 'computed']), title: z.string(), path: z.string() }));
/** A reusable content as a change or a diff names it. */
const DiffReusable = lazy(() => z.object({ id: z.string(), title: z.string(), document: z.optional(z.string()) }));
const Attributes = lazy(() => z.record(z.string(), z.object({ before: z.optional(z.unknown()), after: z.optional(z.unknown()) })));

/** The platform's RevisionSemanticChange, by `type`. */
export const SemanticChange = lazy(() => z.object({
  type: z.enum(['page_created', 'page_edited', 'page_deleted', 'page_moved', 'file_created', 'file_edited', 'file_deleted',
    'reusable_content_created', 'reusable_content_edited', 'reusable_content_deleted']),
  page: z.optional(ChangedPage),
  parent: z.optional(z.object({ before: z.optional(ChangedPage), after: z.optional(ChangedPage) })),
  file: z.optional(z.object({ id: z.string(), name: z.string(), contentType: z.string(), downloadURL: z.string() })),
  reusableContent: z.optional(DiffReusable),
  attributes: z.optional(Attributes),
}));

/** The platform's RevisionSemanticChanges. */
export const SemanticChanges = lazy(() => z.object({
  mergedFrom: z.optional(ChangeRequest),
  changes: z.array(SemanticChange),
  /** How many changes past `limit` were left out. */
  more: z.optional(z.number()),
}));

export const RevisionChangesQuery = lazy(() => z.strictObject({ metadata: z.optional(queryBool), computed: z.optional(queryBool), limit: z.optional(queryInt(1, 1000)) }));
export const ChangeRequestChangesQuery = lazy(() => z.strictObject({ limit: z.optional(queryInt(1, 1000)) }));

/** A page's place in one revision: its parent (null at the root), its path and its index among its siblings. */
const Place = lazy(() => z.object({ parent: z.nullable(ChangedPage), path: z.string(), position: z.number() }));
/** A line diff, when the content's text changed: `diff` (unified, with `---`/`+++` headers), or why it is left out. */
const TextDiff = lazy(() => ({
  lines: z.optional(z.object({ added: z.number(), removed: z.number() })),
  diff: z.optional(z.string()),
  /** The diff is not the shortest: too many lines changed, so the part that differs is shown replaced whole. */
  note: z.optional(z.string()),
  /** Why the diff is left out (the comparison's bound on diff text). */
  omitted: z.optional(z.string()),
}));
const DiffFile = lazy(() => z.object({
  id: z.string(), name: z.string(), contentType: z.string(), size: z.number(), sha256: z.string(), git: z.optional(z.object({ path: z.string() })),
}));

/** docsctl: what differs between two revisions, with a unified diff of each changed page's markdown. */
export const ContentDiff = lazy(() => z.object({
  object: z.literal('content-diff'),
  /** null: the revision has no parent, and is compared with empty content. */
  from: z.nullable(z.string()),
  to: z.string(),
  changeRequest: z.optional(ChangeRequest),
  pages: z.object({
    added: z.array(ChangedPage),
    removed: z.array(ChangedPage),
    moved: z.array(z.object({ ...ChangedPage.shape, from: Place, to: Place })),
    changed: z.array(z.object({ ...ChangedPage.shape, attributes: Attributes, ...TextDiff })),
  }),
  files: z.object({ added: z.array(DiffFile), removed: z.array(DiffFile), changed: z.array(DiffFile) }),
  reusableContents: z.object({
    added: z.array(DiffReusable),
    removed: z.array(DiffReusable),
    changed: z.array(z.object({ id: z.string(), title: z.string(), titleBefore: z.optional(z.string()), ...TextDiff })),
  }),
  /** Set when diffs were left out to keep the answer bounded. */
  truncated: z.optional(z.string()),
}));

export const RevisionDiffQuery = lazy(() => z.strictObject({ from: z.optional(Id) }));

/** docsctl: a page the space's history removed and its content still lacks. */
export const DeletedPage = lazy(() => z.object({
  object: z.literal('deleted-page'),
  page: ChangedPage,
  /** Its parent in `lastRevision` (null at the root). */
  parent: z.nullable(z.string()),
  deletedAt: DateTime,
  deletedBy: z.optional(User),
  /** The revision that removed it, and the last one that had it (what a restore takes). */
  revision: z.string(),
  lastRevision: z.string(),
  changeRequest: z.optional(ChangeRequestRef),
}));

export const DeletedPagesQuery = lazy(() => z.strictObject({ ...Paging, days: z.optional(queryInt(1, 365)) }));

export const RevisionRestore = lazy(() => z.strictObject({
  /** One page (and its sub-pages there the content lacks now, with the files they reference) instead of the whole content. */
  page: z.optional(Id),
  /** Merge the change request once written. */
  merge: z.optional(z.boolean()),
  subject: z.optional(text(0, 100)),
}));

export const RevisionRestoreResult = lazy(() => z.object({
  object: z.literal('revision-restore'),
  revision: z.string(),
  page: z.optional(z.string()),
  changeRequest: ChangeRequest,
  /** What the change request changes in the space's content (or changed, merged). */
  pages: PageCounts,
  files: z.object({ added: z.array(z.string()), removed: z.array(z.string()) }),
}));
