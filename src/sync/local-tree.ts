import { readdir, readFile } from 'node:fs/promises';
import { join, posix, relative, sep } from 'node:path';
import { firstHeading, splitFrontmatter } from '../engine/content/markdown';

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

/** Title of a page: frontmatter `title`, else its first heading, else its slug. */
export function titleOf(markdown: string, slug: string): string {
  const { frontmatter, body } = splitFrontmatter(markdown);
  return frontmatter.title ?? firstHeading(body) ?? slug;
}

/**
 * Reads a folder as pages: `name.md` is page `name`; a folder is a page too, whose content is its
 * `README.md` (a folder without one is a group); the top-level `README.md` is page `readme`.
 * `SUMMARY.md`, when present, orders pages by the order its links appear in; the rest follow by name.
 * Other files are assets to upload.
 */
export async function readTree(root: string): Promise<LocalTree> {
  const pages: LocalPage[] = [];
  const assets: LocalAsset[] = [];
  const toPosix = (p: string) => p.split(sep).join('/');

  async function walk(dir: string, parentPath: string | null): Promise<void> {
    const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => !IGNORED.test(e.name)).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const full = join(dir, entry.name);
      const file = toPosix(relative(root, full));
      if (entry.isDirectory() && !(await hasMarkdown(full))) {
        await collectAssets(full);
      } else if (entry.isDirectory()) {
        const slug = entry.name.toLowerCase();
        const path = parentPath ? `${parentPath}/${slug}` : slug;
        const readme = await readFile(join(full, 'README.md'), 'utf8').catch(() => undefined);
        pages.push({
          path, parentPath, slug, title: titleOf(readme ?? '', entry.name), markdown: readme ?? '',
          file: readme === undefined ? file : `${file}/README.md`, group: readme === undefined,
        });
        await walk(full, path);
      } else if (entry.name.toLowerCase().endsWith('.md')) {
        if (entry.name === 'README.md' && parentPath !== null) continue; // a folder's own page
        const slug = entry.name.slice(0, -3).toLowerCase();
        const markdown = await readFile(full, 'utf8');
        pages.push({ path: parentPath ? `${parentPath}/${slug}` : slug, parentPath, slug, title: titleOf(markdown, entry.name.slice(0, -3)), markdown, file, group: false });
      } else if (entry.isFile()) {
        assets.push({ file, bytes: await readFile(full) });
      }
    }
  }
  /** A folder without markdown anywhere below it (images, say) holds only assets, not pages. */
  async function hasMarkdown(dir: string): Promise<boolean> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (IGNORED.test(entry.name)) continue;
      if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) return true;
      if (entry.isDirectory() && (await hasMarkdown(join(dir, entry.name)))) return true;
    }
    return false;
  }

  async function collectAssets(dir: string): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (IGNORED.test(entry.name)) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await collectAssets(full);
      else if (entry.isFile()) assets.push({ file: toPosix(relative(root, full)), bytes: await readFile(full) });
    }
  }

  await walk(root, null);

  const summary = await readFile(join(root, 'SUMMARY.md'), 'utf8').catch(() => undefined);
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
