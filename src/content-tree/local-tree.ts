import { createHash } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { join, posix } from 'node:path';
import { asciiSlugify, firstHeading, slugify, splitFrontmatter } from '../markdown/markdown';
import { localTargets } from './asset-links';
import { includedFiles } from './includes';
import { CONFIG_FILES, GITBOOK_ASSETS, layoutOf, type GitbookLayout } from './gitbook-config';
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
  /**
   * The slug the rule before issue 57 gave, where it differs (`ota` for `中国OTA随单行李加购.md`): a page
   * the space has by that slug keeps it (content-tree/push.ts).
   */
  legacySlug?: string;
}

/**
 * A file of the folder that becomes a file of the space. Its bytes are read when it is uploaded, not
 * before: a folder may hold hundreds of megabytes of images.
 */
export interface LocalAsset {
  /** Path relative to the content root, with '/': where the space keeps it (its Git Sync path) and `pull` writes it back. */
  file: string;
  /** The space file's name, when not `file`: what follows `.gitbook/assets/` for a file kept there. */
  name?: string;
  size: number;
  /** SHA-256 of the bytes, in hex: how a push tells a changed file from the one the space has. */
  sha256: string;
  read(): Promise<Buffer>;
  /** The file on disk, when the folder is on disk: uploads stream it from there. */
  diskPath?: string;
}

/** Reusable content a page includes: the file's whole text, and its title (frontmatter `title`, first heading or name). */
export interface LocalInclude {
  /** Path relative to the content root. */
  file: string;
  title: string;
  markdown: string;
}

export interface LocalTree {
  pages: LocalPage[];
  assets: LocalAsset[];
  /** The reusable content the pages include, each file once. */
  includes?: LocalInclude[];
  /** What was read but left out, and why (files SUMMARY.md does not list, entries naming no file). */
  skipped?: string[];
}

/** A folder read for a push: its tree, where its content is (`root`) and its Git Sync configuration. */
export interface FolderTree extends LocalTree {
  /** The content's folder relative to the folder read ('' for itself). */
  root: string;
  config?: LocalAsset;
}

const IGNORED = /^(\.|node_modules$)/;


/**
 * A page's slug from its file or folder name, as the platform derives it: `slugify` keeping `.` and `_`
 * (`a-+-b.md` is `a-b`), so an unusual name never fails a push.
 */
export const slugOfName = (name: string): string => slugify(name, '._');

/** A slug (of a title, or of a name with `keep`) and, where it differs, the one the ASCII-only rule gave. */
function slugsOf(text: string, keep = ''): { slug: string; legacySlug?: string } {
  const slug = slugify(text, keep);
  const legacySlug = asciiSlugify(text, keep);
  return legacySlug === slug ? { slug } : { slug, legacySlug };
}

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
  /** A file's size and SHA-256, read piece by piece where it can be (rejects when there is no such file). */
  digest(file: string): Promise<{ size: number; sha256: string }>;
  /** Where a file is on disk, for a source on disk. */
  diskPath?(file: string): string;
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Size and SHA-256 of a file on disk, read 1 MiB at a time (a 100 MB image never is in memory whole). */
function digestOnDisk(path: string): { size: number; sha256: string } {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(1024 * 1024);
  const fd = openSync(path, 'r');
  let size = 0;
  try {
    for (let n = readSync(fd, buffer); n > 0; n = readSync(fd, buffer)) {
      hash.update(buffer.subarray(0, n));
      size += n;
    }
  } finally {
    closeSync(fd);
  }
  return { size, sha256: hash.digest('hex') };
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
    digest: async (file) => digestOnDisk(join(root, file)),
    diskPath: (file) => join(root, file),
  };
}

/** Files held in memory (a zip archive), keyed by their path with '/'; folders are implied by the paths. */
export function memorySource(files: Map<string, Buffer>): TreeSource {
  const read = async (file: string) => {
    const bytes = files.get(file);
    if (!bytes) throw new Error(`${file}: no such file`);
    return bytes;
  };
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
    read,
    digest: async (file) => {
      const bytes = await read(file);
      return { size: bytes.length, sha256: sha256Of(bytes) };
    },
  };
}

/** Reads a folder on disk as pages (see `readTreeFrom`). */
export function readTree(root: string): Promise<FolderTree> {
  return readTreeFrom(diskSource(root));
}

/** The part of a source under `root` (`.gitbook.yaml`'s root), as a source of its own. */
function under(source: TreeSource, root: string): TreeSource {
  if (!root) return source;
  const join = (path: string) => (path ? `${root}/${path}` : root);
  return {
    entries: (dir) => source.entries(join(dir)),
    read: (file) => source.read(join(file)),
    digest: (file) => source.digest(join(file)),
    ...(source.diskPath ? { diskPath: (file: string) => source.diskPath!(join(file)) } : {}),
  };
}

const pathOf = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);
/** SUMMARY.md, in any case: a table of contents, never a page (nor an asset). */
const isSummaryName = (file: string) => /^summary\.md$/i.test(posix.basename(file));
const isMarkdown = (name: string) => name.toLowerCase().endsWith('.md');
const textOf = async (source: TreeSource, file: string) => (await source.read(file)).toString('utf8');

/**
 * Reads a folder laid out for Git Sync. `.gitbook.yaml` (or `.gitbook.yml`), when present, says where
 * the content is (`root`) and names its first page and table of contents (`structure.readme`,
 * `structure.summary`, found in any case). With a table of contents (SUMMARY.md), it alone decides the
 * pages (see readSummaryTree); without one, the folders do (see readFolderTree). Files pages link to,
 * and every file under `.gitbook/assets/`, are assets to upload; so is the configuration itself, kept
 * by the space so that `pull` gives it back (`config`).
 */
export async function readTreeFrom(source: TreeSource): Promise<FolderTree> {
  const config = await configOf(source);
  const layout = layoutOf(config && (await config.read()).toString('utf8'), config?.file);
  const content = under(source, layout.root);
  const files = await listFiles(content);
  const found = { ...layout, summary: inAnyCase(files, layout.summary), readme: inAnyCase(files, layout.readme) };
  const summary = await textOf(content, found.summary).catch(() => undefined);
  const tree = summary === undefined ? await readFolderTree(content, files) : await readSummaryTree(content, found, parseSummary(summary), files);
  const readme = tree.pages.findIndex((p) => p.git === found.readme && p.parentPath === null);
  if (readme > 0) tree.pages.unshift(...tree.pages.splice(readme, 1)); // the first page, as Git Sync has it
  const includes = await includesOf(content, tree.pages, tree.skipped ?? []);
  return { ...tree, ...(await assetsOf(content, tree.pages, files, tree.skipped ?? [])), ...(includes.length ? { includes } : {}), root: layout.root, ...(config ? { config } : {}) };
}

/** The folder's Git Sync configuration, in either spelling, as an asset (Git Sync reads `.gitbook.yaml` first). */
async function configOf(source: TreeSource): Promise<LocalAsset | undefined> {
  const names = new Set((await source.entries('')).filter((e) => e.isFile).map((e) => e.name));
  const file = CONFIG_FILES.find((name) => names.has(name));
  return file === undefined ? undefined : assetOf(source, file);
}

/** `wanted` as the listing spells it when only its case differs (`summary.md` for SUMMARY.md), else `wanted`. */
function inAnyCase(files: string[], wanted: string): string {
  if (files.includes(wanted)) return wanted;
  return files.find((f) => f.toLowerCase() === wanted.toLowerCase()) ?? wanted;
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
  const slugs = readme ? (folder === '.' ? { slug: 'readme' } : slugsOf(posix.basename(folder), '._')) : slugsOf(name.slice(0, -3), '._');
  return { parentPath, ...slugs, title: titleOf(markdown, fallbackTitle), markdown, file, git: file, group: false };
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
 * reported as skipped). An entry whose file does not exist is an empty page (reported too); one naming
 * no markdown file, a file already listed or one outside the content is skipped, and its sub-entries go
 * to its parent.
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
      path = place({ parentPath, ...slugsOf(entry.title), title: entry.title, markdown: '', file: layout.summary, group: true });
    } else if (entry.kind === 'link') {
      path = place({ parentPath, ...slugsOf(entry.title), title: entry.title, markdown: '', file: layout.summary, group: false, href: entry.href });
    } else {
      const file = posix.normalize(posix.join(base, entry.file!));
      const usable = !file.startsWith('../') && isMarkdown(file) && !listed.has(file.toLowerCase());
      const markdown = usable ? await textOf(source, file).catch(() => undefined) : undefined;
      if (usable && markdown === undefined) {
        // The platform's editor leaves entries whose file was never written: an empty page at its place,
        // its sub-entries under it, kept in that file (pull writes it, so a second push changes nothing).
        listed.add(file.toLowerCase());
        path = place(pageOfFile(file, '', parentPath, entry.title || posix.basename(file, '.md')));
        skipped.push(`${at(entry)}: ${entry.file} does not exist: an empty page "${entry.title}" in its place`);
      } else if (markdown === undefined) {
        const why = !isMarkdown(file) ? 'is not a markdown file' : listed.has(file.toLowerCase()) ? 'is listed twice (its first entry is its page)' : 'is outside the content';
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
    if (isMarkdown(file) && file !== layout.summary && !isSummaryName(file) && !listed.has(file.toLowerCase()) && !file.startsWith('.gitbook/')) {
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
    if (!isMarkdown(file) || isSummaryName(file)) continue;
    for (let dir = posix.dirname(file); dir !== '.'; dir = posix.dirname(dir)) withMarkdown.add(dir);
  }

  // `guide.md` beside a folder `guide/` (or `Guide.md`): the second to take a slug gets `-2`.
  const free = slugTaker();
  async function walk(dir: string, parentPath: string | null): Promise<void> {
    const entries = (await source.entries(dir)).filter((e) => !IGNORED.test(e.name) && !isSummaryName(e.name)).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const file = pathOf(dir, entry.name);
      if (entry.isDirectory && withMarkdown.has(file)) {
        const { slug: own, legacySlug } = slugsOf(entry.name, '._');
        const slug = free(parentPath, own);
        const path = parentPath ? `${parentPath}/${slug}` : slug;
        const readme = await textOf(source, `${file}/README.md`).catch(() => undefined);
        pages.push(
          readme === undefined
            ? { path, parentPath, slug, ...(legacySlug ? { legacySlug } : {}), title: entry.name, markdown: '', file, group: true }
            : { ...pageOfFile(`${file}/README.md`, readme, parentPath, entry.name), slug, path },
        );
        await walk(file, path);
      } else if (entry.isFile && isMarkdown(entry.name)) {
        if (entry.name === 'README.md' && parentPath !== null) continue; // a folder's own page
        const page = pageOfFile(file, await textOf(source, file), parentPath, entry.name.slice(0, -3));
        const slug = free(parentPath, page.slug);
        pages.push({ ...page, slug, path: parentPath ? `${parentPath}/${slug}` : slug });
      }
    }
  }
  await walk('', null);
  return { pages, assets: [] };
}

/** The files the pages include (`{% include "…" %}`), in the order first included; one that does not exist is reported as skipped. */
async function includesOf(source: TreeSource, pages: LocalPage[], skipped: string[]): Promise<LocalInclude[]> {
  const includes = new Map<string, LocalInclude | undefined>();
  for (const page of pages) {
    if (!page.git) continue;
    for (const file of includedFiles(page.markdown, page.file)) {
      if (includes.has(file)) continue;
      const markdown = isMarkdown(file) ? await textOf(source, file).catch(() => undefined) : undefined;
      if (markdown === undefined) skipped.push(`${page.file}: includes ${file}, which ${isMarkdown(file) ? 'does not exist' : 'is not a markdown file'}`);
      includes.set(file, markdown === undefined ? undefined : { file, title: titleOf(markdown, posix.basename(file, '.md')), markdown });
    }
  }
  return [...includes.values()].filter((i): i is LocalInclude => i !== undefined);
}

/** Bytes in memory (an image of an imported document) as an asset at `file`. */
export function memoryAsset(file: string, bytes: Buffer): LocalAsset {
  return { file, size: bytes.length, sha256: sha256Of(bytes), read: async () => bytes };
}

/** A file of the source as an asset (its bytes read when wanted). */
async function assetOf(source: TreeSource, file: string, name?: string): Promise<LocalAsset> {
  const { size, sha256 } = await source.digest(file);
  return { file, ...(name !== undefined && name !== file ? { name } : {}), size, sha256, read: () => source.read(file), ...(source.diskPath ? { diskPath: source.diskPath(file) } : {}) };
}

/**
 * The files to upload: every file under `.gitbook/assets/`, at any depth (named by the rest of its
 * path, as the platform names them), and every other file a page links to (named by its path). Each
 * is its own file of the space, even when another has the same bytes (the store keeps those bytes
 * once): the space keeps where each lies, so links and `pull` find that very file. The rest are
 * reported as skipped.
 */
async function assetsOf(source: TreeSource, pages: LocalPage[], files: string[], skipped: string[]): Promise<Pick<LocalTree, 'assets' | 'skipped'>> {
  const referenced = new Set(pages.filter((p) => p.git).flatMap((p) => localTargets(p.markdown, p.file)));
  const assets: LocalAsset[] = [];
  for (const file of files) {
    if (file.startsWith('.gitbook/') && !file.startsWith(`${GITBOOK_ASSETS}/`)) continue;
    if (file.startsWith(`${GITBOOK_ASSETS}/`)) {
      assets.push(await assetOf(source, file, file.slice(GITBOOK_ASSETS.length + 1)));
    } else if (!isMarkdown(file)) {
      if (referenced.has(file)) assets.push(await assetOf(source, file));
      else skipped.push(`${file}: no page links to it and it is not in ${GITBOOK_ASSETS}/, so not uploaded`);
    }
  }
  return { assets, skipped };
}
