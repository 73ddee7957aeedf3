import { randomBytes } from 'node:crypto';
import type { LocalTree } from '../../../content-tree/local-tree';

/**
 * What an import brings, fetched and converted, before anything is written: pages and files as a
 * folder of markdown would give them (the same tree `content push` reads), laid out as if at the root
 * of an empty space.
 */
export interface ImportContent {
  tree: LocalTree;
  /** Resources found: pages and files, including those left out by the bounds, robots.txt or errors. */
  totalResources: number;
  /** Pages and files that will be written (group pages made up for URL folders are not resources). */
  importedResources: number;
  /** Links between imported pages, written as placeholders until the pages' final paths are known. */
  links?: PageLinks;
}

/** Where a page link placeholder points: an imported page (by its path in the tree), else a URL. */
export interface LinkTarget {
  path?: string;
  url: string;
  /** The anchor in the target page, when the link's fragment names one of its headings. */
  anchor?: string;
}

export interface PageLinks {
  /** Placeholders are `<prefix><index into targets>`; the prefix is random, so page text cannot clash with it. */
  prefix: string;
  targets: LinkTarget[];
}

export function newPageLinks(): PageLinks {
  return { prefix: `docsctl-link-${randomBytes(6).toString('hex')}-`, targets: [] };
}

/** Longest markdown a page may have (what the content write batch accepts). */
export const MAX_MARKDOWN = 1_000_000;
/** Longest page title (what the content write batch accepts). */
export const MAX_TITLE = 256;
