import { posix } from 'node:path';
import type { Core } from '../../core';
import type { Change } from '../../../domain/content-change';
import { childrenOf, pageData, type RevisionState } from '../state';
import type { LocalPage, LocalTree } from '../../../content-tree/local-tree';
import { planPages } from '../../../content-tree/push';
import { rewriteLinks } from '../../../content-tree/asset-links';
import type { ImportContent } from './content';
import { defaultFileOf } from '../../../content-tree/gitbook-config';
import { mapInOrder } from '../../in-order';

/**
 * The import with its root pages renamed where their slug is taken at the root of the content
 * (`guide` -> `guide-2`, as a write batch would), so the paths links are computed from are the final ones.
 */
export async function placeAtRoot(core: Core, state: RevisionState, content: ImportContent): Promise<ImportContent> {
  const taken = new Set(await mapInOrder(childrenOf(state, null), async (p) => (await pageData(core, p.versionId)).slug));
  const renamed = new Map<string, string>();
  for (const page of content.tree.pages) {
    if (page.parentPath !== null) continue;
    let slug = page.slug;
    for (let n = 2; taken.has(slug); n++) slug = `${page.slug}-${n}`;
    taken.add(slug);
    if (slug !== page.slug) renamed.set(page.path, slug);
  }
  if (!renamed.size) return content;
  const move = (path: string) => {
    const [top, ...rest] = path.split('/');
    const slug = renamed.get(top);
    return slug ? [slug, ...rest].join('/') : path;
  };
  const pages = content.tree.pages.map((p) => ({
    ...p,
    path: move(p.path),
    parentPath: p.parentPath === null ? null : move(p.parentPath),
    slug: p.parentPath === null ? (renamed.get(p.path) ?? p.slug) : p.slug,
  }));
  const links = content.links && { ...content.links, targets: content.links.targets.map((t) => (t.path === undefined ? t : { ...t, path: move(t.path) })) };
  return { ...content, tree: { ...content.tree, pages }, ...(links ? { links } : {}) };
}

/**
 * The files of the import as one `insert_files` change (each named by its path in the tree, or by the
 * rest of it under `.gitbook/assets/`), if any, with the tree paths in the same order.
 */
export async function fileChange(tree: LocalTree): Promise<{ change: Change; paths: string[] } | undefined> {
  if (!tree.assets.length) return undefined;
  const files = await mapInOrder(tree.assets, async (a) => ({ name: a.name ?? a.file, git: { path: a.file }, base64: (await a.read()).toString('base64') }));
  return { change: { operation: 'insert_files', files }, paths: tree.assets.map((a) => a.file) };
}

/** Replaces page link placeholders by links relative to the page, as `pull` lays pages out in a folder. */
function resolvePageLinks(page: LocalPage, content: ImportContent, hasChildren: Set<string>): string {
  const links = content.links;
  if (!links?.targets.length) return page.markdown;
  const from = posix.dirname(defaultFileOf(page.path, hasChildren.has(page.path)));
  return page.markdown.replace(new RegExp(`${links.prefix}(\\d+)`, 'g'), (whole, index: string) => {
    const target = links.targets[Number(index)];
    if (!target) return whole;
    if (target.path === undefined) return target.url;
    const file = defaultFileOf(target.path, hasChildren.has(target.path));
    const link = target.path === page.path && target.anchor ? '' : posix.relative(from, file);
    return `${link}${target.anchor ? `#${target.anchor}` : ''}` || posix.basename(file);
  });
}

/**
 * The page changes of an import, as `content push` makes them for a new folder (parents first, each
 * page labelled with its path so its sub-pages go into it), appended after the pages already there.
 * `fileIds` (path in the tree -> id) turns links to the import's files into `/files/<id>` references.
 */
export function pageChanges(content: ImportContent, fileIds: Map<string, string>): Change[] {
  const { tree } = content;
  const hasChildren = new Set(tree.pages.map((p) => p.parentPath).filter((p): p is string => p !== null));
  const idOf = (path: string) => fileIds.get(path);
  const pages = tree.pages.map((page) => ({ ...page, markdown: rewriteLinks(resolvePageLinks(page, content, hasChildren), page.file, idOf) }));
  return planPages({ ...tree, pages }, []).changes.map((change) => {
    if (change.operation !== 'insert_page') return change;
    const { at: _at, ...appended } = change;
    return appended;
  });
}
