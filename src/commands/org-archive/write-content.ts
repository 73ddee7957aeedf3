import { routes } from '../../api/routes/index';
import type { Change } from '../../domain/content-change';
import { planPages } from '../../content-tree/push';
import { defaultFileOf } from '../../content-tree/gitbook-config';
import type { LocalTree } from '../../content-tree/local-tree';
import type { ArchivedContent, ArchivedPage } from '../../org-archive/model';
import { readContent, type ContentRoot } from '../content/remote-tree';
import type { Importer } from './importer';
import { writeChanges } from '../shared/write-changes';
import { flattenTree } from '../shared/page-tree';

/** Changes one write request carries at most here (the API takes 5000; smaller requests keep bodies far below its size limit). */
const CHANGES_PER_WRITE = 500;
/** Files one `insert_files` change takes (the API's limit). */
const FILES_PER_CHANGE = 100;
const FILE_LINK = /\/files\/([^/?#\s)"'<>]+)/g;

/** `/files/<archived id>` links pointed at the target's files. */
export function remapFileLinks(markdown: string, fileIds: Map<string, string>): string {
  return markdown.replace(FILE_LINK, (whole, id: string) => {
    const mapped = fileIds.get(id);
    return mapped ? `/files/${mapped}` : whole;
  });
}

/**
 * Uploads the archived files the target content lacks (matched by id already mapped, else by name
 * and size, so a re-run uploads nothing twice) and adds their target ids to `fileIds`. Each file's
 * bytes go as they are (`createSpaceUpload`), then `insert_files` changes name them by upload id.
 */
async function uploadFiles(im: Importer, root: Required<ContentRoot>, content: ArchivedContent, present: { id: string; name: string; size: number }[], fileIds: Map<string, string>): Promise<void> {
  const presentIds = new Set(present.map((f) => f.id));
  const byNameAndSize = new Map(present.map((f) => [`${f.name}\0${f.size}`, f.id]));
  const uploaded: { name: string; contentType: string; upload: string; archivedId: string }[] = [];
  for (const file of content.files) {
    const mapped = fileIds.get(file.id);
    if (mapped && presentIds.has(mapped)) continue;
    const same = byNameAndSize.get(`${file.name}\0${file.size}`);
    if (same) {
      fileIds.set(file.id, same);
      continue;
    }
    const bytes = im.archive.blobs.get(file.sha256);
    if (!bytes) throw new Error(`the bytes of file ${file.name} are missing from the archive`);
    const upload = await im.api.upload(routes.createSpaceUpload, { params: { spaceId: root.spaceId }, query: { name: file.name } }, bytes);
    uploaded.push({ name: file.name, contentType: file.contentType, upload: upload.id, archivedId: file.id });
    im.progress.advance(0, bytes.length);
  }
  for (let at = 0; at < uploaded.length; at += FILES_PER_CHANGE) {
    const files = uploaded.slice(at, at + FILES_PER_CHANGE);
    const change: Change = { operation: 'insert_files', files: files.map(({ name, contentType, upload }) => ({ name, contentType, upload })) };
    const result = await im.api.call(routes.writeChangeRequestContent, { params: root, body: { changes: [change] } });
    result.changes[0].files?.forEach((id, i) => fileIds.set(files[i].archivedId, id));
  }
}

/** Archived pages as the folder `content push` would read: what `planPages` compares with the target. */
function asLocalTree(pages: ArchivedPage[], fileIds: Map<string, string>, present: Map<string, { git?: string }>): LocalTree {
  const pathOf = new Map(pages.map((p) => [p.id, p.path]));
  const parents = new Set(pages.map((p) => p.parent));
  return {
    assets: [],
    pages: pages.map((p) => {
      // A page the target keeps in no file is compared as kept in its default one (as push does), so an unchanged page is no change.
      const existing = present.get(p.path);
      const git = p.git ?? (existing && !existing.git ? defaultFileOf(p.path, parents.has(p.id)) : undefined);
      return {
        path: p.path,
        parentPath: p.parent ? pathOf.get(p.parent) ?? null : null,
        slug: p.slug,
        title: p.title,
        markdown: remapFileLinks(p.markdown, fileIds),
        file: p.git ?? p.path,
        group: p.type === 'group',
        ...(p.href !== undefined ? { href: p.href } : {}),
        ...(git ? { git } : {}),
      };
    }),
  };
}

/**
 * Makes the content of a change request match archived content: files first, then the page changes
 * in requests of CHANGES_PER_WRITE, parents first. A page inserted by an earlier request is named by
 * the id it got. Planned against what the change request holds now, so a re-run only adds what is missing.
 */
export async function writeContent(im: Importer, root: Required<ContentRoot>, content: ArchivedContent, fileIds: Map<string, string>): Promise<void> {
  const current = await readContent(im.api, root);
  await uploadFiles(im, root, content, current.files, fileIds);
  const present = new Map(current.pages.map((p) => [p.path, p]));
  const plan = planPages(asLocalTree(content.pages, fileIds, present), current.pages);
  const computedByPath = new Map(content.pages.filter((p) => p.computed).map((p) => [p.path, p.computed!]));
  const changes: Change[] = [...plan.changes, ...plan.deletes].map((change) =>
    change.operation === 'insert_page' && change.ref && computedByPath.has(change.ref) ? { ...change, computed: computedByPath.get(change.ref) } : change);
  await writeChanges(im.api, root, changes, { perWrite: CHANGES_PER_WRITE, done: () => im.progress.advance(0) });
}

/** Target page ids by archived page id, matched by path. */
export async function pageIdsByPath(im: Importer, root: ContentRoot, pages: ArchivedPage[]): Promise<Map<string, string>> {
  const params = { spaceId: root.spaceId, changeRequestId: root.changeRequestId ?? '' };
  const tree = (root.changeRequestId ? await im.api.call(routes.listChangeRequestPages, { params }) : await im.api.call(routes.listSpacePages, { params })).pages;
  const byPath = new Map(flattenTree(tree).map(({ page }) => [page.path, page.id]));
  return new Map(pages.flatMap((p) => (byPath.has(p.path) ? [[p.id, byPath.get(p.path)!]] : [])));
}
