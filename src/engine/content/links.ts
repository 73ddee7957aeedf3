import type { Actor, Core } from '../core';
import { notFound } from '../errors';
import type { PageRequest } from '../pagination';
import type { spacesModule } from '../spaces';
import type { changeRequestsModule } from '../change-requests';
import type { ContentRoot } from './reads';
import { pageInMemory } from './in-memory-page';
import { compareKeys, linkCache, orderKey, type RevisionLinks } from './link-analysis';
import type { LinkStatus, LinkTarget } from './link-targets';
import { documentOperation, latestSpecVersion, versionDocument } from './api-documents';

type Spaces = ReturnType<typeof spacesModule>;
type ChangeRequests = ReturnType<typeof changeRequestsModule>;

/** The content a listing is about: which revision of which space, and at which root. */
interface Content {
  organization: string;
  space: string;
  revision: string;
  /** Set at the change-request root: its id and the revision it started from (or was last updated from). */
  changeRequest?: { id: string; base: string };
}

export interface LinkQuery extends PageRequest {
  status?: LinkStatus;
}

const LINKS = { name: 'links', key: ['number', 'string'] as ('string' | 'number')[] };
const BACKLINKS = { name: 'backlinks', key: ['string', 'string'] as ('string' | 'number')[] };

/** Links of a revision's pages, classified, and backlinks of files. */
export function linksModule(core: Core, spaces: Spaces, changeRequests: ChangeRequests) {
  const cache = linkCache(core);

  async function contentOf(actor: Actor, root: ContentRoot): Promise<Content> {
    if (root.changeRequest) {
      const { space, cr } = await changeRequests.resolve(actor, root.spaceId, root.changeRequest);
      const base = cr.revision_merged_ancestor ?? cr.revision_initial;
      return { organization: space.organization_id, space: space.id, revision: cr.revision_id, changeRequest: { id: cr.id, base } };
    }
    const space = await spaces.visible(actor, root.spaceId);
    return { organization: space.organization_id, space: space.id, revision: space.revision_id };
  }

  const where = (content: Content) => (content.changeRequest ? `change request ${content.changeRequest.id}` : `space ${content.space}`);

  /** The targets in scope: the whole revision, or one page's links. */
  function targetsOf(links: RevisionLinks, pageId: string | undefined): LinkTarget[] {
    return pageId ? (links.byPage.get(pageId) ?? []) : links.entries.map((e) => e.target);
  }

  /**
   * `stats.broken.changeRequest`: broken targets that change requests introduce, i.e. broken in a
   * change request's content but not in the revision it started from (or was last updated from). At
   * the space root, the distinct ones of all its open change requests; at the change-request root,
   * that change request's. With a page, only that page's links count.
   */
  async function brokenInChangeRequests(content: Content, pageId: string | undefined): Promise<number> {
    const heads = content.changeRequest
      ? [{ revision: content.revision, base: content.changeRequest.base }]
      : await core.all<{ revision: string; base: string }>(
          "SELECT revision_id AS revision, COALESCE(revision_merged_ancestor, revision_initial) AS base FROM change_requests WHERE space_id = ? AND status = 'open'",
          [content.space],
        );
    const broken = async (revision: string) => targetsOf(await cache.revision(revision), pageId).filter((t) => t.status === 'broken');
    const introduced = new Set<string>();
    for (const { revision, base } of heads) {
      const before = new Set((await broken(base)).map((t) => t.key));
      for (const target of await broken(revision)) if (!before.has(target.key)) introduced.add(target.key);
    }
    return introduced.size;
  }

  /**
   * The API operations the pages' blocks name, checked against the organization's specs now (a spec's
   * versions change without a revision): `ok` when its latest version holds the path and method,
   * `broken` when the spec, its processed version, the path or the method is missing.
   */
  async function operationTargets(content: Content, links: RevisionLinks, pageId: string | undefined) {
    const targets = new Map<string, LinkTarget>();
    const locations = new Map<string, string[]>();
    const checked = new Map<string, Promise<boolean>>();
    const holds = (spec: string, path: string, method: string) => {
      const key = `${spec}\n${method}\n${path}`;
      if (!checked.has(key)) {
        checked.set(key, (async () => {
          const version = (await latestSpecVersion(core, content.organization, spec))?.id;
          const parsed = version ? await versionDocument(core, version) : undefined;
          return !!parsed && 'document' in parsed && !('missing' in documentOperation(core, `version:${version}`, parsed.document, path, method));
        })());
      }
      return checked.get(key)!;
    };
    for (const [page, refs] of links.operations) {
      if (pageId !== undefined && page !== pageId) continue;
      for (const { spec, path, method } of refs) {
        const name = `${spec}: ${method.toUpperCase()} ${path}`;
        const key = `openapi-operation:${name}`;
        if (!targets.has(key)) targets.set(key, { key, kind: 'openapi-operation', status: (await holds(spec, path, method)) ? 'ok' : 'broken', name });
        const at = locations.get(key) ?? [];
        if (!at.includes(page)) at.push(page);
        locations.set(key, at);
      }
    }
    return { targets: [...targets.values()], locations };
  }

  function reference(content: Content) {
    return { organization: content.organization, space: content.space, versionContext: { type: 'revision' as const, revision: content.revision } };
  }

  function presentTarget(content: Content, t: LinkTarget) {
    return {
      kind: t.kind,
      ...reference(content),
      ...(t.page !== undefined ? { page: t.page } : {}),
      ...(t.path !== undefined ? { path: t.path } : {}),
      ...(t.anchor !== undefined ? { anchor: t.anchor } : {}),
      ...(t.file !== undefined ? { file: t.file } : {}),
      ...(t.name !== undefined ? { name: t.name } : {}),
      ...(t.url !== undefined ? { url: t.url } : {}),
      ...(t.reusableContent !== undefined ? { reusableContent: t.reusableContent } : {}),
    };
  }

  function presentLocation(content: Content, links: RevisionLinks, pageId: string) {
    const page = links.pages.get(pageId)!;
    return { kind: 'page' as const, ...reference(content), page: pageId, path: page.path, title: page.title };
  }

  return {
    /** Every distinct link target of the content (or of one page), with the pages linking to it. */
    async list(actor: Actor, root: ContentRoot, query: LinkQuery, pageId?: string) {
      const content = await contentOf(actor, root);
      const links = await cache.revision(content.revision);
      if (pageId !== undefined && !links.pages.has(pageId)) throw notFound(`page ${pageId} not found in ${where(content)}`);
      const operations = await operationTargets(content, links, pageId);
      const all = [...targetsOf(links, pageId), ...operations.targets].sort((a, b) => compareKeys(orderKey(a), orderKey(b)));
      const stats = {
        total: all.length,
        broken: { total: all.filter((t) => t.status === 'broken').length, changeRequest: await brokenInChangeRequests(content, pageId) },
      };
      const selected = query.status ? all.filter((t) => t.status === query.status) : all;
      const page = pageInMemory(LINKS, selected, orderKey, query);
      const locationsOf = (t: LinkTarget) => (pageId !== undefined ? [pageId] : (links.byKey.get(t.key)?.locations ?? operations.locations.get(t.key)!));
      return {
        ...(page.next ? { next: page.next } : {}),
        count: page.count,
        stats,
        items: page.items.map((t) => ({
          status: t.status,
          relation: 'reference' as const,
          targetReference: presentTarget(content, t),
          locationReferences: locationsOf(t).map((id) => presentLocation(content, links, id)),
        })),
      };
    },

    /** The pages of the content whose markdown references a file (as `/files/<id>` or by its name). */
    async backlinks(actor: Actor, root: ContentRoot, fileId: string, query: PageRequest) {
      const content = await contentOf(actor, root);
      const links = await cache.revision(content.revision);
      if (!links.files.has(fileId)) throw notFound(`file ${fileId} not found in ${where(content)}`);
      const pages = (links.byKey.get(`file:${fileId}`)?.locations ?? [])
        .map((id) => ({ id, ...links.pages.get(id)! }))
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.id < b.id ? -1 : 1));
      const page = pageInMemory(BACKLINKS, pages, (p) => [p.path, p.id], query);
      return {
        ...(page.next ? { next: page.next } : {}),
        count: page.count,
        items: page.items.map((p) => ({ kind: 'page' as const, ...reference(content), page: p.id, path: p.path, title: p.title, file: fileId })),
      };
    },

    /** The classified links of a revision (cached: revisions never change). */
    ofRevision: async (revisionId: string): Promise<RevisionLinks> => await cache.revision(revisionId),
  };
}
