import type { Actor, Core } from '../../core';
import { conflict, locked } from '../../errors';
import type { spacesModule, SpaceRow } from '../../spaces';
import type { changeRequestsModule } from '../../change-requests';
import { applyChanges } from '../batch';
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

/**
 * Content import from a URL (website crawl, html, markdown, zip, docx) into a space or a change
 * request. Fetching and converting happen first, outside any transaction; then one transaction writes
 * the new revision, so a failure anywhere leaves the database as it was.
 */
export function importModule(core: Core, spaces: ReturnType<typeof spacesModule>, changeRequests: ReturnType<typeof changeRequestsModule>) {
  const limits = importLimits(core.importLimits);

  function writableSpace(actor: Actor, spaceId: string): SpaceRow {
    const space = spaces.visible(actor, spaceId);
    spaces.requireRank(space, 3, 'import content into this space');
    if (space.edit_mode === 'locked') throw locked(`space ${spaceId} is locked: importing content is not allowed until its edit mode is live`);
    return space;
  }

  /** The checks of the write, made before fetching too: nobody makes the server fetch for nothing. */
  function precheck(actor: Actor, target: ImportTarget): void {
    if (target.changeRequest === undefined) {
      writableSpace(actor, target.spaceId);
      return;
    }
    const { space, cr } = changeRequests.resolve(actor, target.spaceId, target.changeRequest);
    spaces.requireRank(space, 3, 'import content into change requests of this space');
    if (space.edit_mode === 'locked') throw locked(`space ${space.id} is locked: importing content is not allowed until its edit mode is live`);
    if (cr.status === 'merged' || cr.status === 'archived') throw conflict(`change request #${cr.number} is ${cr.status}: importing content is not allowed`);
  }

  /** A new revision of the space with the imported pages appended at its root, made current. */
  function intoSpace(actor: Actor, spaceId: string, content: ImportContent): string {
    const space = writableSpace(actor, spaceId);
    const state = loadState(core, space.revision_id);
    const placed = placeAtRoot(core, state, content);
    const files = fileChange(placed.tree);
    const inserted = files ? applyChanges(core, state, [files]).insertedFiles : [];
    applyChanges(core, state, pageChanges(placed, new Map(inserted.map((f) => [f.name, f.id]))));
    const revision = saveRevision(core, spaceId, state, [space.revision_id], 'edits');
    setSpaceRevision(core, spaceId, revision, core.now());
    return revision;
  }

  /**
   * The change request's write batches, as `content push` sends them: the files first (pages link to
   * them by the ids this gives), then the pages; the importer becomes a contributor.
   */
  function intoChangeRequest(actor: Actor, spaceId: string, ref: string, content: ImportContent): string {
    const { cr } = changeRequests.resolve(actor, spaceId, ref);
    const placed = placeAtRoot(core, loadState(core, cr.revision_id), content);
    const files = fileChange(placed.tree);
    const fileIds = new Map<string, string>();
    let revision = cr.revision_id;
    if (files) {
      const written = changeRequests.write(actor, spaceId, cr.id, [files]);
      written.insertedFiles.forEach((f) => fileIds.set(f.name, f.id));
      revision = written.changeRequest.revision;
    }
    const changes = pageChanges(placed, fileIds);
    if (changes.length || !files) revision = changeRequests.write(actor, spaceId, cr.id, changes).changeRequest.revision;
    return revision;
  }

  return {
    /** The import limits this engine applies. */
    limits,

    async importContent(actor: Actor, target: ImportTarget, input: ImportInput): Promise<ImportResult> {
      precheck(actor, target);
      // The fetching and converting code (undici, turndown, mammoth, jszip) loads only for an import.
      const { collect } = await import('./sources');
      const content = await collect(input.url, input.source, limits);
      const revision = core.write(() =>
        target.changeRequest === undefined
          ? intoSpace(actor, target.spaceId, content)
          : intoChangeRequest(actor, target.spaceId, target.changeRequest, content),
      );
      return { revision, importedResources: content.importedResources, totalResources: content.totalResources };
    },
  };
}
