import { holds, type VisitorClaims } from './evaluate';
import { parseCondition } from './parse';

/** What adapting needs of a section or site space as presented. */
interface Conditional {
  condition?: string;
  default?: boolean;
}
interface WithSiteSpaces<S> {
  siteSpaces: S[];
}

/**
 * Whether an item with this condition shows to a visitor with these claims. No condition: it shows.
 * A stored condition that no longer parses (stored before conditions were checked) hides the item:
 * better hidden from everyone than shown to the wrong visitors.
 */
export function shows(condition: string | undefined, claims: VisitorClaims): boolean {
  if (condition === undefined) return true;
  try {
    return holds(parseCondition(condition), claims);
  } catch {
    return false;
  }
}

/** The items that show, in order; when the default is hidden, the first that shows becomes the default. */
function keepShown<T extends Conditional>(items: T[], claims: VisitorClaims): T[] {
  const kept = items.filter((item) => shows(item.condition, claims));
  const handOver = kept.length > 0 && !kept.some((item) => item.default);
  return kept.map((item, i) => (handOver && i === 0 ? { ...item, default: true } : item));
}

/** Root site spaces as a visitor with `claims` sees them. */
export function adaptSiteSpaces<S extends Conditional>(siteSpaces: S[], claims: VisitorClaims): S[] {
  return keepShown(siteSpaces, claims);
}

/** Sections (each with its site spaces) as a visitor with `claims` sees them; a section shows or hides by its own condition. */
export function adaptSections<S extends Conditional, T extends Conditional & WithSiteSpaces<S>>(sections: T[], claims: VisitorClaims): T[] {
  return keepShown(sections, claims).map((section) => ({ ...section, siteSpaces: keepShown(section.siteSpaces, claims) }));
}
