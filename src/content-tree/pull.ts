import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import type { RemotePage } from './space-page';
import { restoreLinks } from './asset-links';
import { CONFIG_FILE, CONFIG_FILES, GITBOOK_ASSETS, defaultFileOf, isConfigFile, layoutOf } from './gitbook-config';
import { folderPathOf, includePathOf, type RemoteReusable } from './push';
import { restoreIncludes } from './includes';
import { parseSummary, renderSummary, sameSummary, type Summary, type SummaryEntry } from './summary';

/**
 * The file of each document page: the one Git Sync keeps it in, else its default file (a
 * number added when another page has that file already). Group and link pages have none.
 */
export function filesOfPages(pages: RemotePage[], reserved: string[] = []): Map<string, string> {
  const files = new Map<string, string>();
  // The table of contents and the files' folder are never a page's file.
  const taken = new Set(reserved.map((file) => file.toLowerCase()));
  const usable = (file: string) => !taken.has(file.toLowerCase()) && !file.startsWith(`${GITBOOK_ASSETS}/`);
  const documents = pages.filter((p) => p.type !== 'group' && p.type !== 'link');
  for (const page of documents) {
    if (page.git && usable(page.git)) {
      files.set(page.id, page.git);
      taken.add(page.git.toLowerCase());
    }
  }
  for (const page of documents) {
    if (files.has(page.id)) continue;
    const wanted = defaultFileOf(page.path, pages.some((p) => p.parentId === page.id));
    let file = wanted;
    for (let n = 2; !usable(file); n++) file = wanted.replace(/(\/README)?\.md$/, `-${n}$&`);
    files.set(page.id, file);
    taken.add(file.toLowerCase());
  }
  return files;
}

/** The table of contents of the pages: their tree, with each document page's file. */
export function summaryOf(pages: RemotePage[], files: Map<string, string>, title?: string): Summary {
  const entriesUnder = (parentId: string | null): SummaryEntry[] =>
    pages
      .filter((p) => p.parentId === parentId)
      .sort((a, b) => a.position - b.position)
      .map((page) => {
        const children = entriesUnder(page.id);
        if (page.type === 'group') return { kind: 'group', title: page.title, line: 0, children };
        if (page.type === 'link') return { kind: 'link', title: page.title, href: page.href ?? '', line: 0, children };
        return { kind: 'page', title: page.title, file: files.get(page.id)!, line: 0, children };
      });
  return { ...(title !== undefined ? { title } : {}), entries: entriesUnder(null) };
}

/** A page path or file name from the space that would land outside the folder being written. */
export class OutsideFolderError extends Error {}

/**
 * `relative` inside `dir`, or an OutsideFolderError. The server refuses such names, but the content may
 * come from any instance (or a database written before it did), so the client checks on its own.
 */
function inside(dir: string, relative: string, what: string): string {
  const root = resolve(dir);
  const target = resolve(root, relative);
  if (isAbsolute(relative) || relative.includes('\0') || !target.startsWith(root + sep)) {
    throw new OutsideFolderError(`${what} ${JSON.stringify(relative)} would be written outside ${root}: nothing was written`);
  }
  return target;
}

/** A file of the space as `pull` places it: by its Git Sync path, else under `.gitbook/assets/` by name. */
export interface PulledFile {
  id: string;
  name: string;
  git?: string;
}

/** What a pull writes: texts (pages, the table of contents) and the space's files, each at a checked path. */
export interface PullPlan {
  texts: { target: string; data: string }[];
  files: { target: string; file: PulledFile }[];
}

/**
 * Lays the pages and files out in `dir` for Git Sync (within the root of its configuration: the one the
 * space keeps, `config`, else the folder's own): each page in its file, links to space files made
 * relative to it again, each file where Git Sync kept it (the configuration at the top), and the
 * table of contents. A SUMMARY.md already there that describes the same tree is left as it is (its
 * layout may differ from the one written here). Every path is checked before anything is written.
 */
export function planPull(dir: string, pages: RemotePage[], files: PulledFile[], reusables: RemoteReusable[] = [], config?: { file: string; text: string }): PullPlan {
  const read = (path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  };
  const local = config ?? CONFIG_FILES.map((file) => ({ file, text: read(join(dir, file)) })).find((c) => c.text !== undefined);
  const layout = layoutOf(local?.text, local?.file);
  const root = layout.root ? inside(dir, layout.root, `the root of ${local!.file}`) : resolve(dir);
  const pageFiles = filesOfPages(pages, [layout.summary]);
  const targets = new Map(files.map((f) => [f.id, folderPathOf(f)]));
  const includes = new Map(reusables.map((r) => [r.id, includePathOf(r)]));
  const texts: PullPlan['texts'] = [];
  for (const page of pages) {
    const file = pageFiles.get(page.id);
    if (file === undefined) continue;
    const markdown = restoreIncludes(restoreLinks(page.markdown, file, (id) => targets.get(id)), file, (id) => includes.get(id));
    texts.push({ target: inside(root, file, `page ${page.id} at`), data: markdown });
  }
  for (const reusable of reusables) texts.push({ target: inside(root, includes.get(reusable.id)!, `reusable content ${reusable.id} at`), data: reusable.markdown });
  // A file stays where its kind of path says, however the path climbs: the configuration at the top of
  // the repository (above the root it names), a file with a Git Sync path inside the root, any other
  // inside `.gitbook/assets/`.
  const assets = join(root, GITBOOK_ASSETS);
  const placed = files.map((file) => ({
    file,
    target: file.git === undefined ? inside(assets, file.name, 'file') : inside(isConfigFile(file.git) ? dir : root, file.git, 'file'),
  }));
  const summaryFile = inside(root, layout.summary, `the table of contents of ${local?.file ?? CONFIG_FILE}`);
  const existing = read(summaryFile);
  const before = existing === undefined ? undefined : parseSummary(existing);
  const summary = summaryOf(pages, pageFiles, before?.title);
  if (!before || !sameSummary(before, summary)) texts.push({ target: summaryFile, data: renderSummary(summary) });
  return { texts, files: placed };
}

/** Writes a plan's texts (synchronously, as diskSource reads: local-tree.ts says why). */
export function writeTexts(plan: PullPlan): void {
  for (const { target, data } of plan.texts) {
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data);
  }
}
