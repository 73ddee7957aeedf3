import type { Core } from '../core';
import { childrenIndex, pageData, pathsOf, sha256, type FileEntry, type PageData, type PageEntry, type ReusableEntry, type RevisionState } from '../content/state';
import { presentFile } from '../content/present';
import { mapInOrder } from '../in-order';
import type { Comparison } from './compare';
import { unifiedDiff } from './unified-diff';
import { MAX_DIFF_CHARS, MAX_DIFF_EDITS, MAX_DIFF_LINES } from './limits';

/** A page as a comparison names it (the platform's ChangedRevisionPage): in the revision that holds it. */
export interface PageRef {
  id: string;
  type: 'document' | 'group' | 'link' | 'computed';
  title: string;
  path: string;
}

const typeOf = (data: PageData): PageRef['type'] => (data.computed ? 'computed' : data.type);

/** Names the pages of one revision state: their type, title and path there. */
export function describer(core: Core, state: RevisionState) {
  let paths: Promise<Map<string, string>> | undefined;
  let positions: Map<string, number> | undefined;
  return {
    async ref(pageId: string): Promise<PageRef> {
      const entry = state.pages.get(pageId)!;
      const data = await pageData(core, entry.versionId);
      paths ??= pathsOf(core, state);
      return { id: pageId, type: typeOf(data), title: data.title, path: (await paths).get(pageId) ?? data.slug };
    },
    /** A page's index among its siblings. */
    position(pageId: string): number {
      if (!positions) {
        positions = new Map();
        for (const siblings of childrenIndex(state).values()) siblings.forEach((p, i) => positions!.set(p.id, i));
      }
      return positions.get(pageId) ?? 0;
    },
  };
}

type Describer = ReturnType<typeof describer>;

type Attributes = Record<string, { before?: unknown; after?: unknown }>;

/** The platform's RevisionSemanticChange (the kinds docsctl's content has). */
export interface SemanticChange {
  type: 'page_created' | 'page_edited' | 'page_deleted' | 'page_moved' | 'file_created' | 'file_edited' | 'file_deleted'
    | 'reusable_content_created' | 'reusable_content_edited' | 'reusable_content_deleted';
  page?: PageRef;
  parent?: { before?: PageRef; after?: PageRef };
  file?: { id: string; name: string; contentType: string; downloadURL: string };
  reusableContent?: { id: string; title: string; document: string };
  attributes?: Attributes;
}

/** What differs between two versions of a page's data, as the platform's change attributes (`{ before, after }`). */
function attributeChanges(before: PageData, after: PageData, versions: { before: string; after: string }) {
  const attributes: Attributes = {};
  const text = (name: string, a: string | undefined, b: string | undefined) => {
    if ((a ?? '') !== (b ?? '')) attributes[name] = { ...(a !== undefined && a !== '' ? { before: a } : {}), ...(b !== undefined && b !== '' ? { after: b } : {}) };
  };
  text('title', before.title, after.title);
  text('emoji', before.emoji, after.emoji);
  if (after.type === 'link') {
    if (before.href !== after.href) {
      attributes.target = { ...(before.href ? { before: { kind: 'url', url: before.href } } : {}), ...(after.href ? { after: { kind: 'url', url: after.href } } : {}) };
    }
    return attributes;
  }
  text('slug', before.slug, after.slug);
  if (after.type === 'group') return attributes;
  text('description', before.description, after.description);
  // A document page's `documentId` is the id of its stored version, which any change of the page's data
  // changes (and which tells the platform's three kinds of attributes apart).
  if (versions.before !== versions.after) attributes.document = { before: versions.before, after: versions.after };
  return attributes;
}

const changedFile = async (core: Core, spaceId: string, file: FileEntry, viewerId: string) => {
  const shown = await presentFile(core, spaceId, file, viewerId);
  return { id: shown.id, name: shown.name, contentType: shown.contentType, downloadURL: shown.downloadURL };
};

/** A file's size in bytes (0 when its blob is missing). */
const blobSize = async (core: Core, file: FileEntry) => (await core.get<{ size: number }>('SELECT size FROM blobs WHERE id = ?', [file.blobId]))?.size ?? 0;

const changedReusable = (entry: ReusableEntry) => ({ id: entry.id, title: entry.title, document: sha256(entry.markdown) });

/**
 * The platform's semantic changes (RevisionSemanticChange) between two states: pages created, edited,
 * moved (in the tree order of `after`), deleted (in the tree order of `before`), then files and reusable
 * contents. A group or link page's edit the platform has no attribute for (its `hidden`) is not listed.
 */
export async function semanticChanges(core: Core, spaceId: string, viewerId: string, before: RevisionState, after: RevisionState, c: Comparison) {
  const was = describer(core, before);
  const now = describer(core, after);
  const changes: SemanticChange[] = [];
  const edited = new Map(c.pages.edited.map((e) => [e.after.id, e]));
  const moved = new Map(c.pages.moved.map((m) => [m.after.id, m]));
  for (const page of c.pages.added) changes.push({ type: 'page_created', page: await now.ref(page.id) });
  for (const [id, e] of edited) {
    const attributes = attributeChanges(await pageData(core, e.before.versionId), await pageData(core, e.after.versionId), { before: e.before.versionId, after: e.after.versionId });
    if (Object.keys(attributes).length) changes.push({ type: 'page_edited', page: await now.ref(id), attributes });
  }
  for (const [id, m] of moved) {
    const parent = {
      ...(m.before.parent ? { before: await was.ref(m.before.parent) } : {}),
      ...(m.after.parent ? { after: await now.ref(m.after.parent) } : {}),
    };
    changes.push({ type: 'page_moved', page: await now.ref(id), parent });
  }
  for (const page of c.pages.removed) changes.push({ type: 'page_deleted', page: await was.ref(page.id) });
  for (const file of c.files.added) changes.push({ type: 'file_created', file: await changedFile(core, spaceId, file, viewerId) });
  for (const { before: b, after: a } of c.files.changed) {
    const attributes: Attributes = {};
    if (b.name !== a.name) attributes.name = { before: b.name, after: a.name };
    if (b.contentType !== a.contentType) attributes.contentType = { before: b.contentType, after: a.contentType };
    if (b.blobId !== a.blobId) {
      attributes.size = { before: await blobSize(core, b), after: await blobSize(core, a) };
    }
    if (Object.keys(attributes).length) changes.push({ type: 'file_edited', file: await changedFile(core, spaceId, a, viewerId), attributes });
  }
  for (const file of c.files.removed) changes.push({ type: 'file_deleted', file: await changedFile(core, spaceId, file, viewerId) });
  for (const entry of c.reusables.added) changes.push({ type: 'reusable_content_created', reusableContent: changedReusable(entry) });
  for (const { before: b, after: a } of c.reusables.changed) {
    const attributes: Attributes = {};
    if (b.title !== a.title) attributes.title = { before: b.title, after: a.title };
    // A reusable content's document id is the SHA-256 of its text (as the revision shows it).
    if (b.markdown !== a.markdown) attributes.document = { before: sha256(b.markdown), after: sha256(a.markdown) };
    if (Object.keys(attributes).length) changes.push({ type: 'reusable_content_edited', reusableContent: changedReusable(a), attributes });
  }
  for (const entry of c.reusables.removed) changes.push({ type: 'reusable_content_deleted', reusableContent: changedReusable(entry) });
  return changes;
}

const DIFF_BOUND = `one comparison shows at most ${MAX_DIFF_CHARS / 1024 / 1024} MiB of diffs`;

/** How much diff text a comparison may still answer; pages past it are listed without theirs. */
class DiffBudget {
  left = MAX_DIFF_CHARS;
  omitted = 0;

  /** The unified diff of two texts with its headers, or why it is left out. */
  diff(before: string, after: string, pathBefore: string, pathAfter: string) {
    if (this.left <= 0) {
      this.omitted++;
      return { omitted: `left out: ${DIFF_BOUND}` };
    }
    const tooLong = Math.max(before.split('\n').length, after.split('\n').length) > MAX_DIFF_LINES;
    const d = unifiedDiff(before, after, { maxEdits: tooLong ? 0 : MAX_DIFF_EDITS });
    const text = d.hunks ? `--- a/${pathBefore}\n+++ b/${pathAfter}\n${d.hunks}` : '';
    const lines = { added: d.added, removed: d.removed };
    if (text.length > this.left) {
      this.left = 0;
      this.omitted++;
      return { lines, omitted: `left out: ${DIFF_BOUND}` };
    }
    this.left -= text.length;
    return {
      lines,
      ...(text ? { diff: text } : {}),
      ...(d.minimal ? {} : { note: `more than ${MAX_DIFF_EDITS} lines changed${tooLong ? ` or longer than ${MAX_DIFF_LINES} lines` : ''}: the part that differs is shown replaced whole` }),
    };
  }
}

async function fileOf(core: Core, file: FileEntry) {
  return { id: file.id, name: file.name, contentType: file.contentType, size: await blobSize(core, file), sha256: file.blobId, ...(file.gitPath !== null ? { git: { path: file.gitPath } } : {}) };
}

/** What a page's place is in one revision: its parent (a page, or null at the root), its path and its index among its siblings. */
async function placeOf(d: Describer, page: PageEntry) {
  return { parent: page.parent ? await d.ref(page.parent) : null, path: (await d.ref(page.id)).path, position: d.position(page.id) };
}

/**
 * docsctl's comparison of two states (`content diff`, `cr diff`): pages added, removed, moved and changed,
 * with a unified diff of each changed page's markdown (as stored: the markdown `format=markdown` reads),
 * and files and reusable contents added, removed and changed. Bounded: see DiffBudget.
 */
export async function contentDiff(core: Core, before: RevisionState, after: RevisionState, c: Comparison) {
  const was = describer(core, before);
  const now = describer(core, after);
  const budget = new DiffBudget();
  const changed = await mapInOrder(c.pages.edited, async (e) => {
    const [a, b] = [await pageData(core, e.before.versionId), await pageData(core, e.after.versionId)];
    const [refBefore, refAfter] = [await was.ref(e.before.id), await now.ref(e.after.id)];
    const attributes = attributeChanges(a, b, { before: e.before.versionId, after: e.after.versionId });
    delete attributes.document;
    if (refBefore.path !== refAfter.path) attributes.path = { before: refBefore.path, after: refAfter.path };
    if (a.hidden !== b.hidden) attributes.hidden = { before: a.hidden, after: b.hidden };
    if ((a.git?.path ?? '') !== (b.git?.path ?? '')) attributes.gitPath = { ...(a.git ? { before: a.git.path } : {}), ...(b.git ? { after: b.git.path } : {}) };
    const hasText = b.type === 'document' || a.type === 'document';
    return { ...refAfter, attributes, ...(hasText && a.markdown !== b.markdown ? budget.diff(a.markdown, b.markdown, refBefore.path, refAfter.path) : {}) };
  });
  const reusablesChanged = c.reusables.changed.map(({ before: a, after: b }) => ({
    id: b.id,
    title: b.title,
    ...(a.title !== b.title ? { titleBefore: a.title } : {}),
    ...(a.markdown !== b.markdown ? budget.diff(a.markdown, b.markdown, `reusable-contents/${a.id}`, `reusable-contents/${b.id}`) : {}),
  }));
  return {
    pages: {
      added: await mapInOrder(c.pages.added, async (p) => await now.ref(p.id)),
      removed: await mapInOrder(c.pages.removed, async (p) => await was.ref(p.id)),
      moved: await mapInOrder(c.pages.moved, async (m) => ({ ...await now.ref(m.after.id), from: await placeOf(was, m.before), to: await placeOf(now, m.after) })),
      changed,
    },
    files: {
      added: await mapInOrder(c.files.added, async (f) => await fileOf(core, f)),
      removed: await mapInOrder(c.files.removed, async (f) => await fileOf(core, f)),
      changed: await mapInOrder(c.files.changed, async ({ after: f }) => await fileOf(core, f)),
    },
    reusableContents: {
      added: c.reusables.added.map(changedReusable),
      removed: c.reusables.removed.map(changedReusable),
      changed: reusablesChanged,
    },
    ...(budget.omitted ? { truncated: `${budget.omitted} diff(s) left out: ${DIFF_BOUND}` } : {}),
  };
}
