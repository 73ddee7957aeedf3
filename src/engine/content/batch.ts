import type { Core } from '../core';
import { invalid } from '../errors';
import { firstHeading, slugify, splitFrontmatter } from '../../markdown/markdown';
import { contentTypeOf, imageSize } from './images';
import { fileNameProblem, isMediaType } from './file-rules';
import type { Change } from '../../domain/content-change';
import { pageData, storePage, storingPagesInBatches, type FileEntry, type PageData, type ReusableEntry, type RevisionState } from './state';
import { fileBytes, type FilesAhead } from './file-bytes';
import { mapInOrder } from '../in-order';
import { Siblings } from './siblings';
import { restoreContent, restorePage, revisionOfSpace } from './restore';

export interface AppliedChange {
  operation: Change['operation'];
  page?: string;
  files?: string[];
  reusableContent?: string;
}

/**
 * The slugs taken under each parent while a batch applies: built once per parent on first use and
 * kept up to date by the batch, so a batch of thousands of new pages does not re-read every sibling
 * for each one.
 */
function slugBook(core: Core, state: RevisionState) {
  const byParent = new Map<string | null, Map<string, Set<string>>>();
  const under = async (parent: string | null) => {
    let slugs = byParent.get(parent);
    if (!slugs) {
      slugs = new Map();
      byParent.set(parent, slugs);
      for (const p of state.pages.values()) if (p.parent === parent) add(slugs, (await pageData(core, p.versionId)).slug, p.id);
    }
    return slugs;
  };
  const add = (slugs: Map<string, Set<string>>, slug: string, id: string) => {
    const owners = slugs.get(slug);
    if (owners) owners.add(id);
    else slugs.set(slug, new Set([id]));
  };
  return {
    /** A slug free under `parent` (other than for `self`): `slug`, `slug-2`, `slug-3`... */
    async free(parent: string | null, slug: string, self?: string): Promise<string> {
      const slugs = await under(parent);
      const taken = (s: string) => [...(slugs.get(s) ?? [])].some((id) => id !== self);
      if (!taken(slug)) return slug;
      for (let n = 2; ; n++) if (!taken(`${slug}-${n}`)) return `${slug}-${n}`;
    },
    take(parent: string | null, slug: string, id: string): void {
      if (byParent.has(parent)) add(byParent.get(parent)!, slug, id);
    },
    release(parent: string | null, slug: string, id: string): void {
      byParent.get(parent)?.get(slug)?.delete(id);
    },
  };
}

/** A page's Git Sync file: a relative path to a markdown file, written as it is by `content pull`; only document pages have one. */
function checkGitPath(path: string, field: string, type: PageData['type'] = 'document'): void {
  if (type !== 'document') throw invalid(`${field}: only document pages are kept in a file`);
  const problem = fileNameProblem(path);
  if (problem) throw invalid(`${field}: ${problem}`);
  if (!/\.md$/i.test(path)) throw invalid(`${field}: must name a markdown file (ending in .md)`);
}

/**
 * Applies a batch of changes to a revision state of `spaceId`, in order. Any invalid change throws
 * (400 naming it) before anything is stored, so a batch is all or nothing. `ahead`: its base64 files
 * already in the file store (`writeFilesAhead`, before the transaction).
 */
export async function applyChanges(core: Core, state: RevisionState, changes: Change[], spaceId: string, ahead?: FilesAhead): Promise<{ applied: AppliedChange[]; insertedFiles: FileEntry[] }> {
  // The batch's page versions are written many a statement, before it returns.
  return await storingPagesInBatches(core, async () => await applyEach(core, state, changes, spaceId, ahead));
}

async function applyEach(core: Core, state: RevisionState, changes: Change[], spaceId: string, ahead: FilesAhead | undefined): Promise<{ applied: AppliedChange[]; insertedFiles: FileEntry[] }> {
  const now = core.now();
  const applied: AppliedChange[] = [];
  const insertedFiles: FileEntry[] = [];
  /** Pages inserted by this batch under a client label (`ref`), so later changes can put pages in them. */
  const refs = new Map<string, string>();
  /** Reusable contents inserted by this batch under a client label (`ref`), so later changes can name them. */
  const reusableRefs = new Map<string, string>();
  // Rebuilt when a change replaces the whole content (restore_content).
  let slugs = slugBook(core, state);
  let siblings = new Siblings(state);
  await mapInOrder(changes, async (change, i) => {
    const field = `changes[${i}]`;
    const requirePage = (id: string, name = 'page') => {
      if (!state.pages.has(id)) throw invalid(`${field}.${name}: no page ${id} in this content`);
      return state.pages.get(id)!;
    };
    const requireReusable = (ref: string): ReusableEntry => {
      const entry = state.reusables.get(reusableRefs.get(ref) ?? ref);
      if (!entry) throw invalid(`${field}.reusableContent: no reusable content ${ref} in this content`);
      return entry;
    };
    const read = (markdown: string) => {
      try {
        return splitFrontmatter(markdown);
      } catch (error) {
        throw invalid(`${field}.document.markdown: ${(error as Error).message}`);
      }
    };
    switch (change.operation) {
      case 'insert_page': {
        const parent = change.into ? (refs.get(change.into) ?? change.into) : null;
        if (parent) requirePage(parent, 'into');
        if (change.ref !== undefined && refs.has(change.ref)) throw invalid(`${field}.ref: "${change.ref}" is used by an earlier change of this batch`);
        const { frontmatter, body } = read(change.document.markdown);
        const title = change.title ?? frontmatter.title ?? firstHeading(body) ?? 'Untitled';
        if (change.type === 'link' && !change.href) throw invalid(`${field}.href: is required for a link page`);
        if (change.href !== undefined && change.type !== 'link') throw invalid(`${field}.href: only link pages have one`);
        if (change.git) checkGitPath(change.git.path, `${field}.git.path`, change.type);
        const data: PageData = {
          type: change.type ?? 'document',
          ...(change.href ? { href: change.href } : {}),
          title,
          ...(frontmatter.icon ? { emoji: frontmatter.icon } : {}),
          slug: await slugs.free(parent, change.slug ?? slugify(title)),
          ...(frontmatter.description ? { description: frontmatter.description } : {}),
          markdown: change.document.markdown,
          hidden: frontmatter.hidden ?? false,
          ...(change.computed ? { computed: change.computed } : {}),
          ...(change.git ? { git: { path: change.git.path } } : {}),
        };
        const id = core.newId();
        state.pages.set(id, { id, versionId: await storePage(core, data), parent, position: 0, createdAt: now, updatedAt: now });
        slugs.take(parent, data.slug, id);
        siblings.place(state.pages.get(id)!, parent, change.at);
        if (change.ref !== undefined) refs.set(change.ref, id);
        applied.push({ operation: 'insert_page', page: id });
        break;
      }
      case 'update_page': {
        const entry = requirePage(change.page);
        const current = await pageData(core, entry.versionId);
        let data: PageData = { ...current };
        if (change.document) {
          const { frontmatter } = read(change.document.markdown);
          data = {
            ...data,
            markdown: change.document.markdown,
            title: frontmatter.title ?? data.title,
            ...(frontmatter.description !== undefined ? { description: frontmatter.description } : {}),
            ...(frontmatter.icon !== undefined ? { emoji: frontmatter.icon } : {}),
            hidden: frontmatter.hidden ?? data.hidden,
          };
        }
        if (change.title !== undefined) data.title = change.title;
        if (change.git === null) delete data.git;
        else if (change.git) {
          checkGitPath(change.git.path, `${field}.git.path`, data.type);
          data.git = { path: change.git.path };
        }
        if (change.computed === null) delete data.computed;
        else if (change.computed) data.computed = change.computed;
        const parent = change.into === undefined ? entry.parent : change.into === null ? null : (refs.get(change.into) ?? change.into);
        if (parent) {
          requirePage(parent, 'into');
          if (siblings.descendants(entry.id).includes(parent)) throw invalid(`${field}.into: cannot move a page into itself or one of its sub-pages`);
        }
        if (change.slug !== undefined) data.slug = change.slug;
        if (parent !== entry.parent || change.slug !== undefined) data.slug = await slugs.free(parent, data.slug, entry.id);
        slugs.release(entry.parent, current.slug, entry.id);
        slugs.take(parent, data.slug, entry.id);
        const versionId = await storePage(core, data);
        if (versionId !== entry.versionId) {
          entry.versionId = versionId;
          entry.updatedAt = now;
        }
        if (parent !== entry.parent || change.at !== undefined) {
          const oldParent = entry.parent;
          siblings.place(entry, parent, change.at);
          if (oldParent !== parent) siblings.renumber(oldParent);
        }
        applied.push({ operation: 'update_page', page: entry.id });
        break;
      }
      case 'delete_page': {
        const entry = requirePage(change.page);
        for (const id of siblings.descendants(entry.id)) {
          const gone = state.pages.get(id)!;
          slugs.release(gone.parent, (await pageData(core, gone.versionId)).slug, id);
        }
        siblings.remove(entry);
        siblings.renumber(entry.parent);
        applied.push({ operation: 'delete_page', page: change.page });
        break;
      }
      case 'insert_files': {
        const ids: string[] = [];
        await mapInOrder(change.files, async (file, j) => {
          const where = `${field}.files[${j}]`;
          const nameProblem = fileNameProblem(file.name);
          if (nameProblem) throw invalid(`${where}.name: ${nameProblem}`);
          if (file.contentType !== undefined && !isMediaType(file.contentType)) {
            throw invalid(`${where}.contentType: must be a media type such as image/png (type/subtype, optional ;name=value parameters, printable ASCII)`);
          }
          if (file.git) {
            const gitProblem = fileNameProblem(file.git.path);
            if (gitProblem) throw invalid(`${where}.git.path: ${gitProblem}`);
          }
          const { blobId, head } = await fileBytes(core, spaceId, file, where, ahead);
          const size = imageSize(head);
          const entry: FileEntry = {
            id: core.newId(),
            name: file.name,
            contentType: file.contentType ?? contentTypeOf(file.name),
            blobId,
            width: size?.width ?? null,
            height: size?.height ?? null,
            gitPath: file.git?.path ?? null,
          };
          state.files.set(entry.id, entry);
          insertedFiles.push(entry);
          ids.push(entry.id);
        });
        applied.push({ operation: 'insert_files', files: ids });
        break;
      }
      case 'delete_files': {
        change.files.forEach((id, j) => {
          if (!state.files.has(id)) throw invalid(`${field}.files[${j}]: no file ${id} in this content`);
          state.files.delete(id);
        });
        applied.push({ operation: 'delete_files', files: change.files });
        break;
      }
      case 'insert_reusable_content': {
        if (change.ref !== undefined && reusableRefs.has(change.ref)) throw invalid(`${field}.ref: "${change.ref}" is used by an earlier change of this batch`);
        // Stored whole, but read as a page's is: a document with bad frontmatter could not be shown.
        read(change.document.markdown);
        if (change.git) checkGitPath(change.git.path, `${field}.git.path`);
        const entry: ReusableEntry = { id: core.newId(), title: change.title, markdown: change.document.markdown, gitPath: change.git?.path ?? null, createdAt: now, updatedAt: now };
        state.reusables.set(entry.id, entry);
        if (change.ref !== undefined) reusableRefs.set(change.ref, entry.id);
        applied.push({ operation: 'insert_reusable_content', reusableContent: entry.id });
        break;
      }
      case 'update_reusable_content': {
        const entry = requireReusable(change.reusableContent);
        const next: ReusableEntry = { ...entry };
        if (change.title !== undefined) next.title = change.title;
        if (change.document) {
          read(change.document.markdown);
          next.markdown = change.document.markdown;
        }
        if (change.git === null) next.gitPath = null;
        else if (change.git) {
          checkGitPath(change.git.path, `${field}.git.path`);
          next.gitPath = change.git.path;
        }
        if (next.title !== entry.title || next.markdown !== entry.markdown || next.gitPath !== entry.gitPath) state.reusables.set(entry.id, { ...next, updatedAt: now });
        applied.push({ operation: 'update_reusable_content', reusableContent: entry.id });
        break;
      }
      case 'delete_reusable_content': {
        const entry = requireReusable(change.reusableContent);
        state.reusables.delete(entry.id);
        applied.push({ operation: 'delete_reusable_content', reusableContent: entry.id });
        break;
      }
      case 'restore_content': {
        restoreContent(state, await revisionOfSpace(core, spaceId, change.revision, `${field}.revision`));
        refs.clear();
        reusableRefs.clear();
        slugs = slugBook(core, state);
        siblings = new Siblings(state);
        applied.push({ operation: 'restore_content' });
        break;
      }
      case 'restore_page': {
        const old = await revisionOfSpace(core, spaceId, change.revision, `${field}.revision`);
        const { files } = await restorePage(core, state, old, change.revision, change.page, field, slugs, siblings);
        applied.push({ operation: 'restore_page', page: change.page, files });
        break;
      }
    }
  });
  return { applied, insertedFiles };
}
