import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { firstHeading, slugify, splitFrontmatter } from '../markdown/markdown';
import { localTargets } from './asset-links';
import { CONFIG_FILE, GITBOOK_ASSETS, layoutOf, type GitbookLayout } from './gitbook-config';
import { parseSummary, type Summary, type SummaryEntry } from './summary';

/** A page as a folder of markdown describes it. */
export interface LocalPage {
  /** Path of the page: slugs joined with '/'. */
  path: string;
  parentPath: string | null;
  slug: string;
  title: string;
  markdown: string;
  /** The file it came from, relative to the folder (for messages and link rewriting); a group's folder. */
  file: string;
  /** A page that only holds sub-pages: a folder without a README.md, a SUMMARY.md heading. */
  group: boolean;
  /** A SUMMARY.md entry linking to another site: a link page to `href`. */
  href?: string;
  /** The file Git Sync keeps the page in (recorded on the page, so `pull` writes it back there). */
  git?: string;
}

export interface LocalAsset {
  /** Path relative to the folder, with '/'. */
  file: string;
  /** The space file's name, when not `file`: what follows `.gitbook/assets/` for a file kept there. */
  name?: string;
  bytes: Buffer;
}

export interface LocalTree {
  pages: LocalPage[];
  assets: LocalAsset[];
  /** What was read but left out, and why (files SUMMARY.md does not list, entries naming no file). */
  skipped?: string[];
  /** Files with the same bytes as an asset (by path): uploaded once, as that asset. */
  aliases?: Map<string, string>;
}

const IGNORED = /^(\.|node_modules$|SUMMARY\.md$)/;


/**
 * A page's slug from its file or folder name, as the platform derives it: `slugify` keeping `.` and `_`
 * (`a-+-b.md` is `a-b`), so an unusual name never fails a push.
 */
export const slugOfName = (name: string): string => slugify(name, '._');

/** Title of a page: frontmatter `title`, else its first heading, else its slug. */
export function titleOf(markdown: string, slug: string): string {
  const { frontmatter, body } = splitFrontmatter(markdown);
  return frontmatter.title ?? firstHeading(body) ?? slug;
}

/** What reading a tree needs of a folder: its entries and its files' bytes, by paths relative to it with '/'. */
export interface TreeSource {
  entries(dir: string): Promise<{ name: string; isDirectory: boolean; isFile: boolean }[]>;
  /** Rejects when there is no such file. */
  read(file: string): Promise<Buffer>;
}

/**
 * A folder on disk. Read synchronously behind the async interface: each fs.promises read is several
 * thread-pool round trips, and a folder of 1,000 pages spent most of its half second waiting on them
 * (the CLI has nothing else to do meanwhile).
 */
export function diskSource(root: string): TreeSource {
  return {
    entries: async (dir) =>
      readdirSync(join(root, dir), { withFileTypes: true }).map((e) => ({ name: e.name, isDirectory: e.isDirectory(), isFile: e.isFile() })),
    read: async (file) => readFileSync(join(root, file)),
  };
}

/** Files held in memory (a zip archive), keyed by their path with '/'; folders are implied by the paths. */
export function memorySource(files: Map<string, Buffer>): TreeSource {
  return {
    entries: async (dir) => {
      const prefix = dir ? `${dir}/` : '';
      const found = new Map<string, boolean>();
      for (const path of files.keys()) {
        if (!path.startsWith(prefix)) continue;
        const [name, ...rest] = path.slice(prefix.length).split('/');
        if (name) found.set(name, found.get(name) === true || rest.length > 0);
      }
      return [...found].map(([name, isDirectory]) => ({ name, isDirectory, isFile: !isDirectory }));
    },
    read: async (file) => {
      const bytes = files.get(file);
      if (!bytes) throw new Error(`${file}: no such file`);
      return bytes;
    },
  };
}

/** Reads a folder on disk as pages (see `readTreeFrom`). */
export function readTree(root: string): Promise<LocalTree> {
  return readTreeFrom(diskSource(root));
}

/** The part of a source under `root` (`.gitbook.yaml`'s root), as a source of its own. */
function under(source: TreeSource, root: string): TreeSource {
  if (!root) return source;
  const join = (path: string) => (path ? `${root}/${path}` : root);
  return { entries: (dir) => source.entries(join(dir)), read: (file) => source.read(join(file)) };
}

const pathOf = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);
const isMarkdown = (name: string) => name.toLowerCase().endsWith('.md');
const textOf = async (source: TreeSource, file: string) => (await source.read(file)).toString('utf8');

/**
 * Reads a folder laid out for Git Sync. `.gitbook.yaml`, when present, says where the content is
 * (`root`) and names its first page and table of contents (`structure.readme`, `structure.summary`).
 * With a table of contents (SUMMARY.md), it alone decides the pages (see readSummaryTree); without
 * one, the folders do (see readFolderTree). Files pages link to, and every file under
 * `.gitbook/assets/`, are assets to upload.
 */
export async function readTreeFrom(source: TreeSource): Promise<LocalTree> {
  const layout = layoutOf(await textOf(source, CONFIG_FILE).catch(() => undefined));
  const content = under(source, layout.root);
  const summary = await textOf(content, layout.summary).catch(() => undefined);
  const files = await listFiles(content);
  const tree = summary === undefined ? await readFolderTree(content, files) : await readSummaryTree(content, layout, parseSummary(summary), files);
  const readme = tree.pages.findIndex((p) => p.git === layout.readme && p.parentPath === null);
  if (readme > 0) tree.pages.unshift(...tree.pages.splice(readme, 1)); // the first page, as Git Sync has it
  return { ...tree, ...(await assetsOf(content, tree.pages, files, tree.skipped ?? [])) };
}

/**
 * Every file of the content that can be a page or an asset: dot-files, dot-folders (but
 * `.gitbook/assets/`) and node_modules are skipped.
 */
async function listFiles(source: TreeSource): Promise<string[]> {
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const entry of (await source.entries(dir)).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = pathOf(dir, entry.name);
      if (IGNORED.test(entry.name) && file !== '.gitbook') continue;
      if (dir === '.gitbook' && entry.name !== 'assets') continue;
      if (entry.isDirectory) await walk(file);
      else if (entry.isFile) files.push(file);
    }
  };
  await walk('');
  return files;
}

/** The page a markdown file is: its slug from its name (a README.md's from its folder), its title from its content. */
function pageOfFile(file: string, markdown: string, parentPath: string | null, fallbackTitle: string): Omit<LocalPage, 'path' | 'slug'> & { slug: string } {
  const name = posix.basename(file);
  const folder = posix.dirname(file);
  const readme = name.toLowerCase() === 'readme.md';
  const slug = readme ? (folder === '.' ? 'readme' : slugOfName(posix.basename(folder))) : slugOfName(name.slice(0, -3));
  return { parentPath, slug, title: titleOf(markdown, fallbackTitle), markdown, file, git: file, group: false };
}

/** Slugs taken under each parent: a second page with the same slug gets `-2`, as the space would name it. */
function slugTaker() {
  const taken = new Map<string | null, Set<string>>();
  return (parentPath: string | null, slug: string) => {
    const slugs = taken.get(parentPath) ?? new Set<string>();
    taken.set(parentPath, slugs);
    let free = slug;
    for (let n = 2; slugs.has(free); n++) free = `${slug}-${n}`;
    slugs.add(free);
    return free;
  };
}

/**
 * The pages a SUMMARY.md lists, in its order: list nesting is the page hierarchy, headings top-level
 * groups, links to other sites link pages. Markdown files it does not list are not pages (they are
 * reported as skipped). An entry naming no file, or a file already listed, is skipped too, and its
 * sub-entries go to its parent.
 */
async function readSummaryTree(source: TreeSource, layout: GitbookLayout, summary: Summary, files: string[]): Promise<LocalTree> {
  const pages: LocalPage[] = [];
  const skipped: string[] = [];
  const listed = new Set<string>();
  const base = posix.dirname(layout.summary) === '.' ? '' : posix.dirname(layout.summary);
  const free = slugTaker();
  const at = (entry: SummaryEntry) => `${layout.summary}:${entry.line}`;
  const place = (page: Omit<LocalPage, 'path'>) => {
    const slug = free(page.parentPath, page.slug);
    const path = page.parentPath ? `${page.parentPath}/${slug}` : slug;
    pages.push({ ...page, slug, path });
    return path;
  };
  const add = async (entry: SummaryEntry, parentPath: string | null): Promise<void> => {
    let path: string | null = parentPath;
    if (entry.kind === 'group') {
      path = place({ parentPath, slug: slugify(entry.title), title: entry.title, markdown: '', file: layout.summary, group: true });
    } else if (entry.kind === 'link') {
      path = place({ parentPath, slug: slugify(entry.title), title: entry.title, markdown: '', file: layout.summary, group: false, href: entry.href });
    } else {
      const file = posix.normalize(posix.join(base, entry.file!));
      const markdown = file.startsWith('../') || !isMarkdown(file) || listed.has(file.toLowerCase()) ? undefined : await textOf(source, file).catch(() => undefined);
      if (markdown === undefined) {
        const why = !isMarkdown(file) ? 'is not a markdown file' : listed.has(file.toLowerCase()) ? 'is listed twice (its first entry is its page)' : 'does not exist';
        skipped.push(`${at(entry)}: ${entry.file} ${why}`);
      } else {
        listed.add(file.toLowerCase());
        path = place(pageOfFile(file, markdown, parentPath, entry.title || posix.basename(file, '.md')));
      }
    }
    for (const child of entry.children) await add(child, path);
  };
  for (const entry of summary.entries) await add(entry, null);
  // The first page is a page even when the table of contents leaves it out.
  const readme = files.find((f) => f === layout.readme);
  if (readme && !listed.has(readme.toLowerCase())) {
    listed.add(readme.toLowerCase());
    place(pageOfFile(readme, await textOf(source, readme), null, 'Introduction'));
  }
  for (const file of files) {
    if (isMarkdown(file) && file !== layout.summary && !listed.has(file.toLowerCase()) && !file.startsWith('.gitbook/')) {
      skipped.push(`${file}: not listed in ${layout.summary}, so not a page`);
    }
  }
  return { pages, assets: [], skipped };
}

/**
 * The pages of a folder without a table of contents: `name.md` is page `name`; a folder is a page
 * too, whose content is its `README.md` (a folder without one is a group); the top-level `README.md`
 * is page `readme`. Pages are in name order. A folder with no markdown below it holds only assets.
 */
async function readFolderTree(source: TreeSource, files: string[]): Promise<LocalTree> {
  const pages: LocalPage[] = [];
  // Folders with markdown anywhere below them, from the listing already made: a folder without any
  // (images, say) holds only assets, not pages.
  const withMarkdown = new Set<string>();
  for (const file of files) {
    if (!isMarkdown(file)) continue;
    for (let dir = posix.dirname(file); dir !== '.'; dir = posix.dirname(dir)) withMarkdown.add(dir);
  }

  async function walk(dir: string, parentPath: string | null): Promise<void> {
    const entries = (await source.entries(dir)).filter((e) => !IGNORED.test(e.name)).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const file = pathOf(dir, entry.name);
      if (entry.isDirectory && withMarkdown.has(file)) {
        const slug = slugOfName(entry.name);
        const path = parentPath ? `${parentPath}/${slug}` : slug;
        const readme = await textOf(source, `${file}/README.md`).catch(() => undefined);
        pages.push(
          readme === undefined
            ? { path, parentPath, slug, title: entry.name, markdown: '', file, group: true }
            : { ...pageOfFile(`${file}/README.md`, readme, parentPath, entry.name), path },
        );
        await walk(file, path);
      } else if (entry.isFile && isMarkdown(entry.name)) {
        if (entry.name === 'README.md' && parentPath !== null) continue; // a folder's own page
        const page = pageOfFile(file, await textOf(source, file), parentPath, entry.name.slice(0, -3));
        pages.push({ ...page, path: parentPath ? `${parentPath}/${page.slug}` : page.slug });
      }
    }
  }
  await walk('', null);
  return { pages, assets: [] };
}

/**
 * The files to upload: every file under `.gitbook/assets/` (named by the rest of its path, as the
 * platform names them) and every other file a page links to (named by its path). Files with the same
 * bytes are uploaded once (`aliases` maps the others to it). The rest are reported as skipped.
 */
async function assetsOf(source: TreeSource, pages: LocalPage[], files: string[], skipped: string[]): Promise<Pick<LocalTree, 'assets' | 'skipped' | 'aliases'>> {
  const referenced = new Set(pages.filter((p) => p.git).flatMap((p) => localTargets(p.markdown, p.file)));
  const assets: LocalAsset[] = [];
  const aliases = new Map<string, string>();
  const byHash = new Map<string, string>();
  const names = new Set<string>();
  const kept = files.filter((f) => f.startsWith(`${GITBOOK_ASSETS}/`)).concat(files.filter((f) => !f.startsWith('.gitbook/') && !isMarkdown(f)));
  for (const file of kept) {
    const inAssets = file.startsWith(`${GITBOOK_ASSETS}/`);
    if (!inAssets && !referenced.has(file)) {
      if (posix.basename(file) !== CONFIG_FILE) skipped.push(`${file}: no page links to it and it is not in ${GITBOOK_ASSETS}/, so not uploaded`);
      continue;
    }
    const bytes = await source.read(file);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const same = byHash.get(hash);
    if (same !== undefined) {
      aliases.set(file, same);
      continue;
    }
    byHash.set(hash, file);
    let name = inAssets ? file.slice(GITBOOK_ASSETS.length + 1) : file;
    for (let n = 1; names.has(name); n++) name = `${posix.join(posix.dirname(name), posix.basename(name, posix.extname(name)))} (${n})${posix.extname(name)}`.replace(/^\.\//, '');
    names.add(name);
    assets.push({ file, ...(name !== file ? { name } : {}), bytes });
  }
  return { assets, skipped, ...(aliases.size ? { aliases } : {}) };
}
