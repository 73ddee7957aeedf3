import { adaptSections, adaptSiteSpaces, type VisitorClaims } from '../../domain/condition/index';
import type { SiteSectionView, SiteSpaceView, SiteStructureView } from './structure/present';

/** A site space without its condition: what decides who sees it stays with the site's members. */
function bare(siteSpace: SiteSpaceView): SiteSpaceView {
  const { condition: _condition, ...rest } = siteSpace;
  return rest;
}

function bareSection(section: SiteSectionView): SiteSectionView {
  const { condition: _condition, ...rest } = section;
  return { ...rest, siteSpaces: section.siteSpaces.map(bare) };
}

/**
 * The structure as a visitor (anyone without a role) sees it. With adaptive content on (`claims`
 * given), only sections and site spaces whose condition holds for the visitor's claims, a hidden
 * default handing over to the first that shows; without it, everything. Conditions are never shown.
 */
export function visitorStructure(structure: SiteStructureView, claims: VisitorClaims | undefined): SiteStructureView {
  if (structure.type === 'sections') {
    const sections = claims ? adaptSections(structure.structure, claims) : structure.structure;
    return { type: 'sections', structure: sections.map(bareSection) };
  }
  const siteSpaces = claims ? adaptSiteSpaces(structure.structure, claims) : structure.structure;
  return { type: 'siteSpaces', structure: siteSpaces.map(bare) };
}

/** How many site spaces a structure shows. */
export function siteSpacesIn(structure: SiteStructureView): number {
  return structure.type === 'sections' ? structure.structure.reduce((n, s) => n + s.siteSpaces.length, 0) : structure.structure.length;
}
