import type { Actor, Core } from '../../core';
import { conflict, locked } from '../../errors';
import type { spacesModule, SpaceRow } from '../../spaces';
import type { changeRequestsModule } from '../../change-requests';
import { applyChanges } from '../batch';
import { writeFilesAhead, type FilesAhead } from '../file-bytes';
import { loadState, saveRevision } from '../state';
import { setSpaceRevision } from '../space-revision';
import { fileChange, pageChanges, placeAtRoot } from './changes';
import { importLimits } from '../../../domain/import-limits';
import type { ImportContent } from './content';
import type { ImportSource } from '../../../domain/import-sources';

export interface ImportInput {
  url: string;
  source: ImportSource;
}

export interface ImportResult {
  revision: string;
  importedResources: number;
  totalResources: number;
}

/** Where an import goes: the space's content, or a change request's (by id or number). */
export interface ImportTarget {
  spaceId: string;
  changeRequest?: string;
}

/** The import's files as one `insert_files` change (`fileChange`), already in the file store (`ahead`), if it has any. */
type ImportFiles = (NonNullable<Awaited<ReturnType<typeof fileChange>>> & { ahead?: FilesAhead }) | undefined;

/**
 * Content import from a URL (website crawl, html, markdown, zip, docx) into a space or a change
 * request. Fetching and converting happen first, outside any transaction; then one transaction writes
 * the new revision, so a failure anywhere leaves the database as it was.
 */
export function importModule(core: Core, spaces: ReturnType<typeof spacesModule>, changeRequests: ReturnType<typeof changeRequestsModule>) {
  const limits = importLimits({ ...core.importLimits, maxFileBytes: core.maxFileSize });

  async function writableSpace(actor: Actor, spaceId: string): Promise<SpaceRow> {
    const space = await spaces.visible(actor, spaceId);
    spaces.requireRank(space, 3, 'import content into this space');
    if (space.edit_mode === 'locked') throw locked(`space ${spaceId} is locked: importing content is not allowed until its edit mode is live`);
    return space;
  }

  /** The checks of the write, made before fetching too: nobody makes the server fetch for nothing. */
  async function precheck(actor: Actor, target: ImportTarget): Promise<void> {
    if (target.changeRequest === undefined) {
      await writableSpace(actor, target.spaceId);
      return;
    }
    const { space, cr } = await changeRequests.resolve(actor, target.spaceId, target.changeRequest);
    spaces.requireRank(space, 3, 'import content into change requests of this space');
    if (space.edit_mode === 'locked') throw locked(`space ${space.id} is locked: importing content is not allowed until its edit mode is live`);
    if (cr.status === 'merged' || cr.status === 'archived') throw conflict(`change request #${cr.number} is ${cr.status}: importing content is not allowed`);
  }

  /** A new revision of the space with the imported pages appended at its root, made current. */
  async function intoSpace(actor: Actor, spaceId: string, content: ImportContent, files: ImportFiles): Promise<string> {
    const space = await writableSpace(actor, spaceId);
    const state = await loadState(core, space.revision_id);
    const placed = await placeAtRoot(core, state, content);
    const inserted = files ? (await applyChanges(core, state, [files.change], spaceId, files.ahead)).insertedFiles : [];
    await applyChanges(core, state, pageChanges(placed, new Map(inserted.map((f, i) => [files!.paths[i], f.id]))), spaceId);
    const revision = await saveRevision(core, spaceId, state, { parents: [space.revision_id], type: 'edits', createdBy: actor.userId });
    await setSpaceRevision(core, spaceId, revision, core.now());
    return revision;
  }

  /**
   * The change request's write batches, as `content push` sends them: the files first (pages link to
   * them by the ids this gives), then the pages; the importer becomes a contributor.
   */
  async function intoChangeRequest(actor: Actor, spaceId: string, ref: string, content: ImportContent, files: ImportFiles): Promise<string> {
    const { cr } = await changeRequests.resolve(actor, spaceId, ref);
    const placed = await placeAtRoot(core, await loadState(core, cr.revision_id), content);
    const fileIds = new Map<string, string>();
    let revision = cr.revision_id;
    if (files) {
      const written = await changeRequests.write(actor, spaceId, cr.id, [files.change], files.ahead);
      written.insertedFiles.forEach((f, i) => fileIds.set(files.paths[i], f.id));
      revision = written.changeRequest.revision;
    }
    const changes = pageChanges(placed, fileIds);
    if (changes.length || !files) revision = (await changeRequests.write(actor, spaceId, cr.id, changes)).changeRequest.revision;
    return revision;
  }

  return {
    /** The import limits this engine applies. */
    limits,

    async importContent(actor: Actor, target: ImportTarget, input: ImportInput): Promise<ImportResult> {
      await precheck(actor, target);
      // The fetching and converting code (undici, turndown, mammoth, jszip) loads only for an import.
      const { collect } = await import('./sources');
      const content = await collect(input.url, input.source, limits);
      // The files to the file store before the transaction (S3: a round trip or two each), which then names them.
      const change = await fileChange(content.tree);
      const files = change && { ...change, ahead: await writeFilesAhead(core, [change.change]) };
      const revision = await core.write(async () =>
        target.changeRequest === undefined
          ? await intoSpace(actor, target.spaceId, content, files)
          : await intoChangeRequest(actor, target.spaceId, target.changeRequest, content, files),
      );
      return { revision, importedResources: content.importedResources, totalResources: content.totalResources };
    },
  };
}
