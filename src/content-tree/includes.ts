import { posix } from 'node:path';
import { resolveLocal } from './asset-links';
import { GITBOOK_INCLUDES } from './gitbook-config';

/**
 * Reusable content in a Git Sync folder: a file (`.gitbook/includes/restart.md`) that pages include
 * with a line `{% include "../.gitbook/includes/restart.md" %}`. Pushed, the line names the space's
 * reusable content by id, `{% include "/reusable-contents/<id>" %}` (the form the engine reads as the
 * platform's reusable-content block); pulled, it names the file relative to the page again.
 */
// One include a line, the path in double or single quotes; [ \t] rather than \s, so nothing backtracks.
const INCLUDE = /^([ \t]*\{%[ \t]*include[ \t]+)(?:"([^"\n]*)"|'([^'\n]*)')([ \t]*%\}[ \t]*)$/gm;
const STORED = /^\/reusable-contents\/([^/\s"']+)$/;

/** The folder paths of the files a page's markdown includes (relative to the content root). */
export function includedFiles(markdown: string, pageFile: string): string[] {
  const found: string[] = [];
  if (!markdown.includes('{%')) return found;
  for (const m of markdown.matchAll(INCLUDE)) {
    const path = resolveLocal(m[2] ?? m[3], pageFile);
    if (path) found.push(path);
  }
  return found;
}

/** Include lines naming a file of the folder rewritten to the stored form; `idOf` answers a reusable content's id by the file's path. */
export function rewriteIncludes(markdown: string, pageFile: string, idOf: (path: string) => string | undefined): string {
  if (!markdown.includes('{%')) return markdown;
  return markdown.replace(INCLUDE, (whole, open: string, double: string | undefined, single: string | undefined, close: string) => {
    const path = resolveLocal(double ?? single!, pageFile);
    const id = path === undefined ? undefined : idOf(path);
    return id ? `${open}"/reusable-contents/${id}"${close}` : whole;
  });
}

/** Stored include lines turned back into paths relative to the page's file; `pathOf` answers where a reusable content is written. */
export function restoreIncludes(markdown: string, pageFile: string, pathOf: (id: string) => string | undefined): string {
  if (!markdown.includes('{%')) return markdown;
  return markdown.replace(INCLUDE, (whole, open: string, double: string | undefined, single: string | undefined, close: string) => {
    const id = STORED.exec(double ?? single!)?.[1];
    const path = id === undefined ? undefined : pathOf(id);
    return path === undefined ? whole : `${open}"${posix.relative(posix.dirname(pageFile), path)}"${close}`;
  });
}

/** Where a reusable content without a Git Sync path is written: under `.gitbook/includes/`, by its title. */
export const defaultIncludeFile = (slug: string) => `${GITBOOK_INCLUDES}/${slug || 'reusable-content'}.md`;
