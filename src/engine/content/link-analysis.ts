import type { Core } from '../core';
import { loadState, pageData, pathsOf, type RevisionState } from './state';
import { includedMarkdown, includeLine } from '../../markdown/gitbook-blocks';
import { classifyInclude, classifyLink, scanMarkdown, type LinkStatus, type LinkTarget, type PageScan, type RevisionIndex, type OperationRef } from './link-targets';

/** One distinct target of a revision and the pages linking to it (ids, in page-tree order). */
export interface LinkEntry {
  target: LinkTarget;
  locations: string[];
}

/** Every link of a revision, classified. Revisions are immutable, so this is computed once per revision. */
export interface RevisionLinks {
  revisionId: string;
  /** Distinct targets, broken first, then in-app, then ok, each group by key. */
  entries: LinkEntry[];
  /** Entries by target key. */
  byKey: Map<string, LinkEntry>;
  /** The targets each page links to (in the same order). */
  byPage: Map<string, LinkTarget[]>;
  /** Pages in tree order, with what a location reference shows. */
  pages: Map<string, { path: string; title: string }>;
  /** Whether a file id exists in the revision. */
  files: Set<string>;
  /** The API operations each page's blocks name (checked against the specs when listed: they change without a revision). */
  operations: Map<string, OperationRef[]>;
}

const RANK: Record<LinkStatus, number> = { broken: 0, 'in-app': 1, ok: 2 };

/** The sort key of an entry: its status rank and its target key. */
export const orderKey = (target: LinkTarget): [number, string] => [RANK[target.status], target.key];

export const compareKeys = (a: [number, string], b: [number, string]) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0);

/**
 * What classifying a revision's links needs (link-targets.ts): its pages by id, path and Git Sync file,
 * its files and reusable contents. `anchorsOf`: a page version's heading ids (the link check's; a
 * reader that only resolves links may give none).
 */
export async function revisionIndex(core: Core, state: RevisionState, paths: Map<string, string>, anchorsOf: (versionId: string) => Promise<Map<string, string>>) {
  const parents = new Set([...state.pages.values()].map((p) => p.parent));
  const index: RevisionIndex = { pages: new Map(), pageByPath: new Map(), pageByFile: new Map(), files: new Map(), fileByName: new Map(), fileByPath: new Map(), reusables: new Map(), publicUrl: core.publicUrl };
  const pages = new Map<string, { path: string; title: string }>();
  for (const [id, path] of paths) {
    const versionId = state.pages.get(id)!.versionId;
    const data = await pageData(core, versionId);
    index.pages.set(id, { path, anchors: await anchorsOf(versionId), hasChildren: parents.has(id), ...(data.git ? { file: data.git.path } : {}) });
    index.pageByPath.set(path.toLowerCase(), id);
    if (data.git) index.pageByFile.set(data.git.path, id);
    pages.set(id, { path, title: data.title });
  }
  for (const file of state.files.values()) {
    index.files.set(file.id, file.name);
    index.fileByName.set(file.name, file.id);
    index.fileByPath.set(file.gitPath ?? `.gitbook/assets/${file.name}`, file.id);
  }
  for (const reusable of state.reusables.values()) index.reusables.set(reusable.id, reusable.title);
  return { index, pages };
}

/**
 * The API operations of the reusable contents a page's include lines name, and of those they include,
 * as pages show them (includedMarkdown); each content scanned once a revision.
 */
function operationsIncluded(state: RevisionState): (includes: string[]) => OperationRef[] {
  const scanned = new Map<string, OperationRef[]>();
  const operationsOf = (markdown: string) => {
    let found = scanned.get(markdown);
    if (!found) scanned.set(markdown, (found = scanMarkdown(markdown).operations));
    return found;
  };
  return (includes) => (includes.length ? includedMarkdown(includes.map(includeLine).join('\n'), (id) => state.reusables.get(id)?.markdown).flatMap(operationsOf) : []);
}

async function analyze(core: Core, revisionId: string, scanOf: (versionId: string) => Promise<PageScan>): Promise<RevisionLinks> {
  const state = await loadState(core, revisionId);
  const paths = await pathsOf(core, state); // in page-tree order
  const { index, pages } = await revisionIndex(core, state, paths, async (versionId) => (await scanOf(versionId)).anchors);

  const entries = new Map<string, LinkEntry>();
  const byPage = new Map<string, LinkTarget[]>();
  const operations = new Map<string, OperationRef[]>();
  const includedOperations = operationsIncluded(state);
  for (const id of paths.keys()) {
    const targets = new Map<string, LinkTarget>();
    const scan = await scanOf(state.pages.get(id)!.versionId);
    // A page shows the operations of the reusable contents it includes too: they are its links.
    const shown = [...scan.operations, ...includedOperations(scan.includes)];
    if (shown.length) operations.set(id, shown);
    for (const href of scan.hrefs) {
      const target = classifyLink(href, id, index);
      if (target && !targets.has(target.key)) targets.set(target.key, target);
    }
    for (const include of scan.includes) {
      const target = classifyInclude(include, index);
      if (!targets.has(target.key)) targets.set(target.key, target);
    }
    const sorted = [...targets.values()].sort((a, b) => compareKeys(orderKey(a), orderKey(b)));
    byPage.set(id, sorted);
    for (const target of sorted) {
      const entry = entries.get(target.key);
      if (entry) entry.locations.push(id);
      else entries.set(target.key, { target, locations: [id] });
    }
  }
  return {
    revisionId,
    entries: [...entries.values()].sort((a, b) => compareKeys(orderKey(a.target), orderKey(b.target))),
    byKey: entries,
    byPage,
    pages,
    files: new Set(state.files.keys()),
    operations,
  };
}

const MAX_REVISIONS = 64;
const MAX_SCANS = 50_000;

/**
 * The links of revisions, cached for the life of the engine. Revisions and page versions never change
 * once written, so unlike Core.remember (cleared by any write) nothing here needs invalidating: a
 * listing after an unrelated write, or of a change request sharing most pages with the space, is cheap.
 */
export function linkCache(core: Core) {
  const revisions = new Map<string, RevisionLinks>();
  // Page versions are content-addressed: every revision holding a version shares its scan.
  const scans = new Map<string, PageScan>();
  const scanOf = async (versionId: string): Promise<PageScan> => {
    let scan = scans.get(versionId);
    if (!scan) {
      if (scans.size >= MAX_SCANS) scans.clear();
      scan = scanMarkdown((await pageData(core, versionId)).markdown);
      scans.set(versionId, scan);
    }
    return scan;
  };
  return {
    async revision(revisionId: string): Promise<RevisionLinks> {
      let links = revisions.get(revisionId);
      if (links) {
        // Least recently used goes first: re-insert to mark it used.
        revisions.delete(revisionId);
      } else {
        links = await analyze(core, revisionId, scanOf);
        if (revisions.size >= MAX_REVISIONS) revisions.delete(revisions.keys().next().value!);
      }
      revisions.set(revisionId, links);
      return links;
    },
  };
}

export type LinkCache = ReturnType<typeof linkCache>;
