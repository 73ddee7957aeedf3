import type { Core } from '../../core';
import type { Role } from '../../../domain/roles';
import { presentSpace, spaceRowFor, type Space } from '../../spaces';
import { loadStructure, type GroupRow, type SectionRow, type SiteSpaceRow, type Structure } from './rows';
import { defaultSectionId, defaultSiteSpaceId, orderedSections, sectionsOfGroup, siteSpacesOf } from './order';
import { publishedBaseOf } from '../urls';
import { mapInOrder } from '../../in-order';

/** Who looks at a structure: embedded spaces carry that person's `permissions` (anonymous: none). */
export interface Viewer {
  role: Role | null;
  userId: string;
}
export const ANONYMOUS: Viewer = { role: null, userId: '' };

export interface SiteSpaceView {
  object: 'site-space';
  id: string;
  path: string;
  section?: string;
  space: Space | VisitorSpace;
  title: string;
  default: boolean;
  condition?: string;
  draft: false;
  hasAdvancedCustomizationFeature: boolean;
  urls: { published: string };
}

export interface SiteSectionView {
  object: 'site-section';
  id: string;
  title: string;
  description?: string;
  default: boolean;
  draft: false;
  path: string;
  condition?: string;
  sectionGroup?: string;
  icon?: string;
  siteSpaces: SiteSpaceView[];
  urls: { published: string };
}

export interface SiteSectionGroupView {
  object: 'site-section-group';
  id: string;
  title: string;
  icon?: string;
  draft: false;
  sections: SiteSectionView[];
  children: SiteSectionView[];
}

export type SiteStructureView = { type: 'sections'; structure: SiteSectionView[] } | { type: 'siteSpaces'; structure: SiteSpaceView[] };

/** What a visitor who is not a member with a role sees of a space: no revision, counts, parent or permissions. */
export interface VisitorSpace {
  object: 'space';
  id: string;
  title: string;
  emoji: string;
  visibility: Space['visibility'];
  urls: { published?: string; public?: string; icon?: string };
}

function visitorSpace(space: Space): VisitorSpace {
  const { published, public: publicUrl, icon } = space.urls;
  return {
    object: 'space',
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    urls: { ...(published ? { published } : {}), ...(publicUrl ? { public: publicUrl } : {}), ...(icon ? { icon } : {}) },
  };
}

/**
 * `draft` on sections, groups and site spaces: docsctl has no draft structure (every change to a
 * site's structure is live at once), so nothing is ever a draft.
 */
const LIVE = false as const;

/**
 * Presents a loaded structure: every object of it with its computed `default` flags and URLs. Only
 * site spaces that show are presented (see `SiteSpaceRow.visible`).
 */
export class StructureView {
  private readonly spaces = new Map<string, Space | VisitorSpace>();
  private readonly base: string;
  private readonly defaultSection: string | undefined;
  /** Visible site spaces by container (section id, or '' for the root), in order, and each container's default. */
  private readonly visible = new Map<string, SiteSpaceRow[]>();
  private readonly defaults = new Map<string, string | undefined>();
  readonly sections: SectionRow[];

  /** `base`: the site's published URL (without share key); sections and site spaces add their paths. */
  constructor(private readonly core: Core, readonly siteId: string, readonly organizationId: string, readonly structure: Structure, private readonly viewer: Viewer, base: string) {
    this.base = base;
    this.defaultSection = defaultSectionId(structure);
    this.sections = orderedSections(structure).map((s) => s.row);
  }

  static async load(core: Core, siteId: string, organizationId: string, viewer: Viewer): Promise<StructureView> {
    return new StructureView(core, siteId, organizationId, await loadStructure(core, siteId), viewer, await publishedBaseOf(core, siteId));
  }

  /** Visible site spaces of a container in order. */
  visibleIn(sectionId: string | null): SiteSpaceRow[] {
    const key = sectionId ?? '';
    let rows = this.visible.get(key);
    if (!rows) {
      rows = siteSpacesOf(this.structure, sectionId).filter((s) => s.visible);
      this.visible.set(key, rows);
      this.defaults.set(key, defaultSiteSpaceId(rows));
    }
    return rows;
  }

  isDefaultSiteSpace(row: SiteSpaceRow): boolean {
    this.visibleIn(row.section_id);
    return this.defaults.get(row.section_id ?? '') === row.id;
  }

  private async space(spaceId: string): Promise<Space | VisitorSpace> {
    let space = this.spaces.get(spaceId);
    if (!space) {
      const full = presentSpace(this.core, (await spaceRowFor(this.core, this.viewer.role, this.viewer.userId, spaceId, this.organizationId))!);
      space = this.viewer.role === null ? visitorSpace(full) : full;
      this.spaces.set(spaceId, space);
    }
    return space;
  }

  private sectionPath(sectionId: string | null): string {
    const section = sectionId ? this.structure.sections.find((s) => s.id === sectionId) : undefined;
    return section ? `${this.base}/${section.path}` : this.base;
  }

  async siteSpace(row: SiteSpaceRow): Promise<SiteSpaceView> {
    return {
      object: 'site-space',
      id: row.id,
      path: row.path,
      ...(row.section_id ? { section: row.section_id } : {}),
      space: await this.space(row.space_id),
      title: row.space_title,
      default: this.isDefaultSiteSpace(row),
      ...(row.condition !== null ? { condition: row.condition } : {}),
      draft: LIVE,
      hasAdvancedCustomizationFeature: false,
      urls: { published: `${this.sectionPath(row.section_id)}/${row.path}` },
    };
  }

  async section(row: SectionRow): Promise<SiteSectionView> {
    return {
      object: 'site-section',
      id: row.id,
      title: row.title,
      ...(row.description !== null ? { description: row.description } : {}),
      default: row.id === this.defaultSection,
      draft: LIVE,
      path: row.path,
      ...(row.condition !== null ? { condition: row.condition } : {}),
      ...(row.group_id ? { sectionGroup: row.group_id } : {}),
      ...(row.icon !== null ? { icon: row.icon } : {}),
      siteSpaces: await mapInOrder(this.visibleIn(row.id), async (s) => await this.siteSpace(s)),
      urls: { published: this.sectionPath(row.id) },
    };
  }

  async group(row: GroupRow): Promise<SiteSectionGroupView> {
    const sections = await mapInOrder(sectionsOfGroup(this.structure, row.id), async (s) => await this.section(s));
    return {
      object: 'site-section-group',
      id: row.id,
      title: row.title,
      ...(row.icon !== null ? { icon: row.icon } : {}),
      draft: LIVE,
      sections,
      // A group holds sections only (no nested groups or external links here): `children` are `sections`.
      children: sections,
    };
  }

  /** The whole structure as published content carries it. */
  async whole(): Promise<SiteStructureView> {
    if (this.sections.length) return { type: 'sections', structure: await mapInOrder(this.sections, async (s) => await this.section(s)) };
    return { type: 'siteSpaces', structure: await mapInOrder(this.visibleIn(null), async (s) => await this.siteSpace(s)) };
  }
}

/**
 * A site's structure for its published content: `{ type: 'sections', structure: SiteSection[] }` when
 * it has sections (in order, each with its site spaces in order), else `{ type: 'siteSpaces', structure:
 * SiteSpace[] }` (the root's). Embedded spaces carry the viewer's permissions (anonymous: none).
 */
export async function presentSiteStructure(core: Core, siteId: string, viewer: Viewer = ANONYMOUS): Promise<SiteStructureView> {
  const site = await core.get<{ organization_id: string }>('SELECT organization_id FROM sites WHERE id = ?', [siteId]);
  if (!site) return { type: 'siteSpaces', structure: [] };
  return await (await StructureView.load(core, siteId, site.organization_id, viewer)).whole();
}
