import { testEngine, otherOrganization, standardUsers } from '../helpers/engine';
import { testApp, expectOk } from '../helpers/app';

/**
 * An organization with sites: an admin, a `read` member, a `create` member, a guest, and an outsider
 * (the admin of another organization). Helpers create spaces and sites through the API.
 */
export async function sitesSetup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const { reader, creator, guest } = await standardUsers(t);
  const other = await otherOrganization(t.engine);
  const outsider = other.adminId;
  const sites = `/v1/orgs/${t.orgId}/sites`;
  const site = (id: string) => `${sites}/${id}`;

  const createSpace = async (title: string, orgId = t.orgId, as = t.adminId): Promise<string> => {
    const res = await api.request('POST', `/v1/orgs/${orgId}/spaces`, { as, body: { title } });
    expectOk(res, 'createSpace');
    return res.body.id as string;
  };
  const createSite = async (body: Record<string, unknown> = {}, as = t.adminId) => {
    const res = await api.request('POST', sites, { as, body });
    expectOk(res, 'createSite');
    return res.body;
  };
  const patch = async (id: string, body: unknown, as = t.adminId) => await api.request('PATCH', site(id), { as, body });
  const patchOk = async (id: string, body: unknown) => {
    const res = await patch(id, body);
    expectOk(res, 'updateSiteById');
    return res.body;
  };
  const get = async (id: string, as = t.adminId) => await api.request('GET', site(id), { as });
  const list = async (query = '', as = t.adminId) => await api.request('GET', `${sites}${query}`, { as });
  const published = async (id: string, as: string, query = '') => await api.request('GET', `${site(id)}/published${query}`, { as });
  const shareKey = async (id: string): Promise<string> => {
    const res = await api.request('GET', `${site(id)}/share-link`, { as: t.adminId });
    expectOk(res, 'getSiteShareLink');
    return res.body.shareKey;
  };
  /** Site spaces as stored: path, default flag and order. */
  const siteSpaceRows = async (siteId: string) =>
    await t.engine.core.all<{ id: string; space_id: string; section_id: string | null; path: string; is_default: number; position: number }>(
      'SELECT id, space_id, section_id, path, is_default, position FROM site_spaces WHERE site_id = ? ORDER BY position, id', [siteId],
    );
  /** Adds a section straight into the table (the structure routes have their own tests). */
  const addSection = async (siteId: string, title: string, position: number, isDefault = false): Promise<string> => {
    const id = t.engine.core.newId();
    await t.engine.core.run(
      'INSERT INTO site_sections (id, site_id, title, path, is_default, position, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [id, siteId, title, title.toLowerCase(), isDefault ? 1 : 0, position, t.engine.core.now()],
    );
    return id;
  };
  /** Moves a site space into a section straight in the table. */
  const putInSection = async (siteSpaceId: string, sectionId: string | null, isDefault: boolean) =>
    await t.engine.core.run('UPDATE site_spaces SET section_id = ?, is_default = ? WHERE id = ?', [sectionId, isDefault ? 1 : 0, siteSpaceId]);

  return {
    ...t, api, reader, creator, guest, other, outsider, sites, site,
    createSpace, createSite, patch, patchOk, get, list, published, shareKey, siteSpaceRows, addSection, putInSection,
  };
}

export type SitesSetup = Awaited<ReturnType<typeof sitesSetup>>;
