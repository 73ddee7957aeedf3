import type { GroupRow, SectionRow, SiteSpaceRow, Structure } from './rows';

/**
 * The order of a site's structure. Top-level sections and section groups share one order (their
 * `position`, ties by id); the sections of a group have their own; site spaces are ordered within their
 * section or the root. Reading the whole site's sections "in order" walks the top level, expanding
 * each group into its sections.
 */
export type TopLevelItem = { kind: 'group'; row: GroupRow } | { kind: 'section'; row: SectionRow };

const byPosition = (a: { position: number; id: string }, b: { position: number; id: string }) =>
  a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export function topLevel(structure: Structure): TopLevelItem[] {
  const items: TopLevelItem[] = [
    ...structure.groups.map((row) => ({ kind: 'group' as const, row })),
    ...structure.sections.filter((s) => s.group_id === null).map((row) => ({ kind: 'section' as const, row })),
  ];
  return items.sort((a, b) => byPosition(a.row, b.row));
}

export function sectionsOfGroup(structure: Structure, groupId: string): SectionRow[] {
  return structure.sections.filter((s) => s.group_id === groupId).sort(byPosition);
}

/** Every section of the site in reading order, with a stable sort key for paging. */
export function orderedSections(structure: Structure): { row: SectionRow; key: [number, string, number, string] }[] {
  const out: { row: SectionRow; key: [number, string, number, string] }[] = [];
  for (const item of topLevel(structure)) {
    if (item.kind === 'section') out.push({ row: item.row, key: [item.row.position, item.row.id, -1, ''] });
    else for (const row of sectionsOfGroup(structure, item.row.id)) out.push({ row, key: [item.row.position, item.row.id, row.position, row.id] });
  }
  return out;
}

/** Site spaces of one container (a section id, or null for the root), in order, hidden ones included. */
export function siteSpacesOf(structure: Structure, sectionId: string | null): SiteSpaceRow[] {
  return structure.siteSpaces.filter((s) => s.section_id === sectionId).sort(byPosition);
}

/** The default section: the marked one, else the first in order (none without sections). */
export function defaultSectionId(structure: Structure): string | undefined {
  const sections = orderedSections(structure);
  return (sections.find((s) => s.row.is_default) ?? sections[0])?.row.id;
}

/** The default among the visible site spaces of a container: the marked one if it shows, else the first that shows. */
export function defaultSiteSpaceId(visibleInOrder: SiteSpaceRow[]): string | undefined {
  return (visibleInOrder.find((s) => s.is_default) ?? visibleInOrder[0])?.id;
}

/** The top level as movable items. */
export function topLevelPlaced(structure: Structure): { kind: 'group' | 'section'; id: string }[] {
  return topLevel(structure).map((item) => ({ kind: item.kind, id: item.row.id }));
}

/** A position after every top-level item (used for new sections and groups). */
export function nextTopLevelPosition(structure: Structure): number {
  return Math.max(-1, ...topLevel(structure).map((item) => item.row.position)) + 1;
}
