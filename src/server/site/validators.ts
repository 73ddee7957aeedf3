import { createHash } from 'node:crypto';
import type { PublishedSpace } from '../../engine/sites/reader/pages';
import type { SiteVisit } from '../../engine/sites/reader/visit';
import { VERSION } from '../../version';
import { SCRIPT, STYLESHEET } from './assets';

/**
 * A page's `ETag` from what it is made of, so a browser (or a second `sites build`) that has the page
 * gets `304` before anything is rendered. Only for pages everyone sees alike; they are made of: the
 * renderer (docsctl's version and its assets), the site (its row, structure, section groups and
 * address), the space's navigation (every page's title, path and place, its files and reusable
 * contents: what links and titles resolve against), the page's own version, its address, and the
 * versions of the specs it shows.
 */

const hash = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The navigation of a published space, once per revision (a revision never changes). */
const navigations = new WeakMap<PublishedSpace, string>();

export function navigationOf(space: PublishedSpace): string {
  let known = navigations.get(space);
  if (known === undefined) {
    const reusables = [...space.state.reusables].map(([id, r]) => [id, hash(JSON.stringify(r))]);
    known = hash(JSON.stringify([space.spaceId, space.pages, [...space.state.files.values()].map((f) => [f.id, f.name, f.contentType, f.width, f.height]), reusables]));
    navigations.set(space, known);
  }
  return known;
}

/** The site as a page shows it, once per remembered row and structure (new objects after any write). */
const sites = new WeakMap<object, WeakMap<object, string>>();

export function siteFingerprint(visit: SiteVisit, groups: Map<string, string>, base: string): string {
  let byStructure = sites.get(visit.site);
  if (!byStructure) sites.set(visit.site, (byStructure = new WeakMap()));
  let known = byStructure.get(visit.whole);
  if (known === undefined) {
    known = hash(JSON.stringify([visit.site, visit.whole, [...groups]]));
    byStructure.set(visit.whole, known);
  }
  return `${known}:${base}`;
}

/** The page's validator (a strong `ETag`: the same inputs render the same bytes). */
export function pageValidator(parts: { site: string; space: PublishedSpace; pageId: string; basePath: string; prefix: string[]; operations: string }): string {
  const version = parts.space.state.pages.get(parts.pageId)?.versionId ?? '';
  const text = [VERSION, STYLESHEET.path, SCRIPT.path, parts.site, navigationOf(parts.space), parts.pageId, version, parts.basePath, parts.prefix.join('/'), parts.operations].join('\n');
  return `"${hash(text).slice(0, 22)}"`;
}

/**
 * A site space's tag at an address (build-tags.ts): what every page of it there is made of but the
 * page's own version and place, which the space's revision holds with its navigation.
 */
export function spaceTag(parts: { site: string; revisionId: string; basePath: string; prefix: string[]; specs: string }): string {
  return `"${hash([VERSION, STYLESHEET.path, SCRIPT.path, parts.site, parts.revisionId, parts.basePath, parts.prefix.join('/'), parts.specs].join('\n')).slice(0, 22)}"`;
}

/** A stored page's markdown (its `.md`): made of its version alone (a computed page's follows its spec: none). */
export const markdownValidator = (versionId: string) => `"${hash(`${VERSION}\nmarkdown\n${versionId}`).slice(0, 22)}"`;
