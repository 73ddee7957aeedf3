import type { Actor, Core } from '../../core';
import { invalid, notFound } from '../../errors';
import type { PageRequest } from '../../pagination';
import type { spacesModule } from '../../spaces';
import { pageInMemory } from '../../content/in-memory-page';
import { siteContext, spaceForSite } from './access';
import { groupRow, sectionRow, siteSpaceRow, type SectionRow } from './rows';
import { nextTopLevelPosition, orderedSections, sectionsOfGroup, topLevelPlaced } from './order';
import { moveAmong, type Placed } from './moves';
import { freePath, requireFreeSectionPath, sectionPathTaken } from './paths';
import { markDefaultSiteSpace, repairDefaults } from './defaults';
import { insertSiteSpace } from './site-spaces';
import { checkCondition } from '../conditions';
import type { SiteSectionView, StructureView } from './present';
import { mapInOrder } from '../../in-order';

export interface SectionCreate {
  spaceId: string;
  title?: string;
}
export interface SectionPatch {
  title?: string;
  path?: string;
  defaultSiteSpace?: string;
  condition?: string | null;
  icon?: string | null;
  description?: string | null;
}
/** A section's move ref: another section (api.md's shape) or, at the top level, a group (docsctl adds it). */
export interface SectionRef {
  type: 'site-section' | 'site-section-group';
  siteSection?: string;
  siteSectionGroup?: string;
}

const emptyToNull = (value: string | null) => (value === '' ? null : value);

/**
 * Sections: a site either has sections, each holding site spaces, or site spaces at its root. The first
 * section takes the root's site spaces; exactly one section is the default.
 */
export function sectionsModule(core: Core, spaces: ReturnType<typeof spacesModule>) {
  function requireSection(view: StructureView, sectionId: string): SectionRow {
    const row = view.structure.sections.find((s) => s.id === sectionId);
    if (!row) throw notFound(`section ${sectionId} not found in site ${view.siteId}`);
    return row;
  }

  const present = async (sectionId: string, viewOf: () => Promise<StructureView>): Promise<SiteSectionView> => {
    const view = await viewOf();
    return await view.section(requireSection(view, sectionId));
  };

  return {
    async listSections(actor: Actor, organizationId: string, siteId: string, query: PageRequest) {
      const view = await (await siteContext(core, actor, organizationId, siteId, 'read')).view();
      const page = pageInMemory(
        { name: `site-sections:${siteId}`, key: ['number', 'string', 'number', 'string'] }, orderedSections(view.structure), (s) => s.key, query,
      );
      return { ...page, items: await mapInOrder(page.items, async (s) => await view.section(s.row)) };
    },

    /**
     * Adds a section at the end of the top level, holding a site space of `spaceId`. The site's first
     * section takes the site spaces at its root (and becomes the default); the space joins them unless
     * it is one of them.
     */
    async addSection(actor: Actor, organizationId: string, siteId: string, input: SectionCreate): Promise<SiteSectionView> {
      return await core.write(async () => {
        const ctx = await siteContext(core, actor, organizationId, siteId, 'manage');
        const space = await spaceForSite(spaces, actor, ctx.site, input.spaceId);
        const structure = (await ctx.view()).structure;
        const title = input.title ?? space.title;
        const id = core.newId();
        await core.run(
          'INSERT INTO site_sections (id, site_id, title, path, position, created_at) VALUES (?, ?, ?, ?, ?, ?)',
          [id, siteId, title, await freePath(title, async (p) => await sectionPathTaken(core, siteId, p)), nextTopLevelPosition(structure), core.now()],
        );
        await core.run('UPDATE site_spaces SET section_id = ? WHERE site_id = ? AND section_id IS NULL', [id, siteId]);
        if (!await core.get('SELECT 1 FROM site_spaces WHERE section_id = ? AND space_id = ?', [id, space.id])) await insertSiteSpace(core, siteId, id, space);
        await repairDefaults(core, siteId);
        return await present(id, ctx.view);
      });
    },

    async updateSection(actor: Actor, organizationId: string, siteId: string, sectionId: string, patch: SectionPatch): Promise<SiteSectionView> {
      return await core.write(async () => {
        const ctx = await siteContext(core, actor, organizationId, siteId, 'manage');
        requireSection(await ctx.view(), sectionId);
        if (typeof patch.condition === 'string') checkCondition(ctx.site, patch.condition);
        if (patch.defaultSiteSpace !== undefined) {
          const target = await siteSpaceRow(core, siteId, patch.defaultSiteSpace);
          if (!target || !target.visible || target.section_id !== sectionId) {
            throw invalid(`defaultSiteSpace: no site space ${patch.defaultSiteSpace} in section ${sectionId}`);
          }
          await markDefaultSiteSpace(core, target);
        }
        if (patch.path !== undefined) await requireFreeSectionPath(core, siteId, patch.path, sectionId);
        const sets: string[] = [];
        const args: unknown[] = [];
        const columns: [keyof SectionPatch, string][] = [['title', 'title'], ['path', 'path'], ['condition', 'condition'], ['icon', 'icon'], ['description', 'description']];
        for (const [field, column] of columns) {
          const value = patch[field];
          if (value === undefined) continue;
          sets.push(`${column} = ?`);
          args.push(field === 'icon' || field === 'description' ? emptyToNull(value) : value);
        }
        if (sets.length) await core.run(`UPDATE site_sections SET ${sets.join(', ')} WHERE id = ?`, [...args, sectionId]);
        return await present(sectionId, ctx.view);
      });
    },

    /** Deletes a section with its site spaces; the first remaining section becomes the default if it was. */
    async deleteSection(actor: Actor, organizationId: string, siteId: string, sectionId: string): Promise<void> {
      await core.write(async () => {
        requireSection(await (await siteContext(core, actor, organizationId, siteId, 'manage')).view(), sectionId);
        await core.run('DELETE FROM site_sections WHERE id = ?', [sectionId]);
        await repairDefaults(core, siteId);
      });
    },

    /** Moves a section among the sections of its level: the top level (with groups) or its group. */
    async moveSection(actor: Actor, organizationId: string, siteId: string, sectionId: string, input: { position: { before?: SectionRef; after?: SectionRef } }): Promise<SiteSectionView> {
      return await core.write(async () => {
        const ctx = await siteContext(core, actor, organizationId, siteId, 'manage');
        const view = await ctx.view();
        const section = requireSection(view, sectionId);
        const siblings: Placed[] = section.group_id
          ? sectionsOfGroup(view.structure, section.group_id).map((s) => ({ kind: 'section', id: s.id }))
          : topLevelPlaced(view.structure);
        await moveAmong(
          core, siblings, { kind: 'section', id: sectionId }, input.position,
          (ref, field) => {
            const [key, other] = ref.type === 'site-section' ? ['siteSection', 'siteSectionGroup'] as const : ['siteSectionGroup', 'siteSection'] as const;
            if (ref[other] !== undefined) throw invalid(`${field}.${other}: does not go with type "${ref.type}"`);
            const id = ref[key];
            if (!id) throw invalid(`${field}.${key}: is required`);
            return { kind: ref.type === 'site-section' ? 'section' : 'group', id };
          },
          async (ref) => (ref.kind === 'group' ? !!await groupRow(core, siteId, ref.id) : !!await sectionRow(core, siteId, ref.id)),
          section.group_id ? `the sections of group ${section.group_id}` : 'the top-level sections and groups',
        );
        return await present(sectionId, ctx.view);
      });
    },
  };
}
