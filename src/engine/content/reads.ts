import type { Actor, Core } from '../core';
import { notFound } from '../errors';
import { keysetPage, type PageRequest } from '../pagination';
import type { spacesModule } from '../spaces';
import type { changeRequestsModule } from '../change-requests';
import { childrenIndex, loadState, pageData, pathsOf, reusableOf, type ReusableRow, type RevisionState } from './state';
import { invalid } from '../errors';
import { capabilityUrl } from '../capability';
import { presentFile, presentPage, presentPages, presentReusableContent, presentRevision, type File, type PageFormat, type ReusableContent } from './present';
import { shownMarkdown } from './computed-page';
import { mapInOrder } from '../in-order';
import { blobChunks, blobHead, IN_FILE_STORE, type BlobInfo, type SizedStream } from './blob-store';
import type { PresignedFile } from './file-store';
import type { Paper } from '../../domain/pdf-paper';

type Spaces = ReturnType<typeof spacesModule>;
type ChangeRequests = ReturnType<typeof changeRequestsModule>;

/** Which content a read is about: a space's current content, or a change request's. */
export interface ContentRoot {
  spaceId: string;
  changeRequest?: string;
}

/** Reads of content, the same at the space root and the change-request root. */
export function contentReadsModule(core: Core, spaces: Spaces, changeRequests: ChangeRequests) {
  async function revisionOf(actor: Actor, root: ContentRoot): Promise<{ spaceId: string; revisionId: string }> {
    if (root.changeRequest) {
      const { cr } = await changeRequests.resolve(actor, root.spaceId, root.changeRequest);
      return { spaceId: root.spaceId, revisionId: cr.revision_id };
    }
    return { spaceId: root.spaceId, revisionId: (await spaces.visible(actor, root.spaceId)).revision_id };
  }

  /**
   * A revision's pages and their paths, to read one page: a revision never changes once written, so
   * both are kept (as page versions are) instead of loaded again for every page read, which made
   * reading every page of a space grow with the square of its size. Never changed by a caller.
   */
  function readRevision(revisionId: string): Promise<{ state: RevisionState; paths: Map<string, string> }> {
    return core.immutable(`revision-read:${revisionId}`, async () => {
      const state = await loadState(core, revisionId);
      return { state, paths: await pathsOf(core, state) };
    });
  }

  async function pageIn(actor: Actor, root: ContentRoot, find: (paths: Map<string, string>) => string | undefined, what: string, format: PageFormat, computed: boolean) {
    const { spaceId, revisionId } = await revisionOf(actor, root);
    const { state, paths } = await readRevision(revisionId);
    const id = find(paths);
    const entry = id ? state.pages.get(id) : undefined;
    if (!entry) throw notFound(`${what} not found in ${root.changeRequest ? `change request ${root.changeRequest}` : `space ${spaceId}`}`);
    return await presentPage(core, spaceId, state, entry, paths, { content: true, format, computed });
  }

  return {
    async revision(actor: Actor, root: ContentRoot) {
      const { spaceId, revisionId } = await revisionOf(actor, root);
      const revision = await presentRevision(core, spaceId, revisionId, await loadState(core, revisionId), actor.userId);
      // A merge names the change request it merged, as the platform's merge revisions do.
      const merged = revision.type === 'merge' ? (await core.get<{ cr: string | null }>('SELECT change_request_id AS cr FROM revisions WHERE id = ?', [revisionId]))?.cr : null;
      return merged ? { ...revision, mergedFrom: await changeRequests.get(actor, spaceId, merged) } : revision;
    },

    async pages(actor: Actor, root: ContentRoot) {
      const { spaceId, revisionId } = await revisionOf(actor, root);
      return { pages: await presentPages(core, spaceId, await loadState(core, revisionId)) };
    },

    async page(actor: Actor, root: ContentRoot, pageId: string, format: PageFormat = 'document', computed = true) {
      return await pageIn(actor, root, () => pageId, `page ${pageId}`, format, computed);
    },

    async pageByPath(actor: Actor, root: ContentRoot, path: string, format: PageFormat = 'document', computed = true) {
      const wanted = path.replace(/^\/+|\/+$/g, '');
      return await pageIn(actor, root, (paths) => [...paths].find(([, p]) => p === wanted)?.[0], `page at path ${wanted}`, format, computed);
    },

    async files(actor: Actor, root: ContentRoot, page: PageRequest) {
      const { spaceId, revisionId } = await revisionOf(actor, root);
      return await keysetPage<{ file_id: string; name: string; content_type: string; blob_id: string; width: number | null; height: number | null; git_path: string | null }, File>(core, {
        listing: 'files',
        from: 'revision_files',
        columns: '*',
        where: ['revision_id = ?'],
        args: [revisionId],
        orderBy: ['name', 'file_id'],
        direction: 'asc',
        keyOf: (r) => [r.name, r.file_id],
        present: async (r) => await presentFile(core, spaceId, { id: r.file_id, name: r.name, contentType: r.content_type, blobId: r.blob_id, width: r.width, height: r.height, gitPath: r.git_path ?? null }, actor.userId),
      }, page);
    },

    /** docsctl: the reusable contents, by title then id, each with its document and its stored markdown. */
    async reusableContents(actor: Actor, root: ContentRoot, page: PageRequest) {
      const { revisionId } = await revisionOf(actor, root);
      return await keysetPage<ReusableRow, ReusableContent>(core, {
        listing: 'reusable-contents',
        from: 'revision_reusable_contents',
        columns: '*',
        where: ['revision_id = ?'],
        args: [revisionId],
        orderBy: ['title', 'reusable_id'],
        direction: 'asc',
        keyOf: (r) => [r.title, r.reusable_id],
        present: (r) => presentReusableContent(reusableOf(r)),
      }, page);
    },

    async file(actor: Actor, root: ContentRoot, fileId: string) {
      const { spaceId, revisionId } = await revisionOf(actor, root);
      const file = (await loadState(core, revisionId)).files.get(fileId);
      if (!file) throw notFound(`file ${fileId} not found`);
      return await presentFile(core, spaceId, file, actor.userId);
    },

    /**
     * Where to get a PDF of the content (all pages, or with `only` just `page`): a URL of this instance
     * pinned to the current revision, so it keeps describing what was asked for.
     */
    async pdfUrl(actor: Actor, root: ContentRoot, options: { only?: boolean; page?: string; paper?: Paper } = {}) {
      const { spaceId, revisionId } = await revisionOf(actor, root);
      if (options.only && !options.page) throw invalid('page: is required with only=true');
      if (options.page && !(await loadState(core, revisionId)).pages.has(options.page)) throw invalid(`page: no page ${options.page} in this content`);
      const query = { revision: revisionId, ...(options.only && options.page ? { page: options.page } : {}), ...(options.paper ? { paper: options.paper } : {}) };
      return { url: await capabilityUrl(core, `/v1/spaces/${spaceId}/pdf/download`, actor.userId, query) };
    },

    /** The PDF itself: every page in tree order (or one page), rendered with pdf-lib. */
    async pdf(actor: Actor, spaceId: string, options: { revision?: string; page?: string; paper?: Paper }): Promise<{ contentType: string; bytes: Buffer }> {
      const space = await spaces.visible(actor, spaceId);
      const revisionId = options.revision ?? space.revision_id;
      if (!await core.get('SELECT 1 FROM revisions WHERE id = ? AND space_id = ?', [revisionId, spaceId])) throw notFound(`revision ${revisionId} not found in space ${spaceId}`);
      const state = await loadState(core, revisionId);
      if (options.page && !state.pages.has(options.page)) throw notFound(`page ${options.page} not found`);
      const titles = new Map<string, string>();
      for (const id of options.page ? [options.page] : state.pages.keys()) {
        const data = await pageData(core, state.pages.get(id)!.versionId);
        if (data.type === 'document') titles.set(id, data.title);
      }
      // The renderer, pdf-lib and the fonts load only when a PDF is asked for.
      const { contentPdf, revisionLinks, treePages } = await import('./pdf');
      const pages = treePages(state, titles).map((p) => (options.page ? { ...p, depth: 0 } : p));
      const bytes = await contentPdf(core, space.title, [{ spaceId, state, index: await revisionLinks(core, state), pages }], options.paper);
      return { contentType: 'application/pdf', bytes };
    },

    /**
     * The bytes of a file of the space, from its current content or any change request's: inline bytes
     * as they are, a chunked blob as a stream read a chunk at a time (never whole).
     */
    async download(actor: Actor, spaceId: string, fileId: string): Promise<{ contentType: string; name: string; bytes: Buffer | SizedStream; presign?: (file: PresignedFile) => Promise<string> }> {
      await spaces.visible(actor, spaceId);
      const row = await core.get<{ content_type: string; name: string; blob_id: string; size: number; chunks: number }>(
        `SELECT f.content_type, f.name, f.blob_id, b.size, b.chunks FROM revision_files f JOIN revisions r ON r.id = f.revision_id JOIN blobs b ON b.id = f.blob_id
         WHERE r.space_id = ? AND f.file_id = ? LIMIT 1`,
        [spaceId, fileId],
      );
      if (!row) throw notFound(`file ${fileId} not found in space ${spaceId}`);
      return { contentType: row.content_type, name: row.name, ...(await blobBytes(core, { id: row.blob_id, size: row.size, chunks: row.chunks })) };
    },
  };
}

/**
 * A blob's bytes to send: inline bytes as they are, a chunked blob as a stream read a chunk at a time
 * (never whole), an object of the file store streamed, or with `serve --files-presign` a URL of the
 * store the answer redirects to.
 */
export async function blobBytes(core: Core, blob: BlobInfo): Promise<{ bytes: Buffer | SizedStream; presign?: (file: PresignedFile) => Promise<string> }> {
  if (blob.chunks === IN_FILE_STORE) {
    // serve --files-presign: the client fetches the bytes from the store itself (the server answers a redirect).
    const files = core.files;
    if (files?.presignSeconds && files.presign) return { bytes: { size: blob.size, chunks: blobChunks(core, blob) }, presign: (file) => files.presign!(blob.id, file) };
    // The first piece before the answer begins: an object missing from the store is an error, not a cut-off 200.
    return { bytes: { size: blob.size, chunks: await primed(blobChunks(core, blob)) } };
  }
  return { bytes: blob.chunks === 0 ? await blobHead(core, blob) : { size: blob.size, chunks: blobChunks(core, blob) } };
}

/** `chunks` with its first piece already read (its failure thrown here), the rest as they come. */
async function primed(chunks: AsyncGenerator<Buffer>): Promise<AsyncGenerator<Buffer>> {
  const first = await chunks.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* chunks;
  })();
}
