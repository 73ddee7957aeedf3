/**
 * `docsctl sites build`: a published site as static files. Every page the reader answers a visitor
 * (found from the site's `llms.txt` and the links of each page) is written as `index.html` in its
 * folder with links relative to it, with its markdown, the files and assets it uses, the machine files
 * a search index and a redirect page for each `.gitbook.yaml` redirect. A second build asks each page with the tag of the copy it made (`If-None-Match`):
 * a page that did not change is neither sent nor written again. The files a build wrote are listed in
 * `.docsctl-build.json` in the folder; what a later build no longer has is removed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SiteFetcher } from './fetcher';
import { kindOf, redirectPage, relativeUrl, rewriteMachineFile, rewritePage, segmentsOf, tailOf, type RewriteOptions, type Tail } from './rewrite';
import { indexedPage, type IndexedPage } from './search-index';

export const MANIFEST = '.docsctl-build.json';
/** The manifest's format; a manifest of another (or of other options) is not trusted for skipping. */
const FORMAT = 1;

/** What a build remembers of each file it wrote. */
interface Written {
  sha256: string;
  /** A page's tag as the reader gave it, the site links it had, and its entry of the search index. */
  etag?: string;
  links?: Tail[];
  search?: IndexedPage;
}

interface Manifest {
  format: number;
  options: string;
  files: Record<string, Written>;
}

export interface BuildOptions extends Omit<RewriteOptions, 'assetRoot'> {
  fetch: SiteFetcher;
  out: string;
  /** Where the site's assets are served from (`/~docsctl/assets/`). */
  assetRoot?: string;
  /** Called as each page is done (for a progress line). */
  progress?: (done: number, known: number) => void;
}

export interface BuildReport {
  pages: number;
  files: number;
  written: number;
  unchanged: number;
  removed: number;
  /** Redirect pages written for the `.gitbook.yaml` redirects of the site's spaces. */
  redirects: number;
  /** Links of the site that answered neither a page nor a file (what a build could not copy). */
  missing: string[];
}

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function readManifest(out: string, options: string): Manifest | undefined {
  try {
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST), 'utf8')) as Manifest;
    return manifest.format === FORMAT && manifest.options === options && manifest.files && typeof manifest.files === 'object' ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** Where a tail's copy is written (a folder's index.html for a page), or undefined for a tail that cannot be a file. */
function fileOf(tail: Tail, kind = kindOf(tail)): string | undefined {
  const segments = segmentsOf(tail);
  if (!segments) return undefined;
  if (kind === 'page') return [...segments, 'index.html'].join('/');
  return segments.length ? segments.join('/') : undefined;
}

/** The page at `from` that sends the browser on to a place of the site (relative to `from`'s folder). */
const redirectInside = (from: Tail, to: { tail: Tail; anchor: string }) => redirectPage(`${relativeUrl(segmentsOf(from) ?? [], to.tail)}${to.anchor}`);

export async function buildStaticSite(options: BuildOptions): Promise<BuildReport> {
  const assetRoot = options.assetRoot ?? '/~docsctl/assets/';
  const rewrite: RewriteOptions = { fetchBase: options.fetchBase, published: options.published, baseUrl: options.baseUrl, assetRoot };
  const settings = JSON.stringify({ fetchBase: options.fetchBase, published: options.published, baseUrl: options.baseUrl ?? null });
  const before = readManifest(options.out, settings);
  const files: Record<string, Written> = {};
  const report: BuildReport = { pages: 0, files: 0, written: 0, unchanged: 0, removed: 0, redirects: 0, missing: [] };
  mkdirSync(options.out, { recursive: true });

  const folders = new Set<string>();
  /** Writes a file of the copy unless the copy has those bytes already (through a temporary file: never half a file). */
  const put = (path: string, bytes: Buffer | string, extra: Omit<Written, 'sha256'> = {}) => {
    const hash = sha256(bytes);
    const target = join(options.out, path);
    files[path] = { sha256: hash, ...extra };
    if (before?.files[path]?.sha256 === hash && existsSync(target)) {
      report.unchanged++;
      return;
    }
    const folder = dirname(target);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, target);
    report.written++;
  };
  const fetchTail = (tail: Tail, headers?: Record<string, string>) => options.fetch(tail ? `${options.fetchBase}/${tail}` : options.fetchBase, headers);

  // The pages to build: the site's root, each page llms.txt lists (its markdown too), and what they link to.
  const queue: Tail[] = [''];
  const seen = new Set<Tail>(queue);
  // What llms.txt lists is built anyway: a page remembers only its other links (roots, files, search).
  const listed = new Set<Tail>();
  const enqueue = (tail: Tail) => {
    if (!seen.has(tail)) {
      seen.add(tail);
      queue.push(tail);
    }
  };
  const llms = await fetchTail('llms.txt');
  if (llms.status === 200) {
    const text = llms.body.toString('utf8');
    for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const url = match[1];
      if (!url.startsWith(options.published)) continue;
      const markdown = url.slice(options.published.length).replace(/^\/+/, '');
      for (const tail of [markdown, markdown.replace(/\.md$/i, '')]) {
        listed.add(tail);
        enqueue(tail);
      }
    }
    put('llms.txt', rewriteMachineFile(text, rewrite));
    for (const name of ['llms-full.txt', ...(options.baseUrl ? ['sitemap.xml'] : [])]) {
      const machine = await fetchTail(name);
      if (machine.status === 200) put(name, rewriteMachineFile(machine.body.toString('utf8'), rewrite));
    }
    // The copy's own: the site's names the site's sitemap.
    if (options.baseUrl) put('robots.txt', `User-agent: *\nAllow: /\nSitemap: ${options.baseUrl}/sitemap.xml\n`);
  }
  const search: IndexedPage[] = [];
  const assets = new Set<string>();
  /** A page's links to build: assets (root paths) apart, the rest queued. */
  const follow = (links: readonly string[]) => {
    for (const link of links) (link.startsWith('/') ? assets.add(link) : enqueue(link));
  };
  for (let i = 0; i < queue.length; i++) {
    const tail = queue[i];
    const kind = kindOf(tail);
    const path = fileOf(tail, kind);
    if (path === undefined) continue;
    const known = before?.files[path];
    const answer = await fetchTail(tail, known?.etag && kind !== 'file' ? { 'if-none-match': known.etag } : undefined);
    options.progress?.(i + 1, queue.length);
    if (answer.status === 304 && known && existsSync(join(options.out, path))) {
      // The copy has this page: nothing sent, nothing written; its links and index entry as remembered.
      files[path] = known;
      report.unchanged++;
      if (kind === 'page') report.pages++;
      follow(known.links ?? []);
      if (known.search) search.push(known.search);
      continue;
    }
    if (answer.status === 301 || answer.status === 302) {
      const location = answer.headers.location ?? '';
      const inside = tailOf(location, options.fetchBase);
      if (kind === 'page' && inside) {
        enqueue(inside.tail);
        put(path, redirectInside(tail, inside));
      } else if (kind === 'page' && /^https?:\/\//i.test(location)) put(path, redirectPage(location));
      continue;
    }
    if (answer.status !== 200) {
      report.missing.push(`${tail || '/'} (${answer.status})`);
      continue;
    }
    if (kind !== 'page') {
      put(path, answer.body, kind === 'markdown' && answer.headers.etag ? { etag: answer.headers.etag } : {});
      if (kind === 'file') report.files++;
      continue;
    }
    const page = rewritePage(answer.body.toString('utf8'), tail, rewrite);
    const entry = tail.startsWith('~search') ? undefined : indexedPage(page.html, tail ? `${tail}/` : '');
    if (entry) search.push(entry);
    put(path, page.html, { ...(answer.headers.etag ? { etag: answer.headers.etag } : {}), links: page.links.filter((link) => !listed.has(link)), ...(entry ? { search: entry } : {}) });
    report.pages++;
    follow(page.links);
  }
  // The space's `.gitbook.yaml` redirects: a page at each old path that sends the browser on.
  const moved = await fetchTail('~redirects.json');
  const redirects = moved.status === 200 ? (JSON.parse(moved.body.toString('utf8')) as { redirects?: { from: string; to: string }[] }).redirects ?? [] : [];
  for (const { from, to } of redirects) {
    const inside = tailOf(to, options.fetchBase);
    const path = inside ? fileOf(from, 'page') : undefined;
    if (!inside || !path || files[path]) continue;
    put(path, redirectInside(from, inside));
    report.redirects++;
  }
  for (const asset of assets) {
    const answer = await options.fetch(asset);
    if (answer.status === 200) put(asset.slice(1), answer.body);
    else report.missing.push(asset);
  }
  put('search-index.json', JSON.stringify(search));
  // What the copy had and no longer has.
  for (const path of Object.keys(before?.files ?? {})) {
    if (files[path] || !segmentsOf(path)) continue;
    rmSync(join(options.out, path), { force: true });
    report.removed++;
  }
  writeFileSync(join(options.out, MANIFEST), `${JSON.stringify({ format: FORMAT, options: settings, files } satisfies Manifest)}\n`);
  return report;
}
