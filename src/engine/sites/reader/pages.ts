import type { Core } from '../../core';
import { childrenIndex, loadState, pageData, pathsOf, type PageData, type PageEntry, type RevisionState } from '../../content/state';
import { shownMarkdown } from '../../content/computed-page';
import { revisionIndex } from '../../content/link-analysis';
import { blobInfo } from '../../content/blob-store';
import { blobBytes } from '../../content/reads';
import type { RevisionIndex } from '../../content/link-targets';
import { BoundedCache } from '../../bounded-cache';

/** A page of a published space's table of contents. */
export interface TocPage {
  id: string;
  title: string;
  emoji?: string;
  /** Its path in the space (slugs joined with '/'). */
  path: string;
  type: PageData['type'];
  /** A link page's target. */
  href?: string;
  hidden: boolean;
  children: TocPage[];
}

/** A space's published content: its page tree and what finds a page by path or by its Git Sync file. */
export interface PublishedSpace {
  spaceId: string;
  revisionId: string;
  state: RevisionState;
  /** The top-level pages, hidden ones included (the reader leaves them out of navigation). */
  pages: TocPage[];
  byPath: Map<string, TocPage>;
  byId: Map<string, TocPage>;
  /** Document pages in reading order (hidden ones left out): previous and next. */
  readingOrder: TocPage[];
  /** What resolves the links of its pages, as `docsctl links` does (content/link-targets.ts). */
  index: RevisionIndex;
}

/** A reader resolves links to headings without checking them: their ids are the renderer's. */
const NO_ANCHORS = new Map<string, string>();

/** Revisions read and kept by a reader (a revision never changes, so a kept one is never stale). */
const KEPT_REVISIONS = 32;

/**
 * The reader's published spaces: each space's current revision, read once per revision and kept (the
 * last KEPT_REVISIONS), so a page view reads one row to learn the revision and nothing else of it.
 */
export function publishedSpaces(core: Core) {
  const kept = new BoundedCache<string, PublishedSpace>(KEPT_REVISIONS);
  // Undefined for a deleted or unknown space. Its revision is remembered until the organization's next write.
  return async (spaceId: string, organizationId: string): Promise<PublishedSpace | undefined> => {
    const row = await core.remember(`space-revision:${spaceId}`, async () =>
      await core.get<{ revision_id: string }>('SELECT revision_id FROM spaces WHERE id = ? AND deleted_at IS NULL', [spaceId]), organizationId);
    if (!row) return undefined;
    return await kept.getOrMake(row.revision_id, async () => await readRevision(core, spaceId, row.revision_id));
  };
}

/** A revision of a space as a reader shows it. */
async function readRevision(core: Core, spaceId: string, revisionId: string): Promise<PublishedSpace> {
  const state = await loadState(core, revisionId);
  const paths = await pathsOf(core, state);
  const children = childrenIndex(state);
  const byPath = new Map<string, TocPage>();
  const byId = new Map<string, TocPage>();
  const readingOrder: TocPage[] = [];
  const build = async (entry: PageEntry, hiddenAbove: boolean): Promise<TocPage> => {
    const data = await pageData(core, entry.versionId);
    const hidden = hiddenAbove || data.hidden;
    const page: TocPage = {
      id: entry.id,
      title: data.title,
      ...(data.emoji ? { emoji: data.emoji } : {}),
      path: paths.get(entry.id)!,
      type: data.type,
      ...(data.href ? { href: data.href } : {}),
      hidden,
      children: [],
    };
    byPath.set(page.path, page);
    byId.set(page.id, page);
    if (page.type === 'document' && !hidden) readingOrder.push(page);
    for (const child of children.get(entry.id) ?? []) page.children.push(await build(child, hidden));
    return page;
  };
  const pages: TocPage[] = [];
  for (const entry of children.get(null) ?? []) pages.push(await build(entry, false));
  const { index } = await revisionIndex(core, state, paths, async () => NO_ANCHORS);
  return { spaceId, revisionId, state, pages, byPath, byId, readingOrder, index };
}

/** A page's markdown as published: a computed page's generated from its spec. */
export async function publishedMarkdown(core: Core, space: PublishedSpace, pageId: string): Promise<{ data: PageData; markdown: string }> {
  const data = await pageData(core, space.state.pages.get(pageId)!.versionId);
  return { data, markdown: await shownMarkdown(core, space.spaceId, data) };
}

/** A file of a published space's current content, with its bytes to send; undefined when it has none of that id. */
export async function publishedFile(core: Core, space: PublishedSpace, fileId: string) {
  const file = space.state.files.get(fileId);
  if (!file) return undefined;
  const blob = await blobInfo(core, file.blobId);
  if (!blob) return undefined;
  return { contentType: file.contentType, name: file.name, ...(await blobBytes(core, blob)) };
}
