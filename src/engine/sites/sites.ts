import { randomBytes } from 'node:crypto';
import type { Actor, Core } from '../core';
import { newSigningSecret } from '../jwt';
import { requireMember } from '../access';
import { conflict, forbidden, invalid, notFound } from '../errors';
import { keysetPage, likePattern, type PageRequest } from '../pagination';
import type { spacesModule } from '../spaces';
import { canManageSites, siteFor, type SiteRow } from './rows';
import type { NewSpaceKind, SiteType, SiteVisibility } from '../../domain/site-values';
import type { Role } from '../../domain/roles';
import { COUNTED_SITE_COLUMNS, countedSite, presentSite, type CountedSiteRow, type Site } from './present';
import { knownHosts, organizationHosts, publishedBase, shareUrlOf } from './urls';
import { addInitialSiteSpaces } from './create';
import { checkAdaptiveSchema, presentAdaptiveSchema } from './adaptive';
import { refuseBreakingSchema } from './conditions';
import { publishedContentSite, type PublishedQuery } from './published';
import { setDefaultSection, setDefaultSiteSpace } from './structure/defaults';
import { siteSpaceRow } from './structure/rows';

export interface SiteCreate {
  type?: SiteType;
  title?: string;
  visibility?: SiteVisibility;
  spaces?: string[] | NewSpaceKind;
}

export interface SitePatch {
  title?: string;
  visibility?: SiteVisibility;
  basename?: string | null;
  hostname?: string | null;
  proxy?: string | null;
  adaptiveContent?: { enabled: boolean };
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
  published?: boolean;
}

/** A share key: 24 random bytes, 32 URL-safe characters. */
export const newShareKey = () => randomBytes(24).toString('base64url');

/** Sites: create/list/get/update/delete, share keys, adaptive schema, published content (issue 6). */
export function sitesModule(core: Core, spaces: ReturnType<typeof spacesModule>) {
  // Whoever may read a site is a member with a role, who may know its share key (see decisions.md).
  const present = async (siteId: string, role: Role | null): Promise<Site> => await presentSite(core, (await countedSite(core, siteId))!, { withShareKey: true, role });

  const visitorAuthOf = (site: SiteRow) => ({
    object: 'site-visitor-auth' as const,
    backend: 'custom' as const,
    signingKey: site.visitor_signing_key!,
    fallbackUrl: site.visitor_fallback_url,
  });
  const shareLinkOf = async (site: SiteRow) => ({
    object: 'site-share-link' as const,
    shareKey: site.share_key,
    url: shareUrlOf(publishedBase(core, site, await organizationHosts(core, site.organization_id)), site.share_key),
  });

  /** 409 when another site already uses the host name, or the basename under the organization's own host. */
  async function checkAddress(site: SiteRow, next: { hostname: string | null; basename: string | null }): Promise<void> {
    if (next.hostname !== null && next.hostname !== site.hostname) {
      if (await core.get('SELECT 1 FROM sites WHERE hostname = ? AND id <> ?', [next.hostname, site.id])) {
        throw conflict(`hostname: "${next.hostname}" is already used by another site`);
      }
    }
    // Sites without a custom host name share the organization's: their basenames must differ.
    if (next.hostname === null && next.basename !== null) {
      const taken = await core.get<{ id: string }>(
        'SELECT id FROM sites WHERE organization_id = ? AND hostname IS NULL AND basename = ? AND id <> ?',
        [site.organization_id, next.basename, site.id],
      );
      if (taken) throw conflict(`basename: "${next.basename}" is already used by site ${taken.id} of this organization`);
    }
  }

  /** Sets the defaults a PATCH names; a site space's section becomes the default section too. */
  async function setDefaults(siteId: string, patch: SitePatch): Promise<void> {
    if (patch.defaultSiteSection !== undefined && patch.defaultSiteSpace !== undefined) {
      const siteSpace = await siteSpaceRow(core, siteId, patch.defaultSiteSpace);
      if (siteSpace && siteSpace.section_id !== patch.defaultSiteSection) {
        throw invalid(`defaultSiteSpace: site space ${patch.defaultSiteSpace} is not in section ${patch.defaultSiteSection} (defaultSiteSection)`);
      }
    }
    if (patch.defaultSiteSection !== undefined) await setDefaultSection(core, siteId, patch.defaultSiteSection);
    if (patch.defaultSiteSpace !== undefined) await setDefaultSiteSpace(core, siteId, patch.defaultSiteSpace);
  }

  return {
    async list(actor: Actor, organizationId: string, query: PageRequest & { space?: string; title?: string; published?: boolean }) {
      const { role } = await requireMember(core, actor, organizationId);
      if (role === null) throw forbidden('you are not allowed to list sites (guests cannot)');
      const where = ['st.organization_id = ?'];
      const args: unknown[] = [organizationId];
      if (query.space !== undefined) {
        where.push(`EXISTS (SELECT 1 FROM site_spaces y JOIN spaces sq ON sq.id = y.space_id
          WHERE y.site_id = st.id AND y.space_id = ? AND sq.deleted_at IS NULL AND sq.organization_id = st.organization_id)`);
        args.push(query.space);
      }
      if (query.title !== undefined) {
        where.push("st.title LIKE ? ESCAPE '\\'");
        args.push(likePattern(query.title));
      }
      if (query.published !== undefined) {
        where.push('st.published = ?');
        args.push(query.published ? 1 : 0);
      }
      return await keysetPage<CountedSiteRow, Site>(core, {
        listing: 'sites',
        from: 'sites st',
        columns: COUNTED_SITE_COLUMNS,
        where,
        args,
        orderBy: ['st.created_at', 'st.id'],
        direction: 'asc',
        keyOf: (row) => [row.created_at, row.id],
        present: async (row) => await presentSite(core, row, { withShareKey: true, role }),
      }, query);
    },

    async create(actor: Actor, organizationId: string, input: SiteCreate): Promise<Site> {
      const { role } = await requireMember(core, actor, organizationId);
      if (!canManageSites(role)) throw forbidden('you are not allowed to create sites (admin role required)');
      return await core.write(async () => {
        const id = core.newId();
        const now = core.now();
        const title = input.title ?? 'Untitled site';
        await core.run(
          `INSERT INTO sites (id, organization_id, type, title, visibility, published, share_key, created_by, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?)`,
          [id, organizationId, input.type ?? 'basic', title, input.visibility ?? 'public', newShareKey(), actor.userId, now, now],
        );
        await addInitialSiteSpaces(core, spaces, actor, organizationId, { id, title }, input.spaces);
        return await present(id, role);
      });
    },

    async get(actor: Actor, organizationId: string, siteId: string): Promise<Site> {
      // As siteFor reads it (404 for a guest or a site of no such organization), with what the answer
      // shows in one statement: its counted row and its organization's hosts (after another replica's
      // write, one round trip on PostgreSQL where there were three).
      const { role } = await requireMember(core, actor, organizationId);
      const row = await core.get<CountedSiteRow & { org_hostname: string | null; org_custom_hostname: string | null }>(
        `SELECT ${COUNTED_SITE_COLUMNS}, o.hostname AS org_hostname, o.custom_hostname AS org_custom_hostname
         FROM sites st JOIN organizations o ON o.id = st.organization_id WHERE st.id = ? AND st.organization_id = ?`,
        [siteId, organizationId],
      );
      if (!row || role === null) throw notFound(`site ${siteId} not found`);
      const { org_hostname: hostname, org_custom_hostname: customHostname, ...site } = row;
      await knownHosts(core, organizationId, { hostname, custom_hostname: customHostname });
      return await presentSite(core, site, { withShareKey: true, role });
    },

    async update(actor: Actor, organizationId: string, siteId: string, patch: SitePatch): Promise<Site> {
      return await core.write(async () => {
        const { site, role } = await siteFor(core, actor, organizationId, siteId, 'manage');
        const hostname = patch.hostname === undefined ? site.hostname : patch.hostname;
        const basename = patch.basename === undefined ? site.basename : patch.basename;
        await checkAddress(site, { hostname, basename });
        await setDefaults(siteId, patch);
        const columns: [string, unknown][] = [];
        if (patch.title !== undefined) columns.push(['title', patch.title]);
        if (patch.visibility !== undefined) columns.push(['visibility', patch.visibility]);
        if (patch.basename !== undefined) columns.push(['basename', patch.basename]);
        if (patch.hostname !== undefined) columns.push(['hostname', patch.hostname]);
        if (patch.proxy !== undefined) columns.push(['proxy', patch.proxy]);
        if (patch.adaptiveContent !== undefined) columns.push(['adaptive_enabled', patch.adaptiveContent.enabled ? 1 : 0]);
        if (patch.published !== undefined) columns.push(['published', patch.published ? 1 : 0]);
        const changed = columns.length > 0 || patch.defaultSiteSection !== undefined || patch.defaultSiteSpace !== undefined;
        if (changed) {
          await core.run(`UPDATE sites SET ${[...columns.map(([c]) => `${c} = ?`), 'updated_at = ?'].join(', ')} WHERE id = ?`, [
            ...columns.map(([, v]) => v), core.now(), siteId,
          ]);
        }
        return await present(siteId, role);
      });
    },

    /** Deletes the site with its whole structure (the foreign keys cascade); the spaces stay. */
    async remove(actor: Actor, organizationId: string, siteId: string): Promise<void> {
      await core.write(async () => {
        await siteFor(core, actor, organizationId, siteId, 'manage');
        await core.run('DELETE FROM sites WHERE id = ?', [siteId]);
        // An organization whose default content was this site has none any more.
        await core.run("UPDATE organizations SET default_content = NULL WHERE id = ? AND json_extract(default_content, '$.site') = ?", [organizationId, siteId]);
      });
    },

    async adaptiveSchema(actor: Actor, organizationId: string, siteId: string) {
      return presentAdaptiveSchema(core, (await siteFor(core, actor, organizationId, siteId, 'read')).site);
    },

    async setAdaptiveSchema(actor: Actor, organizationId: string, siteId: string, input: { jsonSchema: Record<string, unknown> }) {
      return await core.write(async () => {
        await siteFor(core, actor, organizationId, siteId, 'manage');
        const schema = checkAdaptiveSchema(input.jsonSchema);
        await refuseBreakingSchema(core, siteId, schema);
        await core.run('UPDATE sites SET adaptive_schema = ?, adaptive_updated_at = ? WHERE id = ?', [JSON.stringify(schema), core.now(), siteId]);
        return presentAdaptiveSchema(core, (await siteFor(core, actor, organizationId, siteId, 'read')).site);
      });
    },

    async published(actor: Actor, organizationId: string, siteId: string, query: PublishedQuery) {
      return await publishedContentSite(core, actor, organizationId, siteId, query);
    },

    /** The site's visitor signing key (made on first read) and fallback URL: admins only, it is a secret. */
    async visitorAuth(actor: Actor, organizationId: string, siteId: string) {
      const { site } = await siteFor(core, actor, organizationId, siteId, 'manage');
      if (site.visitor_signing_key) return visitorAuthOf(site);
      return await core.write(async () => {
        await core.run('UPDATE sites SET visitor_signing_key = ? WHERE id = ? AND visitor_signing_key IS NULL', [newSigningSecret(), siteId]);
        return visitorAuthOf((await siteFor(core, actor, organizationId, siteId, 'manage')).site);
      });
    },

    async updateVisitorAuth(actor: Actor, organizationId: string, siteId: string, patch: { fallbackUrl?: string | null }) {
      return await core.write(async () => {
        await siteFor(core, actor, organizationId, siteId, 'manage');
        if (patch.fallbackUrl !== undefined) await core.run('UPDATE sites SET visitor_fallback_url = ?, updated_at = ? WHERE id = ?', [patch.fallbackUrl, core.now(), siteId]);
        await core.run('UPDATE sites SET visitor_signing_key = ? WHERE id = ? AND visitor_signing_key IS NULL', [newSigningSecret(), siteId]);
        return visitorAuthOf((await siteFor(core, actor, organizationId, siteId, 'manage')).site);
      });
    },

    /** A new visitor signing key: tokens signed with the old one are refused at once. */
    async rotateVisitorKey(actor: Actor, organizationId: string, siteId: string) {
      return await core.write(async () => {
        await siteFor(core, actor, organizationId, siteId, 'manage');
        await core.run('UPDATE sites SET visitor_signing_key = ?, updated_at = ? WHERE id = ?', [newSigningSecret(), core.now(), siteId]);
        return visitorAuthOf((await siteFor(core, actor, organizationId, siteId, 'manage')).site);
      });
    },

    async shareLink(actor: Actor, organizationId: string, siteId: string) {
      return await shareLinkOf((await siteFor(core, actor, organizationId, siteId, 'read')).site);
    },

    /** A new share key: links carrying the old one stop working at once. */
    async rotateShareLink(actor: Actor, organizationId: string, siteId: string) {
      return await core.write(async () => {
        await siteFor(core, actor, organizationId, siteId, 'manage');
        await core.run('UPDATE sites SET share_key = ?, updated_at = ? WHERE id = ?', [newShareKey(), core.now(), siteId]);
        return await shareLinkOf((await siteFor(core, actor, organizationId, siteId, 'read')).site);
      });
    },
  };
}
