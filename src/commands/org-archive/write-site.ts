import { routes } from '../../api/routes/index';
import type { ArchivedSection, ArchivedSite, ArchivedSiteSpace } from '../../org-archive/model';
import type { Importer } from './importer';

/** A site space's path and condition, as archived. */
async function settleSiteSpace(im: Importer, siteParams: { organizationId: string; siteId: string }, siteSpaceId: string, s: ArchivedSiteSpace): Promise<void> {
  await im.api.call(routes.updateSiteSpace, { params: { ...siteParams, siteSpaceId }, body: { path: s.path, ...(s.condition ? { condition: s.condition } : {}) } });
}

function spaceOf(im: Importer, s: ArchivedSiteSpace): string {
  const spaceId = im.map.id('space', s.space);
  if (!spaceId) throw new Error(`its space ${s.space} was not imported`);
  return spaceId;
}

/** A section: made with its first site space, the others added to it, then its own fields and default. */
async function importSection(im: Importer, siteParams: { organizationId: string; siteId: string }, section: ArchivedSection): Promise<string> {
  const [first, ...rest] = section.siteSpaces;
  if (!first) throw new Error(`section "${section.title}" has no space, and a section is made from one`);
  const created = await im.api.call(routes.addSiteSection, { params: siteParams, body: { spaceId: spaceOf(im, first), title: section.title.slice(0, 64) } });
  const sectionId = created.id;
  im.map.setId('section', section.id, sectionId);
  const ids = new Map([[first.id, created.siteSpaces[0]?.id]]);
  for (const s of rest) {
    const added = await im.api.call(routes.addSiteSpace, { params: siteParams, body: { spaceId: spaceOf(im, s), sectionId } });
    ids.set(s.id, added.id);
  }
  for (const s of section.siteSpaces) if (ids.get(s.id)) await settleSiteSpace(im, siteParams, ids.get(s.id)!, s);
  const defaultSiteSpace = section.siteSpaces.find((s) => s.default);
  await im.api.call(routes.updateSiteSection, {
    params: { ...siteParams, siteSectionId: sectionId },
    body: {
      title: section.title,
      path: section.path,
      ...(section.condition ? { condition: section.condition } : {}),
      ...(section.icon ? { icon: section.icon } : {}),
      ...(section.description ? { description: section.description } : {}),
      ...(defaultSiteSpace && ids.get(defaultSiteSpace.id) ? { defaultSiteSpace: ids.get(defaultSiteSpace.id) } : {}),
    },
  });
  return sectionId;
}

/**
 * A site: made, its structure rebuilt in order (new sections and groups go after the others, so
 * making them in the archive's order keeps it), then its adaptive schema and settings. One step: a
 * failed site is made again from scratch on the next run, after the half-made one is deleted.
 */
export async function importSite(im: Importer, site: ArchivedSite): Promise<void> {
  const params = { organizationId: im.organizationId };
  await im.step(`site:${site.id}`, `site "${site.title}"`, async () => {
    const stale = im.map.id('site-attempt', site.id);
    if (stale) await im.api.call(routes.deleteSiteById, { params: { ...params, siteId: stale } }).catch(() => undefined);
    const created = await im.api.call(routes.createSite, { params, body: { type: site.type as never, title: site.title, visibility: site.visibility as never } });
    im.map.setId('site-attempt', site.id, created.id);
    const siteParams = { ...params, siteId: created.id };
    let defaultSection: string | undefined;
    let defaultSiteSpace: string | undefined;
    for (const item of site.structure) {
      if (item.kind === 'section') {
        const id = await importSection(im, siteParams, item.section);
        if (item.section.default) defaultSection = id;
      } else if (item.kind === 'group') {
        const sections = [];
        for (const section of item.sections) {
          const id = await importSection(im, siteParams, section);
          sections.push(id);
          if (section.default) defaultSection = id;
        }
        await im.api.call(routes.createSiteSectionGroup, { params: siteParams, body: { title: item.title, ...(item.icon ? { icon: item.icon } : {}), sections } });
      } else {
        const added = await im.api.call(routes.addSiteSpace, { params: siteParams, body: { spaceId: spaceOf(im, item.siteSpace) } });
        await settleSiteSpace(im, siteParams, added.id, item.siteSpace);
        if (item.siteSpace.default) defaultSiteSpace = added.id;
      }
    }
    if (site.adaptiveSchema) await im.api.call(routes.updateSiteAdaptiveSchema, { params: siteParams, body: { jsonSchema: site.adaptiveSchema } });
    await im.api.call(routes.updateSiteById, {
      params: siteParams,
      body: {
        ...(site.basename ? { basename: site.basename } : {}),
        ...(site.hostname ? { hostname: site.hostname } : {}),
        ...(site.proxy ? { proxy: site.proxy } : {}),
        adaptiveContent: { enabled: site.adaptiveContent },
        ...(defaultSection ? { defaultSiteSection: defaultSection } : {}),
        ...(defaultSiteSpace ? { defaultSiteSpace } : {}),
        published: site.published,
      },
    });
    im.map.setId('site', site.id, created.id);
    im.created.set('sites', (im.created.get('sites') ?? 0) + 1);
  });
}
