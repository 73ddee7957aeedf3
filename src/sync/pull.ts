import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
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

/** Writes the pages and files into `dir`; synchronously, as diskSource reads (local-tree.ts says why). */
export function writeTree(dir: string, pages: RemotePage[], files: { name: string; bytes: Buffer }[]): number {
  let written = 0;
  for (const page of pages) {
    const target = join(dir, fileOf(page, pages));
    mkdirSync(dirname(target), { recursive: true });
    // A group page is its folder alone: no README.md, so a push reads it back as a group.
    if (page.type === 'group' && pages.some((p) => p.parentId === page.id)) continue;
    writeFileSync(target, page.markdown);
    written++;
  }
  for (const file of files) {
    const target = join(dir, file.name);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.bytes);
    written++;
  }
  writeFileSync(join(dir, 'SUMMARY.md'), summaryOf(pages));
  return written;
}
