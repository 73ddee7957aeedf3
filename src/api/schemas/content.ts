import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, Id, Paging, User, queryBool, text } from './common';
import { CR_STATUSES } from '../../domain/values';
import { JSONDocument, MarkdownOrDocument } from './document';
import { PAPER_NAMES, type Paper } from '../../domain/pdf-paper';

const ContentFlags = lazy(() => ({ metadata: z.optional(queryBool), computed: z.optional(queryBool) }));
export const ContentQuery = lazy(() => z.strictObject({ ...ContentFlags }));
export const FilesQuery = lazy(() => z.strictObject({ ...Paging, ...ContentFlags }));
export const ReusableContentsQuery = lazy(() => z.strictObject({ ...Paging, ...ContentFlags }));
export const PageQuery = lazy(() => z.strictObject({ format: z.optional(z.enum(['document', 'markdown'])), ...ContentFlags }));

export const File = lazy(() => z.object({
  object: z.optional(z.literal('file')),
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  downloadURL: z.string(),
  size: z.number(),
  dimensions: z.optional(z.object({ width: z.number(), height: z.number() })),
  /** docsctl extension: SHA-256 of the bytes, in hex (`content push` compares files by it). */
  sha256: z.optional(z.string()),
  /** docsctl extension: where Git Sync keeps the file (`content push` records it, `pull` writes there). */
  git: z.optional(z.object({ path: z.string() })),
}));

const PageBase = lazy(() => ({
  id: z.string(),
  title: z.string(),
  emoji: z.optional(z.string()),
  createdAt: DateTime,
  updatedAt: DateTime,
  /** docsctl keeps where a page sits on every variant: content push matches pages by path. */
  slug: z.string(),
  path: z.string(),
  hidden: z.boolean(),
}));
const PageContent = lazy(() => ({
  markdown: z.optional(z.string()),
  document: z.optional(JSONDocument),
}));
/** The platform's Git Sync blob: the page's file and the Git id of its markdown. */
const GitBlob = lazy(() => z.object({ oid: z.string(), path: z.string() }));
const PageLayout = lazy(() => z.object({
  width: z.enum(['default', 'wide']),
  cover: z.boolean(),
  coverSize: z.enum(['hero', 'full', 'background']),
  coverMask: z.enum(['none', 'radial']),
  title: z.boolean(),
  description: z.boolean(),
  tableOfContents: z.boolean(),
  outline: z.boolean(),
  pagination: z.boolean(),
  metadata: z.boolean(),
  tags: z.boolean(),
  actions: z.boolean(),
  anchors: z.boolean(),
}));

/** A page as the platform's four variants (document, group, link, computed), discriminated by `type`. */
export const Page = lazy(() => z.discriminatedUnion('type', [
  z.object({
    ...PageBase,
    ...PageContent,
    kind: z.literal('sheet'),
    type: z.literal('document'),
    description: z.string(),
    documentId: z.string(),
    noIndex: z.boolean(),
    noRobotsIndex: z.boolean(),
    layout: PageLayout,
    tags: z.array(z.unknown()),
    urls: z.object({ app: z.string() }),
    git: z.optional(GitBlob),
    pages: z.array(z.unknown()),
  }),
  z.object({ ...PageBase, kind: z.literal('group'), type: z.literal('group'), noIndex: z.boolean(), noRobotsIndex: z.boolean(), pages: z.array(z.unknown()) }),
  z.object({ ...PageBase, kind: z.literal('link'), type: z.literal('link'), target: z.object({ kind: z.literal('url'), url: z.string() }), href: z.string() }),
  z.object({
    ...PageBase,
    ...PageContent,
    type: z.literal('computed'),
    computed: z.object({
      type: z.string(),
      dependencies: z.object({ spec: z.object({ ref: z.object({ kind: z.string(), spec: z.string() }) }) }),
      props: z.record(z.string(), z.unknown()),
    }),
    description: z.string(),
    urls: z.object({ app: z.string() }),
    git: z.optional(GitBlob),
    pages: z.array(z.unknown()),
  }),
]));

export const Revision = lazy(() => z.object({
  object: z.literal('revision'),
  id: z.string(),
  parents: z.array(z.string()),
  pages: z.array(Page),
  files: z.array(File),
  /** The platform's RevisionReusableContent: `document` is the id of its document (a listing item has the tree). */
  reusableContents: z.array(z.object({ id: z.string(), title: z.string(), document: z.string(), git: z.optional(GitBlob) })),
  /** A merge revision: the change request it merged. */
  mergedFrom: z.optional(ChangeRequest),
  tags: z.optional(z.array(z.unknown())),
  createdAt: DateTime,
  type: z.string(),
  urls: z.object({ app: z.string(), published: z.optional(z.string()), public: z.optional(z.string()) }),
}));

export const Pages = lazy(() => z.object({ pages: z.array(Page) }));

/** docsctl: a reusable content as its listing shows it, with the stored markdown (`content pull` writes it as it is). */
export const ReusableContent = lazy(() => z.object({
  object: z.literal('reusable-content'),
  id: z.string(),
  title: z.string(),
  document: JSONDocument,
  markdown: z.string(),
  git: z.optional(GitBlob),
}));

export const ChangeRequest = lazy(() => z.object({
  object: z.literal('change-request'),
  id: z.string(),
  number: z.number(),
  status: z.enum(CR_STATUSES),
  subject: z.string(),
  space: z.optional(z.string()),
  createdBy: z.optional(User),
  createdAt: DateTime,
  updatedAt: DateTime,
  revision: z.string(),
  revisionInitial: z.string(),
  revisionMergedAncestor: z.optional(z.string()),
  revisionMerged: z.optional(z.string()),
  comments: z.number(),
  outdated: z.boolean(),
  urls: z.object({ app: z.string(), location: z.string() }),
}));

export const ChangeRequestListQuery = lazy(() => z.strictObject({ ...Paging, status: z.optional(z.enum(CR_STATUSES)), contributor: z.optional(Id) }));
export const ChangeRequestCreate = lazy(() => z.strictObject({ subject: z.optional(text(0, 100)) }));
export const ChangeRequestPatch = lazy(() => z.strictObject({
  subject: z.optional(text(0, 100)),
  status: z.optional(z.enum(['draft', 'open', 'archived'])),
}));

export const MergeResult = lazy(() => z.object({
  revision: z.optional(z.string()),
  result: z.enum(['merge', 'update', 'conflicts']),
  /** What changed differently on both sides: a page (`page`), or a reusable content (`reusableContent`, docsctl). */
  conflicts: z.optional(z.array(z.object({ page: z.optional(z.string()), reusableContent: z.optional(z.string()) }))),
}));

/** docsctl extension: a page whose content is generated from an OpenAPI spec (slug or id) when read. */
export const PageComputed = lazy(() => z.strictObject({
  type: z.literal('builtin:openapi'),
  dependencies: z.strictObject({ spec: z.strictObject({ ref: z.strictObject({ kind: z.literal('openapi'), spec: text(1, 100) }) }) }),
  props: z.optional(z.record(z.string(), z.unknown())),
}));

/** docsctl extension: the file Git Sync keeps a page in (the platform's `git.path` of a page). */
const GitFile = lazy(() => z.strictObject({ path: text(1, 512) }));
const Position = lazy(() => ({
  into: z.optional(z.nullable(Id)),
  at: z.optional(z.number().check(z.int(), z.minimum(0))),
  /**
   * docsctl extension: the page's slug (by default derived from the title on insert, kept on update):
   * one segment of lower-case letters of any script, digits, `.`, `_` and `-`, starting with a letter or digit.
   */
  slug: z.optional(text(1, 100).check(z.regex(/^[\p{Ll}\p{Lm}\p{Lo}\p{N}][\p{Ll}\p{Lm}\p{Lo}\p{M}\p{N}._-]*$/u))),
}));

export const ContentChange = lazy(() => z.discriminatedUnion('operation', [
  z.strictObject({
    operation: z.literal('insert_page'),
    document: MarkdownOrDocument,
    title: z.optional(text(1, 256)),
    type: z.optional(z.enum(['document', 'group', 'link'])),
    href: z.optional(z.url().check(z.maxLength(2048))),
    ref: z.optional(text(1, 200)),
    computed: z.optional(PageComputed),
    git: z.optional(GitFile),
    ...Position,
  }),
  z.strictObject({
    operation: z.literal('update_page'), page: Id, document: z.optional(MarkdownOrDocument), title: z.optional(text(1, 256)),
    computed: z.optional(z.nullable(PageComputed)), git: z.optional(z.nullable(GitFile)), ...Position,
  }),
  z.strictObject({ operation: z.literal('delete_page'), page: Id }),
  z.strictObject({
    operation: z.literal('insert_files'),
    // Exactly one of base64 and upload (the engine says so, naming the file).
    files: z.array(z.strictObject({
      name: text(1, 256), contentType: z.optional(text(1, 256)), base64: z.optional(z.string()), upload: z.optional(text(1, 128)),
      git: z.optional(GitFile),
    })).check(z.minLength(1), z.maxLength(100)),
  }),
  /** docsctl extension: files taken out of the content. */
  z.strictObject({ operation: z.literal('delete_files'), files: z.array(Id).check(z.minLength(1), z.maxLength(1000)) }),
  /** docsctl extensions: reusable content (Git Sync's `.gitbook/includes/`), its markdown stored whole. */
  z.strictObject({ operation: z.literal('insert_reusable_content'), title: text(1, 256), document: MarkdownOrDocument, git: z.optional(GitFile), ref: z.optional(text(1, 200)) }),
  z.strictObject({
    operation: z.literal('update_reusable_content'), reusableContent: Id, title: z.optional(text(1, 256)), document: z.optional(MarkdownOrDocument),
    git: z.optional(z.nullable(GitFile)),
  }),
  z.strictObject({ operation: z.literal('delete_reusable_content'), reusableContent: Id }),
  /** docsctl extensions (issue 30): the whole content, or one page with what it references, as in an earlier revision of the space. */
  z.strictObject({ operation: z.literal('restore_content'), revision: Id }),
  z.strictObject({ operation: z.literal('restore_page'), revision: Id, page: Id }),
]));

/** The most changes one write batch takes; a client writes more as several batches (commands/shared/write-changes.ts). */
export const MAX_CHANGES_PER_WRITE = 5000;
export const ContentWrite = lazy(() => z.strictObject({ changes: z.array(ContentChange).check(z.minLength(1), z.maxLength(MAX_CHANGES_PER_WRITE)) }));
export const ContentWriteResult = lazy(() => z.object({
  changeRequest: ChangeRequest,
  changes: z.array(z.object({ operation: z.string(), page: z.optional(z.string()), files: z.optional(z.array(z.string())), reusableContent: z.optional(z.string()) })),
  insertedFiles: z.array(File),
}));

/** `paper` is docsctl's own: the sheets' size (A4 unless said). */
const PdfPaper = lazy(() => z.optional(z.enum(PAPER_NAMES as [Paper, ...Paper[]])));
export const PdfQuery = lazy(() => z.strictObject({ only: z.optional(queryBool), page: z.optional(Id), paper: PdfPaper }));
/** What a capability URL adds to a download's query (engine/capability.ts). */
const Capability = lazy(() => ({ user: z.optional(Id), expires: z.optional(z.string().check(z.regex(/^\d{1,12}$/))), signature: z.optional(z.string().check(z.maxLength(100))) }));
export const DownloadQuery = lazy(() => z.strictObject({ ...Capability }));
export const PdfDownloadQuery = lazy(() => z.strictObject({ revision: z.optional(Id), page: z.optional(Id), paper: PdfPaper, ...Capability }));
export const PdfUrl = lazy(() => z.object({ url: z.string() }));
