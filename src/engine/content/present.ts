import { createHash } from 'node:crypto';
import type { Core } from '../core';
import { capabilityUrl } from '../capability';
import { pageDocument } from '../../markdown/document/from-markdown';
import { childrenIndex, childrenOf, pageData, pathsOf, sha256, type FileEntry, type PageData, type PageEntry, type ReusableEntry, type RevisionState } from './state';
import { shownMarkdown } from './computed-page';
import type { PageComputed } from '../../domain/content-change';
import { mapInOrder } from '../in-order';

export type PageFormat = 'markdown' | 'document';

/** SQLite's BINARY collation: the UTF-8 bytes compared. */
const compare = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/**
 * The platform's layout options with every field it requires: docsctl keeps no per-page layout, so each
 * page shows the platform's default (docs/decisions.md).
 */
const LAYOUT = {
  width: 'default', cover: true, coverSize: 'hero', coverMask: 'none', title: true, description: true, tableOfContents: true,
  outline: true, pagination: true, metadata: true, tags: true, actions: true, anchors: true,
} as const;

/** A file as the API shows it to `viewerId`, whose rights its `downloadURL` (a capability URL) carries. */
export async function presentFile(core: Core, spaceId: string, file: FileEntry, viewerId: string) {
  const blob = await core.get<{ size: number }>('SELECT size FROM blobs WHERE id = ?', [file.blobId]);
  return {
    object: 'file' as const,
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: await capabilityUrl(core, `/v1/spaces/${spaceId}/files/${file.id}/download`, viewerId),
    size: blob?.size ?? 0,
    ...(file.width !== null && file.height !== null ? { dimensions: { width: file.width, height: file.height } } : {}),
    sha256: file.blobId,
    ...(file.gitPath !== null ? { git: { path: file.gitPath } } : {}),
  };
}

export type File = Awaited<ReturnType<typeof presentFile>>;

export interface PageOptions {
  format?: PageFormat;
  /** Include the page's content (a single page read), not just its place in the tree. */
  content?: boolean;
  /** The revision's `childrenIndex`, when presenting a whole tree. */
  children?: Map<string | null, PageEntry[]>;
  /** `computed=false`: a computed page's content is its stored markdown, not generated (default true). */
  computed?: boolean;
}

/** What every variant carries (the platform's RevisionPageBase). */
interface PageBase {
  id: string;
  title: string;
  emoji?: string;
  createdAt: string;
  updatedAt: string;
}

/** Where a page sits: docsctl keeps it on every variant, as content push matches pages by path. */
interface PagePlace {
  slug: string;
  path: string;
  hidden: boolean;
}

/** A page's content, in the format asked for. */
type PageContent = { markdown?: string; document?: ReturnType<typeof pageDocument> };

/** The platform's Git Sync blob of a page: where the file is and the Git id of the page's markdown. */
type GitBlob = { oid: string; path: string };

export type DocumentPage = PageBase & PagePlace & PageContent & {
  kind: 'sheet';
  type: 'document';
  description: string;
  documentId: string;
  noIndex: boolean;
  noRobotsIndex: boolean;
  layout: typeof LAYOUT;
  tags: never[];
  urls: { app: string };
  git?: GitBlob;
  pages: Page[];
};
export type GroupPage = PageBase & PagePlace & { kind: 'group'; type: 'group'; noIndex: boolean; noRobotsIndex: boolean; pages: Page[] };
export type LinkPage = PageBase & PagePlace & { kind: 'link'; type: 'link'; target: { kind: 'url'; url: string }; href: string };
/** docsctl's computed page: generated from an OpenAPI spec, shown as the platform's computed variant. */
export type ComputedPage = PageBase & PagePlace & PageContent & {
  type: 'computed';
  computed: PageComputed & { props: { models: boolean } };
  description: string;
  urls: { app: string };
  git?: GitBlob;
  pages: Page[];
};
/** A page as the platform's four variants, discriminated by `type`. */
export type Page = DocumentPage | GroupPage | LinkPage | ComputedPage;

/** A page's content in the asked format; a computed page's is generated unless `computed` is false. */
async function contentOf(core: Core, spaceId: string, data: PageData, options: PageOptions): Promise<PageContent> {
  const markdown = options.computed !== false ? await shownMarkdown(core, spaceId, data) : data.markdown;
  return options.format === 'document' ? { document: pageDocument(markdown) } : { markdown };
}

/** The Git blob id of a text (`git hash-object`). */
function gitOid(text: string): string {
  const bytes = Buffer.from(text);
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** The Git blob id of a page version's markdown, worked out once per version. */
async function blobOid(core: Core, versionId: string, markdown: string): Promise<string> {
  return await core.immutable(`page-oid:${versionId}`, async () => gitOid(markdown));
}

const reusableGit = (entry: ReusableEntry) => (entry.gitPath !== null ? { git: { oid: gitOid(entry.markdown), path: entry.gitPath } } : {});

/**
 * A reusable content as the platform's Revision shows it (its RevisionReusableContent): `document` is
 * the id of its document, as a page's `documentId` is (here the SHA-256 of its text), and when Git
 * Sync keeps it in a file, `git` is the file and the Git id of its text.
 */
export function presentReusable(entry: ReusableEntry) {
  return { id: entry.id, title: entry.title, document: sha256(entry.markdown), ...reusableGit(entry) };
}

/**
 * docsctl: a reusable content as its listing shows it: its document tree (the body as a page's, the
 * frontmatter left out) and the stored text (`content pull` writes it as it is).
 */
export function presentReusableContent(entry: ReusableEntry) {
  return { object: 'reusable-content' as const, id: entry.id, title: entry.title, document: pageDocument(entry.markdown), markdown: entry.markdown, ...reusableGit(entry) };
}

export type ReusableContent = ReturnType<typeof presentReusableContent>;

export async function presentPage(core: Core, spaceId: string, state: RevisionState, entry: PageEntry, paths: Map<string, string>, options: PageOptions = {}): Promise<Page> {
  const data = await pageData(core, entry.versionId);
  const path = paths.get(entry.id) ?? data.slug;
  const base: PageBase = { id: entry.id, title: data.title, ...(data.emoji ? { emoji: data.emoji } : {}), createdAt: entry.createdAt, updatedAt: entry.updatedAt };
  const place: PagePlace = { slug: data.slug, path, hidden: data.hidden };
  const children = async () =>
    await mapInOrder(options.children?.get(entry.id) ?? (options.children ? [] : childrenOf(state, entry.id)), async (child) =>
      await presentPage(core, spaceId, state, child, paths, { format: options.format, children: options.children }),
    );
  if (data.type === 'group') return { ...base, kind: 'group', type: 'group', ...place, noIndex: false, noRobotsIndex: false, pages: await children() };
  if (data.type === 'link') return { ...base, kind: 'link', type: 'link', ...place, target: { kind: 'url', url: data.href ?? '' }, href: data.href ?? '' };
  const urls = { app: core.appUrl(`/s/${spaceId}/${path}`) };
  const git = data.git ? { git: { oid: await blobOid(core, entry.versionId, data.markdown), path: data.git.path } } : {};
  const content = options.content ? await contentOf(core, spaceId, data, options) : {};
  if (data.computed) {
    // docsctl's reference shows no model pages: `models` is false unless the page says otherwise.
    const props = { ...data.computed.props, models: data.computed.props?.models === true };
    return { ...base, type: 'computed', computed: { ...data.computed, props }, ...place, description: data.description ?? '', urls, ...git, ...content, pages: await children() };
  }
  return {
    ...base,
    kind: 'sheet',
    type: 'document',
    ...place,
    description: data.description ?? '',
    documentId: entry.versionId,
    noIndex: false,
    noRobotsIndex: false,
    layout: LAYOUT,
    tags: [],
    urls,
    ...git,
    ...content,
    pages: await children(),
  };
}

/** The page tree of a revision (structure and metadata, without each page's content). */
export async function presentPages(core: Core, spaceId: string, state: RevisionState): Promise<Page[]> {
  const paths = await pathsOf(core, state);
  const children = childrenIndex(state);
  return await mapInOrder(children.get(null) ?? [], async (entry) => await presentPage(core, spaceId, state, entry, paths, { children }));
}

export async function presentRevision(core: Core, spaceId: string, revisionId: string, state: RevisionState, viewerId: string) {
  const row = (await core.get<{ parents: string; type: string; created_at: string }>('SELECT parents, type, created_at FROM revisions WHERE id = ?', [revisionId]))!;
  return {
    object: 'revision' as const,
    id: revisionId,
    parents: JSON.parse(row.parents) as string[],
    pages: await presentPages(core, spaceId, state),
    // The order of the files listing (SQLite's binary order of names, then ids).
    files: await mapInOrder([...state.files.values()].sort((a, b) => compare(a.name, b.name) || compare(a.id, b.id)), async (f) => await presentFile(core, spaceId, f, viewerId)),
    // The order of the reusable contents listing (titles, then ids).
    reusableContents: [...state.reusables.values()].sort((a, b) => compare(a.title, b.title) || compare(a.id, b.id)).map(presentReusable),
    // Pages cannot be tagged here: a revision has no tags (docs/decisions.md).
    tags: [] as never[],
    createdAt: row.created_at,
    type: row.type,
    urls: { app: core.appUrl(`/s/${spaceId}/~/revisions/${revisionId}`), published: `${core.publicUrl}/s/${spaceId}`, public: `${core.publicUrl}/s/${spaceId}` },
  };
}
