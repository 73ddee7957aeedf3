import { expect } from 'vitest';
import { testEngine, addMember } from './engine';
import { testApp, expectOk, type CallResult } from './app';
import type { Role } from '../../src/domain/roles';

export interface PageNode {
  id: string;
  title: string;
  slug: string;
  path: string;
  description: string;
  hidden: boolean;
  emoji?: string;
  pages: PageNode[];
}

/**
 * An organization with a space `spaceId` (created by the admin) on which `editor` has `edit`,
 * `reviewer` has `review` and `reader` has `read`; `stranger` is an organization member without access.
 * Helpers drive change requests and read content through the API.
 */
export async function contentSetup(options: Parameters<typeof testEngine>[0] = {}) {
  const t = await testEngine(options);
  const api = testApp(t.engine);
  const admin = { userId: t.adminId };
  const editor = await addMember(t.engine, t.orgId, 'editor@acme.test', 'read', 'Editor');
  const reviewer = await addMember(t.engine, t.orgId, 'reviewer@acme.test', 'read', 'Reviewer');
  const reader = await addMember(t.engine, t.orgId, 'reader@acme.test', 'read', 'Reader');
  const stranger = await addMember(t.engine, t.orgId, 'stranger@acme.test', 'read', 'Stranger');

  const grant = async (spaceId: string, role: Role, users: string[]) => await t.engine.spacePermissions.grant(admin, spaceId, { role, users });
  const createSpace = async (title = 'Docs'): Promise<string> => {
    const res = await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title } });
    expectOk(res, 'createSpace');
    const id = res.body.id as string;
    await grant(id, 'edit', [editor]);
    await grant(id, 'review', [reviewer]);
    await grant(id, 'read', [reader]);
    return id;
  };
  const spaceId = await createSpace();

  const crs = (space = spaceId) => `/v1/spaces/${space}/change-requests`;
  const crUrl = (ref: string | number, space = spaceId) => `${crs(space)}/${ref}`;

  const createCr = async (body: Record<string, unknown> = {}, as = t.adminId, space = spaceId) => {
    const res = await api.request('POST', crs(space), { as, body });
    expectOk(res, 'createChangeRequest');
    return res.body as { id: string; number: number; subject: string; revision: string; revisionInitial: string; status: string; outdated: boolean };
  };
  const getCr = async (ref: string | number, as = t.adminId, space = spaceId) => {
    const res = await api.request('GET', crUrl(ref, space), { as });
    expectOk(res, 'getChangeRequest');
    return res.body;
  };
  const write = async (cr: string, changes: unknown[], as = t.adminId, space = spaceId) =>
    await api.request('POST', `${crUrl(cr, space)}/content`, { as, body: { changes } });
  const writeOk = async (cr: string, changes: unknown[], as = t.adminId, space = spaceId) => {
    const res = await write(cr, changes, as, space);
    expectOk(res, 'writeChangeRequestContent');
    return res.body;
  };
  const merge = async (cr: string, as = t.adminId, space = spaceId) => await api.request('POST', `${crUrl(cr, space)}/merge`, { as });
  const update = async (cr: string, as = t.adminId, space = spaceId) => await api.request('POST', `${crUrl(cr, space)}/update`, { as });
  const patchCr = async (cr: string, body: unknown, as = t.adminId, space = spaceId) => await api.request('PATCH', crUrl(cr, space), { as, body });

  /** The page tree of the space (no cr) or of a change request. */
  const pages = async (cr?: string, space = spaceId): Promise<PageNode[]> => {
    const res = await api.request('GET', cr ? `${crUrl(cr, space)}/content/pages` : `/v1/spaces/${space}/content/pages`, { as: t.adminId });
    expectOk(res, cr ? 'listChangeRequestPages' : 'listSpacePages');
    return res.body.pages;
  };
  /** Every page of a tree, depth first. */
  const flat = (tree: PageNode[]): PageNode[] => tree.flatMap((p) => [p, ...flat(p.pages)]);
  const titles = async (cr?: string, space = spaceId) => flat(await pages(cr, space)).map((p) => p.title);
  /** A page's markdown, from the space (no cr) or a change request. */
  const markdownOf = async (pageId: string, cr?: string, space = spaceId): Promise<string> => {
    const base = cr ? `${crUrl(cr, space)}/content` : `/v1/spaces/${space}/content`;
    const res = await api.request('GET', `${base}/page/${pageId}?format=markdown`, { as: t.adminId });
    expectOk(res, cr ? 'getChangeRequestPage' : 'getSpacePage');
    return res.body.markdown;
  };
  const spaceOf = async (space = spaceId) => {
    const res = await api.request('GET', `/v1/spaces/${space}`, { as: t.adminId });
    expectOk(res, 'getSpaceById');
    return res.body;
  };
  const spaceRevision = async (space = spaceId): Promise<string> => (await spaceOf(space)).revision;

  /** Puts pages on the space's main content through a merged change request; returns their ids in order. */
  const seed = async (markdowns: string[], space = spaceId): Promise<string[]> => {
    const cr = await createCr({ subject: 'seed' }, t.adminId, space);
    const body = await writeOk(cr.id, markdowns.map((markdown) => ({ operation: 'insert_page', document: { markdown } })), t.adminId, space);
    const res = await merge(cr.id, t.adminId, space);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body.result).toBe('merge');
    return body.changes.map((c: { page: string }) => c.page);
  };
  /** Writes to a fresh change request and merges it, changing main. */
  const changeMain = async (changes: unknown[], space = spaceId) => {
    const cr = await createCr({ subject: 'main change' }, t.adminId, space);
    await writeOk(cr.id, changes, t.adminId, space);
    const res = await merge(cr.id, t.adminId, space);
    expectOk(res, 'mergeChangeRequest');
    expect(res.body.result).toBe('merge');
    return res.body.revision as string;
  };
  const count = async (sql: string, args: unknown[] = []) => (await t.engine.core.get<{ n: number }>(sql, args))!.n;

  return {
    ...t, api, admin, editor, reviewer, reader, stranger, grant, createSpace, spaceId, crs, crUrl,
    createCr, getCr, write, writeOk, merge, update, patchCr, pages, flat, titles, markdownOf, spaceOf, spaceRevision, seed, changeMain, count,
  };
}

export type ContentSetup = Awaited<ReturnType<typeof contentSetup>>;
export type { CallResult };

/** An engine, its app, a space and a change request, with the URL its content is written to. */
export async function changeRequestApi() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const space = await t.engine.spaces.create({ userId: t.adminId }, t.orgId, { title: 'S' });
  const cr = await t.engine.changeRequests.create({ userId: t.adminId }, space.id, {});
  return { t, api, space, cr, url: `/v1/spaces/${space.id}/change-requests/${cr.id}/content` };
}
