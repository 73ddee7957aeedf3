import { routes } from '../../api/routes/index';
import type { Change } from '../../domain/content-change';
import { planPages } from '../../content-tree/push';
import { defaultFileOf } from '../../content-tree/gitbook-config';
import type { LocalTree } from '../../content-tree/local-tree';
import type { ArchivedContent, ArchivedPage, ArchivedReusableContent } from '../../org-archive/model';
import { readContent, readReusables, type ContentRoot } from '../content/remote-tree';
import type { RemoteReusable } from '../../content-tree/push';
import type { Importer } from './importer';
import { writeChanges } from '../shared/write-changes';
import { flattenTree } from '../shared/page-tree';
import { inlineGroups, splitByInlining } from '../shared/inline-files';
import { eachInFlight } from '../../domain/in-flight';

/** Changes one write request carries at most here (the API takes 5000; smaller requests keep bodies far below its size limit). */
const CHANGES_PER_WRITE = 500;
/** Files one `insert_files` change takes (the API's limit), and such changes one write request carries. */
const FILES_PER_CHANGE = 100;
const FILE_CHANGES_PER_WRITE = 20;
const FILE_LINK = /\/files\/([^/?#\s)"'<>]+)/g;

/**
 * The path of a line including a reusable content, `{% include "/reusable-contents/<id>" %}` (or
 * `{%-` and single quotes, as the reader takes them): the tag's opening, then the id as the reader
 * reads it (src/markdown/gitbook-blocks.ts), before its closing quote. Linear: a match starts only at
 * `{%`, and the id is at most 200 characters.
 */
const INCLUDE_PATH = /(\{%-?[ \t]*include[ \t]+["'])\/reusable-contents\/([^\s"'/\\%{}]{1,200})(?=["'])/g;

/** `/files/<archived id>` links pointed at the target's files. */
export function remapFileLinks(markdown: string, fileIds: Map<string, string>): string {
  return markdown.replace(FILE_LINK, (whole, id: string) => {
    const mapped = fileIds.get(id);
    return mapped ? `/files/${mapped}` : whole;
  });
}

/** Include lines naming an archived reusable content pointed at the target's, as `remapFileLinks` does for files; an id not mapped stays as it is. */
export function remapIncludes(markdown: string, reusableIds: Map<string, string>): string {
  if (!markdown.includes('{%')) return markdown;
  return markdown.replace(INCLUDE_PATH, (whole, open: string, id: string) => {
    const mapped = reusableIds.get(id);
    return mapped ? `${open}/reusable-contents/${mapped}` : whole;
  });
}

/** What identifies a reusable content across instances when no id is mapped: its Git Sync file, else its title. */
const reusableKey = (r: { title: string; git?: string }) => (r.git !== undefined ? `git:${r.git}` : `title:${r.title}`);

/**
 * Pairs archived reusable contents with the target's: by the id already mapped, else by Git Sync
 * file or title (each target one paired once), and records the pairs in `reusableIds`. Answers the pairs.
 */
export function matchReusables(archived: ArchivedReusableContent[], present: RemoteReusable[], reusableIds: Map<string, string>): Map<string, RemoteReusable> {
  const byId = new Map(present.map((r) => [r.id, r]));
  const byKey = new Map<string, RemoteReusable[]>();
  for (const r of present) {
    const same = byKey.get(reusableKey(r));
    if (same) same.push(r);
    else byKey.set(reusableKey(r), [r]);
  }
  const taken = new Set<string>();
  const pairs = new Map<string, RemoteReusable>();
  const pair = (archivedId: string, target: RemoteReusable) => {
    pairs.set(archivedId, target);
    taken.add(target.id);
    reusableIds.set(archivedId, target.id);
  };
  for (const r of archived) {
    const mapped = byId.get(reusableIds.get(r.id) ?? '');
    if (mapped && !taken.has(mapped.id)) pair(r.id, mapped);
  }
  for (const r of archived) {
    if (pairs.has(r.id)) continue;
    const same = byKey.get(reusableKey(r))?.find((t) => !taken.has(t.id));
    if (same) pair(r.id, same);
  }
  return pairs;
}

/**
 * Makes the change request's reusable contents the archived ones, before the pages that include
 * them: each archived one paired with the target's (`matchReusables`) is updated where it differs,
 * the others inserted, and the target's left unpaired deleted; links to files in their text follow
 * the new file ids. Adds every archived id's target id to `reusableIds`. Planned against what the
 * change request holds, so a re-run inserts nothing twice.
 */
async function writeReusables(im: Importer, root: Required<ContentRoot>, content: ArchivedContent, fileIds: Map<string, string>, reusableIds: Map<string, string>): Promise<void> {
  const present = await readReusables(im.api, root);
  if (!content.reusableContents.length && !present.length) return;
  const pairs = matchReusables(content.reusableContents, present, reusableIds);
  const paired = new Set([...pairs.values()].map((t) => t.id));
  // Deletes first (a file one frees may be an insert's), inserts last: no change after an insert
  // names a reusable content, so its label (the archived id) never stands for a target id.
  const changes: Change[] = present.filter((t) => !paired.has(t.id)).map((t) => ({ operation: 'delete_reusable_content', reusableContent: t.id }));
  const inserts: Change[] = [];
  for (const r of content.reusableContents) {
    const markdown = remapFileLinks(r.markdown, fileIds);
    const target = pairs.get(r.id);
    if (!target) {
      inserts.push({ operation: 'insert_reusable_content', title: r.title, document: { markdown }, ...(r.git !== undefined ? { git: { path: r.git } } : {}), ref: r.id });
      continue;
    }
    const update = {
      ...(target.title !== r.title ? { title: r.title } : {}),
      ...(target.markdown !== markdown ? { document: { markdown } } : {}),
      ...(target.git !== r.git ? { git: r.git !== undefined ? { path: r.git } : null } : {}),
    };
    if (Object.keys(update).length) changes.push({ operation: 'update_reusable_content', reusableContent: target.id, ...update });
  }
  await writeChanges(im.api, root, [...changes, ...inserts], {
    perWrite: CHANGES_PER_WRITE,
    // The archived id labels an insert: its answer is the id it got.
    answered: (change, answer) => {
      if (change.operation === 'insert_reusable_content' && change.ref && answer.reusableContent) reusableIds.set(change.ref, answer.reusableContent);
    },
  });
}

/**
 * Adds the archived files the target content lacks (matched by id already mapped, else by name and
 * size, so a re-run sends nothing twice) and adds their target ids to `fileIds`. Small files travel
 * inside the change request's writes as base64, many a request; larger ones are uploaded first
 * (`createSpaceUpload`, several in flight against a remote instance) and then named by upload id,
 * by the same rule as `content push` (shared/inline-files.ts).
 */
async function sendFiles(im: Importer, root: Required<ContentRoot>, content: ArchivedContent, present: { id: string; name: string; size: number }[], fileIds: Map<string, string>): Promise<void> {
  const presentIds = new Set(present.map((f) => f.id));
  const byNameAndSize = new Map(present.map((f) => [`${f.name}\0${f.size}`, f.id]));
  const missing: Array<{ file: ArchivedContent['files'][number]; bytes: Buffer; size: number }> = [];
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
    missing.push({ file, bytes, size: bytes.length });
  }
  const { large, small } = splitByInlining(im.api, missing);
  const uploads = new Map<string, string>();
  await eachInFlight(large, im.api.transport.inFlight ?? 1, async ({ file, bytes }) => {
    uploads.set(file.id, (await im.api.upload(routes.createSpaceUpload, { params: { spaceId: root.spaceId }, query: { name: file.name } }, bytes)).id);
    im.progress.advance(0, bytes.length);
  });
  // Each change's files by archived id, in its order: the answer's ids come in the same order.
  const archivedIds = new Map<Change, string[]>();
  const insert = (files: typeof missing, bytesOf: (m: (typeof missing)[number]) => { upload: string } | { base64: string }): Change[] => {
    const changes: Change[] = [];
    for (let at = 0; at < files.length; at += FILES_PER_CHANGE) {
      const chunk = files.slice(at, at + FILES_PER_CHANGE);
      const change: Change = { operation: 'insert_files', files: chunk.map((m) => ({ name: m.file.name, contentType: m.file.contentType, ...bytesOf(m) })) };
      archivedIds.set(change, chunk.map((m) => m.file.id));
      changes.push(change);
    }
    return changes;
  };
  const options = {
    perWrite: FILE_CHANGES_PER_WRITE,
    answered: (change: Change, answer: { files?: string[] }) => answer.files?.forEach((id, i) => fileIds.set(archivedIds.get(change)![i], id)),
  };
  await writeChanges(im.api, root, insert(large, (m) => ({ upload: uploads.get(m.file.id)! })), options);
  for (const group of inlineGroups(small)) {
    await writeChanges(im.api, root, insert(group, (m) => ({ base64: m.bytes.toString('base64') })), options);
    for (const m of group) im.progress.advance(0, m.size);
  }
}

/** Archived pages as the folder `content push` would read: what `planPages` compares with the target. */
function asLocalTree(pages: ArchivedPage[], fileIds: Map<string, string>, reusableIds: Map<string, string>, present: Map<string, { git?: string }>): LocalTree {
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
        markdown: remapIncludes(remapFileLinks(p.markdown, fileIds), reusableIds),
        file: p.git ?? p.path,
        group: p.type === 'group',
        ...(p.href !== undefined ? { href: p.href } : {}),
        ...(git ? { git } : {}),
      };
    }),
  };
}

/**
 * Makes the content of a change request match archived content: files first, then reusable contents,
 * then the page changes in requests of CHANGES_PER_WRITE, parents first, their links to files and
 * includes of reusable content naming the target's ids. A page inserted by an earlier request is
 * named by the id it got. Planned against what the change request holds now, so a re-run only adds
 * what is missing.
 */
export async function writeContent(im: Importer, root: Required<ContentRoot>, content: ArchivedContent, fileIds: Map<string, string>, reusableIds: Map<string, string>): Promise<void> {
  const current = await readContent(im.api, root);
  await sendFiles(im, root, content, current.files, fileIds);
  await writeReusables(im, root, content, fileIds, reusableIds);
  const present = new Map(current.pages.map((p) => [p.path, p]));
  const plan = planPages(asLocalTree(content.pages, fileIds, reusableIds, present), current.pages);
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
