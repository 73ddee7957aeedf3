import type { Actor, Core } from '../../core';
import { invalid, notFound } from '../../errors';
import type { PageRequest } from '../../pagination';
import { pageInMemory } from '../../content/in-memory-page';
import { siteContext } from './access';
import { groupRow, sectionRow, type GroupRow } from './rows';
import { sectionsOfGroup, topLevel, topLevelPlaced, nextTopLevelPosition } from './order';
import { moveAmong, writeOrder, type Placed } from './moves';
import type { SiteSectionGroupView, StructureView } from './present';
import { mapInOrder } from '../../in-order';

export interface GroupCreate {
  title: string;
  icon?: string | null;
  sections?: string[];
}
export interface GroupPatch {
  title?: string;
  icon?: string | null;
}
/** A group's move ref: a top-level section (api.md's shape) or, as docsctl adds, a group. */
export interface GroupRef {
  type: 'site-section' | 'site-section-group';
  id: string;
}

const emptyToNull = (value: string | null | undefined) => (value === '' ? null : value);

/**
 * Section groups: they hold sections and take a place among the site's top-level items. A section
 * belongs to at most one group; a group adds no path segment to its sections' URLs.
 */
export function groupsModule(core: Core) {
  function requireGroup(view: StructureView, groupId: string): GroupRow {
    const row = view.structure.groups.find((g) => g.id === groupId);
    if (!row) throw notFound(`section group ${groupId} not found in site ${view.siteId}`);
    return row;
  }

  /** Puts sections (in the given order) at the end of a group, taking them out of wherever they were. */
  async function takeInto(groupId: string, sectionIds: string[], after: number): Promise<void> {
    await mapInOrder(sectionIds, async (id, i) => await core.run('UPDATE site_sections SET group_id = ?, position = ? WHERE id = ?', [groupId, after + 1 + i, id]));
  }

  /** The group as it is now, after a change (the structure loaded again). */
  const present = async (groupId: string, viewOf: () => Promise<StructureView>): Promise<SiteSectionGroupView> => {
    const view = await viewOf();
    return await view.group(requireGroup(view, groupId));
  };

  return {
    async listGroups(actor: Actor, organizationId: string, siteId: string, query: PageRequest) {
      const view = await (await siteContext(core, actor, organizationId, siteId, 'read')).view();
      const groups = topLevel(view.structure).flatMap((item) => (item.kind === 'group' ? [item.row] : []));
      const page = pageInMemory({ name: `site-section-groups:${siteId}`, key: ['number', 'string'] }, groups, (g) => [g.position, g.id], query);
      return { ...page, items: await mapInOrder(page.items, async (g) => await view.group(g)) };
    },

    async createGroup(actor: Actor, organizationId: string, siteId: string, input: GroupCreate): Promise<SiteSectionGroupView> {
      return await core.write(async () => {
        const ctx = await siteContext(core, actor, organizationId, siteId, 'manage');
        const structure = (await ctx.view()).structure;
        const sections = input.sections ?? [];
        sections.forEach((id, i) => {
          if (!structure.sections.some((s) => s.id === id)) throw invalid(`sections[${i}]: no section ${id} in this site`);
          if (sections.indexOf(id) !== i) throw invalid(`sections[${i}]: section ${id} is listed twice`);
        });
        const id = core.newId();
        await core.run('INSERT INTO site_section_groups (id, site_id, title, icon, position, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
          id, siteId, input.title, emptyToNull(input.icon) ?? null, nextTopLevelPosition(structure), core.now(),
        ]);
        await takeInto(id, sections, -1);
        return await present(id, ctx.view);
      });
    },

    async updateGroup(actor: Actor, organizationId: string, siteId: string, groupId: string, patch: GroupPatch): Promise<SiteSectionGroupView> {
      return await core.write(async () => {
        const ctx = await siteContext(core, actor, organizationId, siteId, 'manage');
        requireGroup(await ctx.view(), groupId);
        if (patch.title !== undefined) await core.run('UPDATE site_section_groups SET title = ? WHERE id = ?', [patch.title, groupId]);
        if (patch.icon !== undefined) await core.run('UPDATE site_section_groups SET icon = ? WHERE id = ?', [emptyToNull(patch.icon), groupId]);
        return await present(groupId, ctx.view);
      });
    },

    /** Deletes a group; its sections stay, back at the top level where the group was, in their order. */
    async deleteGroup(actor: Actor, organizationId: string, siteId: string, groupId: string): Promise<void> {
      await core.write(async () => {
        const view = await (await siteContext(core, actor, organizationId, siteId, 'manage')).view();
        requireGroup(view, groupId);
        const order = topLevelPlaced(view.structure).flatMap((item): Placed[] =>
          item.kind === 'group' && item.id === groupId ? sectionsOfGroup(view.structure, groupId).map((s) => ({ kind: 'section', id: s.id })) : [item]);
        await core.run('UPDATE site_sections SET group_id = NULL WHERE group_id = ?', [groupId]);
        await core.run('DELETE FROM site_section_groups WHERE id = ?', [groupId]);
        await writeOrder(core, order);
      });
    },

    /** Adds a section (last) to a group, out of the top level or another group; already there: no change. */
    async addSectionToGroup(actor: Actor, organizationId: string, siteId: string, groupId: string, input: { sectionId: string }): Promise<SiteSectionGroupView> {
      return await core.write(async () => {
        const ctx = await siteContext(core, actor, organizationId, siteId, 'manage');
        const view = await ctx.view();
        requireGroup(view, groupId);
        const section = await sectionRow(core, siteId, input.sectionId);
        if (!section) throw invalid(`sectionId: no section ${input.sectionId} in this site`);
        if (section.group_id !== groupId) {
          const inGroup = sectionsOfGroup(view.structure, groupId);
          await takeInto(groupId, [section.id], Math.max(-1, ...inGroup.map((s) => s.position)));
        }
        return await present(groupId, ctx.view);
      });
    },

    /** Takes a section out of a group: it stays in the site, at the top level right after the group. */
    async removeSectionFromGroup(actor: Actor, organizationId: string, siteId: string, groupId: string, sectionId: string): Promise<void> {
      await core.write(async () => {
        const view = await (await siteContext(core, actor, organizationId, siteId, 'manage')).view();
        requireGroup(view, groupId);
        const section = await sectionRow(core, siteId, sectionId);
        if (!section || section.group_id !== groupId) throw notFound(`section ${sectionId} not found in section group ${groupId}`);
        const order = topLevelPlaced(view.structure).flatMap((item): Placed[] =>
          item.kind === 'group' && item.id === groupId ? [item, { kind: 'section', id: sectionId }] : [item]);
        await core.run('UPDATE site_sections SET group_id = NULL WHERE id = ?', [sectionId]);
        await writeOrder(core, order);
      });
    },

    /** Moves a group among the top-level items (sections and groups). */
    async moveGroup(actor: Actor, organizationId: string, siteId: string, groupId: string, input: { position: { before?: GroupRef; after?: GroupRef } }): Promise<SiteSectionGroupView> {
      return await core.write(async () => {
        const ctx = await siteContext(core, actor, organizationId, siteId, 'manage');
        const view = await ctx.view();
        requireGroup(view, groupId);
        await moveAmong(
          core, topLevelPlaced(view.structure), { kind: 'group', id: groupId }, input.position,
          (ref) => ({ kind: ref.type === 'site-section' ? 'section' : 'group', id: ref.id }),
          async (ref) => (ref.kind === 'group' ? !!await groupRow(core, siteId, ref.id) : !!await sectionRow(core, siteId, ref.id)),
          'groups move among the top-level sections and groups',
        );
        return await present(groupId, ctx.view);
      });
    },
  };
}
