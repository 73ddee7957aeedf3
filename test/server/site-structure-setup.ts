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
export function structureSetup() {
  const t = testEngine();
  const api = testApp(t.engine);
  const reader = addMember(t.engine, t.orgId, 'reader@acme.test', 'read', 'Reader');
  const guest = addMember(t.engine, t.orgId, 'guest@acme.test', null, 'Guest');
  const other = otherOrganization(t.engine);
  const siteId = insertSite(t.engine, t.orgId, { title: 'Docs' });
  const alpha = createSpace(t.engine, t.orgId, t.adminId, 'Alpha');
  const beta = createSpace(t.engine, t.orgId, t.adminId, 'Beta');
  const gamma = createSpace(t.engine, t.orgId, t.adminId, 'Gamma');
  const base = (site = siteId, org = t.orgId) => `/v1/orgs/${org}/sites/${site}`;

  const call = (method: string, path: string, body?: unknown, as: string = t.adminId): CallResult =>
    api.request(method, `${base()}${path}`, { as, body });
  /** Calls and checks the answer against the route's contract; returns the body. */
  const ok = (operationId: keyof Routes, method: string, path: string, body?: unknown, as: string = t.adminId) => {
    const res = call(method, path, body, as);
    expectOk(res, operationId);
    return res.body;
  };

  const addSection = (spaceId: string, title?: string) => ok('addSiteSection', 'POST', '/sections', title ? { spaceId, title } : { spaceId });
  const addSiteSpace = (spaceId: string, sectionId?: string) => ok('addSiteSpace', 'POST', '/site-spaces', sectionId ? { spaceId, sectionId } : { spaceId });
  const createGroup = (title: string, sections?: string[]) => ok('createSiteSectionGroup', 'POST', '/section-groups', sections ? { title, sections } : { title });
  const listSections = (query = '', as: string = t.adminId) => ok('listSiteSections', 'GET', `/sections${query}`, undefined, as);
  const listSiteSpaces = (query = '', as: string = t.adminId) => ok('listSiteSpaces', 'GET', `/site-spaces${query}`, undefined, as);
  const listGroups = (query = '', as: string = t.adminId) => ok('listSiteSectionGroups', 'GET', `/section-groups${query}`, undefined, as);
  const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);
  /** The sections in order as `title*` (starred when default). */
  const sectionTitles = () => listSections().items.map((s: { title: string; default: boolean }) => `${s.title}${s.default ? '*' : ''}`);
  /** The site spaces in order as `section:title*`. */
  const siteSpaceTitles = () => listSiteSpaces().items.map((s: { section?: string; title: string; default: boolean }) => `${s.section ?? 'root'}:${s.title}${s.default ? '*' : ''}`);
  const deleteSpace = (spaceId: string) => t.engine.spaces.remove({ userId: t.adminId }, spaceId);
  const restoreSpace = (spaceId: string) => t.engine.spaces.restore({ userId: t.adminId }, spaceId);
  const expectStatus = (res: CallResult, status: number) => expect(res.status, JSON.stringify(res.body)).toBe(status);

  return {
    ...t, api, reader, guest, other, siteId, alpha, beta, gamma, base, call, ok,
    addSection, addSiteSpace, createGroup, listSections, listSiteSpaces, listGroups, ids, sectionTitles, siteSpaceTitles,
    deleteSpace, restoreSpace, expectStatus,
  };
}

export type StructureSetup = ReturnType<typeof structureSetup>;
