import type { Actor, Core } from '../core';
import { notFound } from '../errors';
import { keysetPage, type PageRequest } from '../pagination';
import type { spacesModule } from '../spaces';
import type { changeRequestsModule } from '../change-requests';
import { childrenIndex, loadState, pageData, pathsOf } from './state';
import { invalid } from '../errors';
import { capabilityUrl } from '../capability';
import { presentFile, presentPage, presentPages, presentRevision, type File, type PageFormat } from './present';
import { shownMarkdown } from './computed-page';

type Spaces = ReturnType<typeof spacesModule>;
type ChangeRequests = ReturnType<typeof changeRequestsModule>;

/** Which content a read is about: a space's current content, or a change request's. */
export interface ContentRoot {
  spaceId: string;
  changeRequest?: string;
}

/** Reads of content, the same at the space root and the change-request root. */
export function contentReadsModule(core: Core, spaces: Spaces, changeRequests: ChangeRequests) {
  function revisionOf(actor: Actor, root: ContentRoot): { spaceId: string; revisionId: string } {
    if (root.changeRequest) {
      const { cr } = changeRequests.resolve(actor, root.spaceId, root.changeRequest);
      return { spaceId: root.spaceId, revisionId: cr.revision_id };
    }
    return { spaceId: root.spaceId, revisionId: spaces.visible(actor, root.spaceId).revision_id };
  }

  function pageIn(actor: Actor, root: ContentRoot, find: (paths: Map<string, string>) => string | undefined, what: string, format: PageFormat, computed: boolean) {
    const { spaceId, revisionId } = revisionOf(actor, root);
    const state = loadState(core, revisionId);
    const paths = pathsOf(core, state);
    const id = find(paths);
    const entry = id ? state.pages.get(id) : undefined;
    if (!entry) throw notFound(`${what} not found in ${root.changeRequest ? `change request ${root.changeRequest}` : `space ${spaceId}`}`);
    return presentPage(core, spaceId, state, entry, paths, { content: true, format, computed });
  }

  return {
    revision(actor: Actor, root: ContentRoot) {
      const { spaceId, revisionId } = revisionOf(actor, root);
      return presentRevision(core, spaceId, revisionId, loadState(core, revisionId), actor.userId);
    },

    pages(actor: Actor, root: ContentRoot) {
      const { spaceId, revisionId } = revisionOf(actor, root);
      return { pages: presentPages(core, spaceId, loadState(core, revisionId)) };
    },

    page(actor: Actor, root: ContentRoot, pageId: string, format: PageFormat = 'document', computed = true) {
      return pageIn(actor, root, () => pageId, `page ${pageId}`, format, computed);
    },

    pageByPath(actor: Actor, root: ContentRoot, path: string, format: PageFormat = 'document', computed = true) {
      const wanted = path.replace(/^\/+|\/+$/g, '');
      return pageIn(actor, root, (paths) => [...paths].find(([, p]) => p === wanted)?.[0], `page at path ${wanted}`, format, computed);
    },

    files(actor: Actor, root: ContentRoot, page: PageRequest) {
      const { spaceId, revisionId } = revisionOf(actor, root);
      return keysetPage<{ file_id: string; name: string; content_type: string; blob_id: string; width: number | null; height: number | null }, File>(core, {
        listing: 'files',
        from: 'revision_files',
        columns: '*',
        where: ['revision_id = ?'],
        args: [revisionId],
        orderBy: ['name', 'file_id'],
        direction: 'asc',
        keyOf: (r) => [r.name, r.file_id],
        present: (r) => presentFile(core, spaceId, { id: r.file_id, name: r.name, contentType: r.content_type, blobId: r.blob_id, width: r.width, height: r.height }, actor.userId),
      }, page);
    },

    file(actor: Actor, root: ContentRoot, fileId: string) {
      const { spaceId, revisionId } = revisionOf(actor, root);
      const file = loadState(core, revisionId).files.get(fileId);
      if (!file) throw notFound(`file ${fileId} not found`);
      return presentFile(core, spaceId, file, actor.userId);
    },

    /**
     * Where to get a PDF of the content (all pages, or with `only` just `page`): a URL of this instance
     * pinned to the current revision, so it keeps describing what was asked for.
     */
    pdfUrl(actor: Actor, root: ContentRoot, options: { only?: boolean; page?: string } = {}) {
      const { spaceId, revisionId } = revisionOf(actor, root);
      if (options.only && !options.page) throw invalid('page: is required with only=true');
      if (options.page && !loadState(core, revisionId).pages.has(options.page)) throw invalid(`page: no page ${options.page} in this content`);
      const query = { revision: revisionId, ...(options.only && options.page ? { page: options.page } : {}) };
      return { url: capabilityUrl(core, `/v1/spaces/${spaceId}/pdf/download`, actor.userId, query) };
    },

    /** The PDF itself: every page in tree order (or one page), rendered with pdf-lib. */
    async pdf(actor: Actor, spaceId: string, options: { revision?: string; page?: string }): Promise<{ contentType: string; bytes: Buffer }> {
      const space = spaces.visible(actor, spaceId);
      const revisionId = options.revision ?? space.revision_id;
      if (!core.get('SELECT 1 FROM revisions WHERE id = ? AND space_id = ?', [revisionId, spaceId])) throw notFound(`revision ${revisionId} not found in space ${spaceId}`);
      const state = loadState(core, revisionId);
      const ordered: string[] = [];
      const children = childrenIndex(state);
      const walk = (parent: string | null) => children.get(parent)?.forEach((p) => { ordered.push(p.id); walk(p.id); });
      walk(null);
      const ids = options.page ? [options.page] : ordered;
      if (options.page && !state.pages.has(options.page)) throw notFound(`page ${options.page} not found`);
      const pages = ids.map((id) => pageData(core, state.pages.get(id)!.versionId)).map((d) => ({ title: d.title, markdown: shownMarkdown(core, spaceId, d) }));
      // pdf-lib is large: it loads only when a PDF is asked for.
      const { renderPdf } = await import('./pdf');
      return { contentType: 'application/pdf', bytes: await renderPdf(space.title, pages) };
    },

    /** The bytes of a file of the space: from its current content, or any change request's. */
    download(actor: Actor, spaceId: string, fileId: string): { contentType: string; bytes: Buffer; name: string } {
      spaces.visible(actor, spaceId);
      const row = core.get<{ content_type: string; name: string; bytes: Buffer }>(
        `SELECT f.content_type, f.name, b.bytes FROM revision_files f JOIN revisions r ON r.id = f.revision_id JOIN blobs b ON b.id = f.blob_id
         WHERE r.space_id = ? AND f.file_id = ? LIMIT 1`,
        [spaceId, fileId],
      );
      if (!row) throw notFound(`file ${fileId} not found in space ${spaceId}`);
      return { contentType: row.content_type, bytes: row.bytes, name: row.name };
    },
  };
}
