import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import type { RemotePage } from './remote-tree';

/**
 * Where each page goes in a folder, the inverse of readTree: a page with sub-pages becomes a folder
 * with its content in README.md; a leaf page `name.md`; the top-level page `readme` is README.md.
 */
export function fileOf(page: RemotePage, pages: RemotePage[]): string {
  const hasChildren = pages.some((p) => p.parentId === page.id);
  if (hasChildren) return `${page.path}/README.md`;
  if (page.path === 'readme') return 'README.md';
  return `${page.path}.md`;
}

/** A SUMMARY.md listing every page in order, so a push of the pulled folder keeps the order. */
export function summaryOf(pages: RemotePage[]): string {
  const lines = ['# Summary', ''];
  const walk = (parentId: string | null, depth: number) => {
    for (const page of pages.filter((p) => p.parentId === parentId).sort((a, b) => a.position - b.position)) {
      lines.push(`${'  '.repeat(depth)}* [${page.title.replace(/[[\]]/g, '')}](${fileOf(page, pages)})`);
      walk(page.id, depth + 1);
    }
  };
  walk(null, 0);
  return `${lines.join('\n')}\n`;
}

/** A page path or file name from the space that would land outside the folder being written. */
export class OutsideFolderError extends Error {}

/**
 * `relative` inside `dir`, or an OutsideFolderError. The server refuses such names, but the content may
 * come from any instance (or a database written before it did), so the client checks on its own.
 */
function inside(dir: string, relative: string, what: string): string {
  const root = resolve(dir);
  const target = resolve(root, relative);
  if (isAbsolute(relative) || relative.includes('\0') || !target.startsWith(root + sep)) {
    throw new OutsideFolderError(`${what} ${JSON.stringify(relative)} would be written outside ${root}: nothing was written`);
  }
  return target;
}

/**
 * Writes the pages and files into `dir`; synchronously, as diskSource reads (local-tree.ts says why).
 * Every path is checked before anything is written.
 */
export function writeTree(dir: string, pages: RemotePage[], files: { name: string; bytes: Buffer }[]): number {
  const writes: { target: string; data: string | Buffer; folderOnly?: boolean }[] = [];
  for (const page of pages) {
    // A group page is its folder alone: no README.md, so a push reads it back as a group.
    const folderOnly = page.type === 'group' && pages.some((p) => p.parentId === page.id);
    writes.push({ target: inside(dir, fileOf(page, pages), `page ${page.id} at`), data: page.markdown, folderOnly });
  }
  for (const file of files) writes.push({ target: inside(dir, file.name, 'file'), data: file.bytes });
  let written = 0;
  for (const { target, data, folderOnly } of writes) {
    mkdirSync(dirname(target), { recursive: true });
    if (folderOnly) continue;
    writeFileSync(target, data);
    written++;
  }
  writeFileSync(join(dir, 'SUMMARY.md'), summaryOf(pages));
  return written;
}
