import type { Core } from '../core';
import { capabilityUrl } from '../capability';
import { pageDocument } from '../../markdown/document/from-markdown';
import { childrenIndex, childrenOf, pageData, pathsOf, type FileEntry, type PageData, type PageEntry, type RevisionState } from './state';
import { shownMarkdown } from './computed-page';
import type { PageComputed } from '../../domain/content-change';
import { mapInOrder } from '../in-order';

export type PageFormat = 'markdown' | 'document';

/** SQLite's BINARY collation: the UTF-8 bytes compared. */
const compare = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

const LAYOUT = { cover: true, title: true, description: true, tableOfContents: true, outline: true, pagination: true };

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

export interface Page {
  object: 'page';
  id: string;
  title: string;
  emoji?: string;
  type: string;
  slug: string;
  path: string;
  description: string;
  documentId: string;
  createdAt: string;
  updatedAt: string;
  hidden: boolean;
  noIndex: boolean;
  noRobotsIndex: boolean;
  layout: typeof LAYOUT;
  urls: { app: string };
  href?: string;
  /** The file Git Sync keeps the page in, as the platform's pages carry it. */
  git?: { path: string };
  computed?: PageComputed;
  markdown?: string;
  document?: ReturnType<typeof pageDocument>;
  pages: Page[];
}

/** A page's content in the asked format; a computed page's is generated unless `computed` is false. */
async function contentOf(core: Core, spaceId: string, data: PageData, options: PageOptions) {
  const markdown = options.computed !== false ? await shownMarkdown(core, spaceId, data) : data.markdown;
  return options.format === 'document' ? { document: pageDocument(markdown) } : { markdown };
}

export async function presentPage(core: Core, spaceId: string, state: RevisionState, entry: PageEntry, paths: Map<string, string>, options: PageOptions = {}): Promise<Page> {
  const data = await pageData(core, entry.versionId);
  const path = paths.get(entry.id) ?? data.slug;
  return {
    object: 'page',
    id: entry.id,
    title: data.title,
    ...(data.emoji ? { emoji: data.emoji } : {}),
    type: data.type,
    slug: data.slug,
    path,
    description: data.description ?? '',
    documentId: entry.versionId,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    hidden: data.hidden,
    noIndex: false,
    noRobotsIndex: false,
    layout: LAYOUT,
    urls: { app: core.appUrl(`/s/${spaceId}/${path}`) },
    ...(data.href ? { href: data.href } : {}),
    ...(data.git ? { git: data.git } : {}),
    ...(data.computed ? { computed: data.computed } : {}),
    ...(options.content ? await contentOf(core, spaceId, data, options) : {}),
    pages: await mapInOrder(options.children?.get(entry.id) ?? (options.children ? [] : childrenOf(state, entry.id)), async (child) =>
      await presentPage(core, spaceId, state, child, paths, { format: options.format, children: options.children }),
    ),
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
    reusableContents: [] as never[],
    createdAt: row.created_at,
    type: row.type,
    urls: { app: core.appUrl(`/s/${spaceId}/~/revisions/${revisionId}`), published: `${core.publicUrl}/s/${spaceId}`, public: `${core.publicUrl}/s/${spaceId}` },
  };
}
