import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { firstHeading, slugify, splitFrontmatter } from '../engine/content/markdown';

/** A page as a folder of markdown describes it. */
export interface LocalPage {
  /** Path of the page: slugs joined with '/'. */
  path: string;
  parentPath: string | null;
  slug: string;
  title: string;
  markdown: string;
  /** The file it came from, relative to the folder (for messages and link rewriting). */
  file: string;
  /** A folder without a README.md: a group page that only holds sub-pages. */
  group: boolean;
}

export interface LocalAsset {
  /** Path relative to the folder, with '/'. */
  file: string;
  bytes: Buffer;
}

export interface LocalTree {
  pages: LocalPage[];
  assets: LocalAsset[];
}

const IGNORED = /^(\.|node_modules$|SUMMARY\.md$)/;

/** Where Git Sync keeps a space's images: the one dot-folder read, for its assets only. */
const GITBOOK_ASSETS = '.gitbook/assets';

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

/**
 * Reads a folder as pages: `name.md` is page `name`; a folder is a page too, whose content is its
 * `README.md` (a folder without one is a group); the top-level `README.md` is page `readme`.
 * `SUMMARY.md`, when present, orders pages by the order its links appear in; the rest follow by name.
 * Other files are assets to upload.
 */
export async function readTreeFrom(source: TreeSource): Promise<LocalTree> {
  const pages: LocalPage[] = [];
  const assets: LocalAsset[] = [];
  const pathOf = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);
  const readText = async (file: string) => (await source.read(file)).toString('utf8');

  async function walk(dir: string, parentPath: string | null): Promise<void> {
    const entries = (await source.entries(dir)).filter((e) => !IGNORED.test(e.name)).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const file = pathOf(dir, entry.name);
      if (entry.isDirectory && !(await hasMarkdown(file))) {
        await collectAssets(file);
      } else if (entry.isDirectory) {
        const slug = slugOfName(entry.name);
        const path = parentPath ? `${parentPath}/${slug}` : slug;
        const readme = await readText(`${file}/README.md`).catch(() => undefined);
        pages.push({
          path, parentPath, slug, title: titleOf(readme ?? '', entry.name), markdown: readme ?? '',
          file: readme === undefined ? file : `${file}/README.md`, group: readme === undefined,
        });
        await walk(file, path);
      } else if (entry.name.toLowerCase().endsWith('.md')) {
        if (entry.name === 'README.md' && parentPath !== null) continue; // a folder's own page
        const slug = slugOfName(entry.name.slice(0, -3));
        const markdown = await readText(file);
        pages.push({ path: parentPath ? `${parentPath}/${slug}` : slug, parentPath, slug, title: titleOf(markdown, entry.name.slice(0, -3)), markdown, file, group: false });
      } else if (entry.isFile) {
        assets.push({ file, bytes: await source.read(file) });
      }
    }
  }
  /** A folder without markdown anywhere below it (images, say) holds only assets, not pages. */
  async function hasMarkdown(dir: string): Promise<boolean> {
    for (const entry of await source.entries(dir)) {
      if (IGNORED.test(entry.name)) continue;
      if (entry.isFile && entry.name.toLowerCase().endsWith('.md')) return true;
      if (entry.isDirectory && (await hasMarkdown(pathOf(dir, entry.name)))) return true;
    }
    return false;
  }

  async function collectAssets(dir: string): Promise<void> {
    for (const entry of await source.entries(dir)) {
      if (IGNORED.test(entry.name)) continue;
      const file = pathOf(dir, entry.name);
      if (entry.isDirectory) await collectAssets(file);
      else if (entry.isFile) assets.push({ file, bytes: await source.read(file) });
    }
  }

  await walk('', null);
  if ((await source.entries('.gitbook').catch(() => [])).some((e) => e.name === 'assets' && e.isDirectory)) await collectAssets(GITBOOK_ASSETS);

  const summary = await readText('SUMMARY.md').catch(() => undefined);
  if (summary) {
    const order = new Map<string, number>();
    for (const match of summary.matchAll(/\]\(([^)#\s]+)\)/g)) {
      const file = posix.normalize(decodeURI(match[1]).replace(/^\.\//, ''));
      if (!order.has(file)) order.set(file, order.size);
    }
    const rank = (p: LocalPage) => order.get(p.file) ?? order.get(p.file.replace(/\/README\.md$/, '')) ?? Number.MAX_SAFE_INTEGER;
    pages.sort((a, b) => rank(a) - rank(b));
  }
  return { pages, assets };
}
