import type { Core } from '../../core';
import type { SiteRow } from '../rows';
import { presentSiteStructure, ANONYMOUS, type SiteSectionView, type SiteSpaceView, type SiteStructureView } from '../structure/present';
import { visitorClaims, visitorMaySee, type PublishedQuery } from '../published';
import { visitorStructure } from '../visitor-structure';
import { customizationsOf } from '../customizations';

/** What a visitor sees of a site: its structure after adaptive conditions, and its customizations. */
export interface SiteVisit {
  site: SiteRow;
  structure: SiteStructureView;
  /**
   * Whether the visit sees the site as everyone does (no claims adapted it): then `whole`, the site's
   * structure as remembered until the organization's next write, stands for what it sees.
   */
  everyone: boolean;
  whole: SiteStructureView;
  customizations: ReturnType<typeof customizationsOf>;
}

/**
 * The site as a visitor without a role sees it, with the same rules as `GET …/published` (published.ts):
 * undefined when they may not see it at all (unpublished, no share key, no valid visitor token).
 */
export async function visitSite(core: Core, site: SiteRow, credentials: PublishedQuery): Promise<SiteVisit | undefined> {
  if (!(await visitorMaySee(core, site, credentials))) return undefined;
  const claims = site.adaptive_enabled ? await visitorClaims(core, site, credentials) : undefined;
  // The whole structure is the organization's rows: remembered until its next write.
  const whole = await core.remember(`site-structure:${site.id}`, async () => await presentSiteStructure(core, site.id, ANONYMOUS), site.organization_id);
  const structure = visitorStructure(whole, claims);
  return { site, structure, everyone: claims === undefined, whole, customizations: customizationsOf(site) };
}

/** A section (when the site has them) and one of its site spaces, where the visitor's path leads. */
export interface VisitPlace {
  sections: SiteSectionView[];
  section?: SiteSectionView;
  siteSpaces: SiteSpaceView[];
  siteSpace: SiteSpaceView;
  /** The path (segments) of the site space's base, after the site's base. */
  prefix: string[];
  /** The page's path in the site space ('' for its first page). */
  pagePath: string;
}

/**
 * Where `rest` (the path after the site's base) leads: a section by its path (else the default one),
 * then a site space by its path (else the section's default), then the page path. Undefined when the
 * visitor sees no site space there.
 */
export function placeOf(structure: SiteStructureView, rest: string[]): VisitPlace | undefined {
  let remaining = rest;
  let sections: SiteSectionView[] = [];
  let section: SiteSectionView | undefined;
  let siteSpaces: SiteSpaceView[];
  const prefix: string[] = [];
  if (structure.type === 'sections') {
    sections = structure.structure;
    section = sections.find((s) => s.path === remaining[0]);
    if (section) {
      prefix.push(section.path);
      remaining = remaining.slice(1);
    } else section = fallback(sections);
    if (!section) return undefined;
    siteSpaces = section.siteSpaces;
  } else siteSpaces = structure.structure;
  let siteSpace = siteSpaces.find((s) => s.path === remaining[0]);
  if (siteSpace) {
    prefix.push(siteSpace.path);
    remaining = remaining.slice(1);
  } else siteSpace = fallback(siteSpaces);
  if (!siteSpace) return undefined;
  return { sections, section, siteSpaces, siteSpace, prefix, pagePath: remaining.join('/') };
}

/** A site space the visitor sees, with the path (segments) that leads to it from the site's base. */
export interface VisibleSiteSpace {
  section?: SiteSectionView;
  siteSpace: SiteSpaceView;
  prefix: string[];
}

/**
 * Every site space of the visitor's structure, in the site's order (sections first to last), each with
 * its shortest path: a default section's or site space's path is left out, as placeOf reads it.
 */
export function visibleSiteSpaces(structure: SiteStructureView): VisibleSiteSpace[] {
  const shortest = (siteSpaces: SiteSpaceView[], above: string[], section?: SiteSectionView) => {
    const chosen = fallback(siteSpaces);
    return siteSpaces.map((siteSpace) => ({ ...(section ? { section } : {}), siteSpace, prefix: siteSpace === chosen ? above : [...above, siteSpace.path] }));
  };
  if (structure.type !== 'sections') return shortest(structure.structure, []);
  const chosen = fallback(structure.structure);
  return structure.structure.flatMap((section) => shortest(section.siteSpaces, section === chosen ? [] : [section.path], section));
}

/** What a path without a section's (or site space's) own path leads to: the default, else the first. */
function fallback<T extends { default: boolean }>(items: T[]): T | undefined {
  return items.find((item) => item.default) ?? items[0];
}
