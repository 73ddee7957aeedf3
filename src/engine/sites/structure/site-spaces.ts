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
import type { SiteSpaceView, StructureView } from './present';

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
export function insertSiteSpace(core: Core, siteId: string, sectionId: string | null, space: { id: string; title: string }): string {
  const id = core.newId();
  const path = freePath(space.title, (p) => siteSpacePathTaken(core, siteId, sectionId, p));
  core.run(
    'INSERT INTO site_spaces (id, site_id, section_id, space_id, path, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    [id, siteId, sectionId, space.id, path, nextSiteSpacePosition(core, siteId, sectionId), core.now()],
  );
  return id;
}

/** Site spaces: a space shown in a site, in a section or at the root of a site without sections. */
export function siteSpacesModule(core: Core, spaces: ReturnType<typeof spacesModule>) {
  /** A site space that shows; a hidden one (its space deleted) does not exist for these operations. */
  function requireSiteSpace(siteId: string, siteSpaceId: string): SiteSpaceRow {
    const row = siteSpaceRow(core, siteId, siteSpaceId);
    if (!row || !row.visible) throw notFound(`site space ${siteSpaceId} not found in site ${siteId}`);
    return row;
  }

  const present = (siteSpaceId: string, viewOf: () => StructureView): SiteSpaceView => {
    const view = viewOf();
    const row = view.structure.siteSpaces.find((s) => s.id === siteSpaceId)!;
    return view.siteSpace(row);
  };

  return {
    /** Every site space that shows: the root's, then each section's in section order. `default` filters on the flag. */
    listSiteSpaces(actor: Actor, organizationId: string, siteId: string, query: PageRequest & { default?: boolean }) {
      const view = siteContext(core, actor, organizationId, siteId, 'read').view();
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
      return { ...page, items: page.items.map((s) => view.siteSpace(s.row)) };
    },

    /** Adds a space to the site: to `sectionId`, else the default section, else the root (a site without sections). */
    addSiteSpace(actor: Actor, organizationId: string, siteId: string, input: SiteSpaceCreate): SiteSpaceView {
      return core.write(() => {
        const ctx = siteContext(core, actor, organizationId, siteId, 'manage');
        const space = spaceForSite(spaces, actor, ctx.site, input.spaceId);
        const structure = ctx.view().structure;
        if (input.sectionId !== undefined && !structure.sections.some((s) => s.id === input.sectionId)) {
          throw invalid(`sectionId: no section ${input.sectionId} in this site`);
        }
        const sectionId = input.sectionId ?? defaultSectionId(structure) ?? null;
        if (siteSpacesOf(structure, sectionId).some((s) => s.space_id === space.id)) {
          throw conflict(`spaceId: space ${space.id} is already ${sectionId ? `in section ${sectionId}` : 'at the root of this site'}`);
        }
        const id = insertSiteSpace(core, siteId, sectionId, space);
        repairDefaults(core, siteId);
        return present(id, ctx.view);
      });
    },

    updateSiteSpace(actor: Actor, organizationId: string, siteId: string, siteSpaceId: string, patch: SiteSpacePatch): SiteSpaceView {
      return core.write(() => {
        const ctx = siteContext(core, actor, organizationId, siteId, 'manage');
        const row = requireSiteSpace(siteId, siteSpaceId);
        if (patch.path !== undefined) {
          requireFreeSiteSpacePath(core, siteId, row.section_id, patch.path, siteSpaceId);
          core.run('UPDATE site_spaces SET path = ? WHERE id = ?', [patch.path, siteSpaceId]);
        }
        if (patch.condition !== undefined) core.run('UPDATE site_spaces SET condition = ? WHERE id = ?', [patch.condition, siteSpaceId]);
        return present(siteSpaceId, ctx.view);
      });
    },

    /** Removes a space from the site; the first remaining one of its container becomes the default if it was. */
    deleteSiteSpace(actor: Actor, organizationId: string, siteId: string, siteSpaceId: string): void {
      core.write(() => {
        siteContext(core, actor, organizationId, siteId, 'manage');
        requireSiteSpace(siteId, siteSpaceId);
        core.run('DELETE FROM site_spaces WHERE id = ?', [siteSpaceId]);
        repairDefaults(core, siteId);
      });
    },

    /** Moves a site space among the site spaces of its section (or the root). */
    moveSiteSpace(actor: Actor, organizationId: string, siteId: string, siteSpaceId: string, input: { position: { before?: SiteSpaceRef; after?: SiteSpaceRef } }): SiteSpaceView {
      return core.write(() => {
        const ctx = siteContext(core, actor, organizationId, siteId, 'manage');
        const row = requireSiteSpace(siteId, siteSpaceId);
        const structure = ctx.view().structure;
        // Hidden site spaces keep their place in the order but cannot be referred to.
        moveAmong(
          core, siteSpacesOf(structure, row.section_id).map((s) => ({ kind: 'site-space', id: s.id })), { kind: 'site-space', id: siteSpaceId }, input.position,
          (ref, field) => {
            const target = siteSpaceRow(core, siteId, ref.siteSpace);
            if (target && !target.visible) throw invalid(`${field}: no site space ${ref.siteSpace} in this site`);
            return { kind: 'site-space', id: ref.siteSpace };
          },
          (ref) => !!siteSpaceRow(core, siteId, ref.id),
          row.section_id ? `the site spaces of section ${row.section_id}` : 'the site spaces at the root of the site',
        );
        return present(siteSpaceId, ctx.view);
      });
    },
  };
}
