import { expect } from 'vitest';
import { addMember, otherOrganization, testEngine } from '../helpers/engine';
import { expectOk, type CallResult } from '../helpers/app';
import { testApp } from '../helpers/app';
import { createSpace, insertSite } from '../helpers/sites';
import type { Routes } from '../../src/api/routes/index';

/**
 * An organization with an admin, a `read` member (reads sites, cannot change them), a guest (sees no
 * site), another organization's admin, one site and three spaces Alpha, Beta and Gamma. Helpers call
 * the structure routes and read ids back.
 */
export async function structureSetup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const reader = await addMember(t.engine, t.orgId, 'reader@acme.test', 'read', 'Reader');
  const guest = await addMember(t.engine, t.orgId, 'guest@acme.test', null, 'Guest');
  const other = await otherOrganization(t.engine);
  const siteId = await insertSite(t.engine, t.orgId, { title: 'Docs' });
  const alpha = await createSpace(t.engine, t.orgId, t.adminId, 'Alpha');
  const beta = await createSpace(t.engine, t.orgId, t.adminId, 'Beta');
  const gamma = await createSpace(t.engine, t.orgId, t.adminId, 'Gamma');
  const base = (site = siteId, org = t.orgId) => `/v1/orgs/${org}/sites/${site}`;

  const call = async (method: string, path: string, body?: unknown, as: string = t.adminId): Promise<CallResult> =>
    await api.request(method, `${base()}${path}`, { as, body });
  /** Calls and checks the answer against the route's contract; returns the body. */
  const ok = async (operationId: keyof Routes, method: string, path: string, body?: unknown, as: string = t.adminId) => {
    const res = await call(method, path, body, as);
    expectOk(res, operationId);
    return res.body;
  };

  const addSection = async (spaceId: string, title?: string) => await ok('addSiteSection', 'POST', '/sections', title ? { spaceId, title } : { spaceId });
  const addSiteSpace = async (spaceId: string, sectionId?: string) => await ok('addSiteSpace', 'POST', '/site-spaces', sectionId ? { spaceId, sectionId } : { spaceId });
  const createGroup = async (title: string, sections?: string[]) => await ok('createSiteSectionGroup', 'POST', '/section-groups', sections ? { title, sections } : { title });
  const listSections = async (query = '', as: string = t.adminId) => await ok('listSiteSections', 'GET', `/sections${query}`, undefined, as);
  const listSiteSpaces = async (query = '', as: string = t.adminId) => await ok('listSiteSpaces', 'GET', `/site-spaces${query}`, undefined, as);
  const listGroups = async (query = '', as: string = t.adminId) => await ok('listSiteSectionGroups', 'GET', `/section-groups${query}`, undefined, as);
  const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);
  /** The sections in order as `title*` (starred when default). */
  const sectionTitles = async () => (await listSections()).items.map((s: { title: string; default: boolean }) => `${s.title}${s.default ? '*' : ''}`);
  /** The site spaces in order as `section:title*`. */
  const siteSpaceTitles = async () => (await listSiteSpaces()).items.map((s: { section?: string; title: string; default: boolean }) => `${s.section ?? 'root'}:${s.title}${s.default ? '*' : ''}`);
  const deleteSpace = async (spaceId: string) => await t.engine.spaces.remove({ userId: t.adminId }, spaceId);
  const restoreSpace = async (spaceId: string) => await t.engine.spaces.restore({ userId: t.adminId }, spaceId);
  const expectStatus = (res: CallResult, status: number) => expect(res.status, JSON.stringify(res.body)).toBe(status);

  return {
    ...t, api, reader, guest, other, siteId, alpha, beta, gamma, base, call, ok,
    addSection, addSiteSpace, createGroup, listSections, listSiteSpaces, listGroups, ids, sectionTitles, siteSpaceTitles,
    deleteSpace, restoreSpace, expectStatus,
  };
}

export type StructureSetup = Awaited<ReturnType<typeof structureSetup>>;
