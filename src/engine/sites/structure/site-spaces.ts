import type { Actor, Core } from '../../core';
import { conflict, invalid, notFound } from '../../errors';
import type { PageRequest } from '../../pagination';
import type { spacesModule } from '../../spaces';
import { pageInMemory } from '../../content/in-memory-page';
import { siteContext, spaceForSite } from './access';
import { nextSiteSpacePosition, siteSpaceRow, type SiteSpaceRow } from './rows';
import { defaultSectionId, orderedSections, siteSpacesOf } from './order';
import { moveAmong } from './moves';
import { freePath, requireFreeSiteSpacePath, siteSpacePathTaken } from './paths';
import { repairDefaults } from './defaults';
import { checkCondition } from '../conditions';
import type { SiteSpaceView, StructureView } from './present';
import { mapInOrder } from '../../in-order';

export interface SiteSpaceCreate {
  spaceId: string;
  sectionId?: string;
}
export interface SiteSpacePatch {
  path?: string;
  condition?: string | null;
}
export interface SiteSpaceRef {
  type: 'site-space';
  siteSpace: string;
}

/** Adds a site space of `space` at the end of a container (a section, or the root), its path the space title's slug. */
export async function insertSiteSpace(core: Core, siteId: string, sectionId: string | null, space: { id: string; title: string }): Promise<string> {
  const id = core.newId();
  const path = await freePath(space.title, async (p) => await siteSpacePathTaken(core, siteId, sectionId, p));
  await core.run(
    'INSERT INTO site_spaces (id, site_id, section_id, space_id, path, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [id, siteId, sectionId, space.id, path, await nextSiteSpacePosition(core, siteId, sectionId), core.now()],
  );
  return id;
}

/** Site spaces: a space shown in a site, in a section or at the root of a site without sections. */
export function siteSpacesModule(core: Core, spaces: ReturnType<typeof spacesModule>) {
  /** A site space that shows; a hidden one (its space deleted) does not exist for these operations. */
  async function requireSiteSpace(siteId: string, siteSpaceId: string): Promise<SiteSpaceRow> {
    const row = await siteSpaceRow(core, siteId, siteSpaceId);
    if (!row || !row.visible) throw notFound(`site space ${siteSpaceId} not found in site ${siteId}`);
    return row;
  }

  const present = async (siteSpaceId: string, viewOf: () => Promise<StructureView>): Promise<SiteSpaceView> => {
    const view = await viewOf();
    const row = view.structure.siteSpaces.find((s) => s.id === siteSpaceId)!;
    return await view.siteSpace(row);
  };

  return {
    /** Every site space that shows: the root's, then each section's in section order. `default` filters on the flag. */
    async listSiteSpaces(actor: Actor, organizationId: string, siteId: string, query: PageRequest & { default?: boolean }) {
      const view = await (await siteContext(core, actor, organizationId, siteId, 'read')).view();
      type Keyed = { row: SiteSpaceRow; key: (string | number)[] };
      const all: Keyed[] = [
        ...view.visibleIn(null).map((row) => ({ row, key: [-1, '', -1, '', row.position, row.id] })),
        ...orderedSections(view.structure).flatMap((s) => view.visibleIn(s.row.id).map((row) => ({ row, key: [...s.key, row.position, row.id] }))),
      ];
      const wanted = query.default === undefined ? all : all.filter((s) => view.isDefaultSiteSpace(s.row) === query.default);
      const page = pageInMemory(
        { name: `site-spaces:${siteId}${query.default === undefined ? '' : `:${query.default}`}`, key: ['number', 'string', 'number', 'string', 'number', 'string'] },
        wanted, (s) => s.key, query,
      );
      return { ...page, items: await mapInOrder(page.items, async (s) => await view.siteSpace(s.row)) };
    },

    /** Adds a space to the site: to `sectionId`, else the default section, else the root (a site without sections). */
    async addSiteSpace(actor: Actor, organizationId: string, siteId: string, input: SiteSpaceCreate): Promise<SiteSpaceView> {
      return await core.write(async () => {
        const ctx = await siteContext(core, actor, organizationId, siteId, 'manage');
        const space = await spaceForSite(spaces, actor, ctx.site, input.spaceId);
        const structure = (await ctx.view()).structure;
        if (input.sectionId !== undefined && !structure.sections.some((s) => s.id === input.sectionId)) {
          throw invalid(`sectionId: no section ${input.sectionId} in this site`);
        }
        const sectionId = input.sectionId ?? defaultSectionId(structure) ?? null;
        if (siteSpacesOf(structure, sectionId).some((s) => s.space_id === space.id)) {
          throw conflict(`spaceId: space ${space.id} is already ${sectionId ? `in section ${sectionId}` : 'at the root of this site'}`);
        }
        const id = await insertSiteSpace(core, siteId, sectionId, space);
        await repairDefaults(core, siteId);
        return await present(id, ctx.view);
      });
    },

    async updateSiteSpace(actor: Actor, organizationId: string, siteId: string, siteSpaceId: string, patch: SiteSpacePatch): Promise<SiteSpaceView> {
      return await core.write(async () => {
        const ctx = await siteContext(core, actor, organizationId, siteId, 'manage');
        const row = await requireSiteSpace(siteId, siteSpaceId);
        if (typeof patch.condition === 'string') checkCondition(ctx.site, patch.condition);
        if (patch.path !== undefined) {
          await requireFreeSiteSpacePath(core, siteId, row.section_id, patch.path, siteSpaceId);
          await core.run('UPDATE site_spaces SET path = ? WHERE id = ?', [patch.path, siteSpaceId]);
        }
        if (patch.condition !== undefined) await core.run('UPDATE site_spaces SET condition = ? WHERE id = ?', [patch.condition, siteSpaceId]);
        return await present(siteSpaceId, ctx.view);
      });
    },

    /** Removes a space from the site; the first remaining one of its container becomes the default if it was. */
    async deleteSiteSpace(actor: Actor, organizationId: string, siteId: string, siteSpaceId: string): Promise<void> {
      await core.write(async () => {
        await siteContext(core, actor, organizationId, siteId, 'manage');
        await requireSiteSpace(siteId, siteSpaceId);
        await core.run('DELETE FROM site_spaces WHERE id = ?', [siteSpaceId]);
        await repairDefaults(core, siteId);
      });
    },

    /** Moves a site space among the site spaces of its section (or the root). */
    async moveSiteSpace(actor: Actor, organizationId: string, siteId: string, siteSpaceId: string, input: { position: { before?: SiteSpaceRef; after?: SiteSpaceRef } }): Promise<SiteSpaceView> {
      return await core.write(async () => {
        const ctx = await siteContext(core, actor, organizationId, siteId, 'manage');
        const row = await requireSiteSpace(siteId, siteSpaceId);
        const structure = (await ctx.view()).structure;
        // Hidden site spaces keep their place in the order but cannot be referred to.
        await moveAmong(
          core, siteSpacesOf(structure, row.section_id).map((s) => ({ kind: 'site-space', id: s.id })), { kind: 'site-space', id: siteSpaceId }, input.position,
          async (ref, field) => {
            const target = await siteSpaceRow(core, siteId, ref.siteSpace);
            if (target && !target.visible) throw invalid(`${field}: no site space ${ref.siteSpace} in this site`);
            return { kind: 'site-space', id: ref.siteSpace };
          },
          async (ref) => !!await siteSpaceRow(core, siteId, ref.id),
          row.section_id ? `the site spaces of section ${row.section_id}` : 'the site spaces at the root of the site',
        );
        return await present(siteSpaceId, ctx.view);
      });
    },
  };
}
