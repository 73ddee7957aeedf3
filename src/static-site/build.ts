/**
 * `docsctl sites build`: a published site as static files. Every page the reader answers a visitor
 * (found from the site's `llms.txt` and the links of each page) is written as `index.html` in its
 * folder with links relative to it, with its markdown, the files and assets it uses, the machine files
 * a search index and a redirect page for each `.gitbook.yaml` redirect. A second build asks each page with the tag of the copy it made (`If-None-Match`):
 * a page that did not change is neither sent nor written again. The files a build wrote are listed in
 * `.docsctl-build.json` in the folder; what a later build no longer has is removed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { SiteAnswer, SiteFetcher } from './fetcher';
import { isSchemaPage, kindOf, redirectPage, relativeUrl, rewriteMachineFile, rewritePage, segmentsOf, tailOf, type RewriteOptions, type RewrittenTocs, type Tail } from './rewrite';
import { indexedPage, type IndexedPage } from './search-index';
import { BUILD_TAGS, SPACE_TAG_HEADER } from '../domain/build-tags';

export const MANIFEST = '.docsctl-build.json';
/** The manifest's format; a manifest of another (or of other options) is not trusted for skipping. */
const FORMAT = 2;

/** What a build remembers of each file it wrote. */
interface Written {
  /** The bytes' SHA-256; none for a page or markdown the reader tagged (its tag says whether it changed). */
  sha256?: string;
  /** A page's tag as the reader gave it, the site links it had, and its entry of the search index. */
  etag?: string;
  /** Its site space's tag (SPACE_TAG_HEADER): while the site says it is current, the page is not asked again. */
  space?: string;
  links?: Tail[];
  search?: IndexedPage;
}

interface Manifest {
  format: number;
  options: string;
  files: Record<string, Written>;
}

/**
 * The manifest as stored: each list of links once (the pages of a space mostly have the same ones
 * llms.txt does not list: the site's other spaces, its search), a page's `links` its index. A
 * 10,000-page build's manifest was 14 MB of them, read and written by every build.
 */
interface StoredManifest extends Omit<Manifest, 'files'> {
  links: Tail[][];
  files: Record<string, Omit<Written, 'links'> & { links?: number }>;
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

/** A copy of plain data that shares no string with what it was made from. */
const detached = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function readManifest(out: string, options: string): Manifest | undefined {
  try {
    const stored = JSON.parse(readFileSync(join(out, MANIFEST), 'utf8')) as StoredManifest;
    if (stored.format !== FORMAT || stored.options !== options || !stored.files || typeof stored.files !== 'object' || !Array.isArray(stored.links)) return undefined;
    const files: Record<string, Written> = {};
    for (const [path, { links, ...written }] of Object.entries(stored.files)) files[path] = links === undefined ? written : { ...written, links: stored.links[links] ?? [] };
    return { format: stored.format, options: stored.options, files };
  } catch {
    return undefined;
  }
}

/** The manifest as stored (StoredManifest): the same lists of links once. */
function storedManifest(manifest: Manifest): StoredManifest {
  const links: Tail[][] = [];
  const numbers = new Map<readonly Tail[], number>();
  const byText = new Map<string, number>();
  const numberOf = (list: readonly Tail[]) => {
    let number = numbers.get(list);
    if (number === undefined) {
      const text = JSON.stringify(list);
      number = byText.get(text);
      if (number === undefined) byText.set(text, (number = links.push([...list]) - 1));
      numbers.set(list, number);
    }
    return number;
  };
  const files: StoredManifest['files'] = {};
  for (const [path, { links: list, ...written }] of Object.entries(manifest.files)) files[path] = list === undefined ? written : { ...written, links: numberOf(list) };
  return { format: manifest.format, options: manifest.options, links, files };
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
  const settings = JSON.stringify({ fetchBase: options.fetchBase, published: options.published, baseUrl: options.baseUrl ?? null });
  const before = readManifest(options.out, settings);
  mkdirSync(options.out, { recursive: true });
  // Until this build is done the copy has no manifest: one that stops half way is not trusted for skipping.
  if (before) rmSync(join(options.out, MANIFEST), { force: true });

  const writes = fileWriter();
  try {
    return await buildWith(options, writes, before, settings);
  } finally {
    await writes.stop();
  }
}

async function buildWith(options: BuildOptions, writes: ReturnType<typeof fileWriter>, before: Manifest | undefined, settings: string): Promise<BuildReport> {
  const assetRoot = options.assetRoot ?? '/~docsctl/assets/';
  const rewrite: RewriteOptions = { fetchBase: options.fetchBase, published: options.published, baseUrl: options.baseUrl, assetRoot };
  const files: Record<string, Written> = {};
  const report: BuildReport = { pages: 0, files: 0, written: 0, unchanged: 0, removed: 0, redirects: 0, missing: [] };
  /** Writes a file of the copy (fileWriter) unless the copy has those bytes already. */
  const put = async (path: string, bytes: Buffer | string, extra: Omit<Written, 'sha256'> = {}, tagged = false) => {
    // A tagged page sent again is new (the copy's was asked with its tag): not hashed, written.
    const hash = tagged ? undefined : sha256(bytes);
    const target = join(options.out, path);
    files[path] = { ...(hash ? { sha256: hash } : {}), ...extra };
    if (hash && before?.files[path]?.sha256 === hash && existsSync(target)) {
      report.unchanged++;
      return;
    }
    await writes.write(target, bytes);
    report.written++;
  };
  const fetchTail = (tail: Tail, headers?: Record<string, string>) => options.fetch(tail ? `${options.fetchBase}/${tail}` : options.fetchBase, headers);
  const currentTags = async (): Promise<Set<string>> => {
    const answer = await fetchTail(BUILD_TAGS);
    try {
      const tags = answer.status === 200 ? (JSON.parse(answer.body.toString('utf8')) as { tags?: unknown }).tags : undefined;
      return new Set(Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : []);
    } catch {
      return new Set();
    }
  };

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
    await put('llms.txt', rewriteMachineFile(text, rewrite));
    for (const name of ['llms-full.txt', ...(options.baseUrl ? ['sitemap.xml'] : [])]) {
      const machine = await fetchTail(name);
      if (machine.status === 200) await put(name, rewriteMachineFile(machine.body.toString('utf8'), rewrite));
    }
    // The copy's own: the site's names the site's sitemap.
    if (options.baseUrl) await put('robots.txt', `User-agent: *\nAllow: /\nSitemap: ${options.baseUrl}/sitemap.xml\n`);
  }
  const search: IndexedPage[] = [];
  // Tables of contents rewritten once for the pages of a space (rewrite.ts).
  const tocs: RewrittenTocs = new Map();
  const followed = new WeakSet<readonly Tail[]>();
  const unlistedOf = new WeakMap<readonly Tail[], Tail[]>();
  const assets = new Set<string>();
  /** A page's links to build: assets (root paths) apart, the rest queued. */
  const follow = (links: readonly string[]) => {
    for (const link of links) (link.startsWith('/') ? assets.add(link) : enqueue(link));
  };
  // The space tags current at this address: a page the copy has with one of them is the same, unasked.
  const current = before ? await currentTags() : new Set<string>();
  const spaceOf = (answer: SiteAnswer) => (answer.headers[SPACE_TAG_HEADER] ? { space: answer.headers[SPACE_TAG_HEADER] } : {});
  for (let i = 0; i < queue.length; i++) {
    const tail = queue[i];
    const kind = kindOf(tail);
    const path = fileOf(tail, kind);
    if (path === undefined) continue;
    const known = before?.files[path];
    // What the copy has (a file gone from it is asked for whole); a page (or its markdown) of a space as it was is the same, unasked.
    const have = known && existsSync(join(options.out, path)) ? known : undefined;
    const same = have?.etag && have.space && current.has(have.space);
    const answer = same ? undefined : await fetchTail(tail, have?.etag && kind !== 'file' ? { 'if-none-match': have.etag } : undefined);
    options.progress?.(i + 1, queue.length);
    if (have && (!answer || answer.status === 304)) {
      // The copy has this page: nothing sent, nothing written; its links and index entry as remembered.
      files[path] = answer ? { ...have, ...spaceOf(answer) } : have;
      report.unchanged++;
      if (kind === 'page') report.pages++;
      if (have.links && !followed.has(have.links)) {
        followed.add(have.links);
        follow(have.links);
      }
      if (have.search) search.push(have.search);
      continue;
    }
    if (!answer) continue;
    if (answer.status === 301 || answer.status === 302) {
      const location = answer.headers.location ?? '';
      const inside = tailOf(location, options.fetchBase);
      if (kind === 'page' && inside) {
        enqueue(inside.tail);
        await put(path, redirectInside(tail, inside));
      } else if (kind === 'page' && /^https?:\/\//i.test(location)) await put(path, redirectPage(location));
      continue;
    }
    if (answer.status !== 200) {
      report.missing.push(`${tail || '/'} (${answer.status})`);
      continue;
    }
    if (kind !== 'page') {
      const tagged = kind === 'markdown' && answer.headers.etag !== undefined;
      await put(path, answer.body, tagged ? { etag: answer.headers.etag, ...spaceOf(answer) } : {}, tagged);
      if (kind === 'file') report.files++;
      continue;
    }
    const page = rewritePage(answer.body.toString('utf8'), tail, rewrite, tocs);
    // The links it has that llms.txt does not list, once each in the page's order (a table of contents'
    // group is worked out once: it is the same array on every page that has it).
    const unlisted = new Set<Tail>();
    for (const group of page.links) {
      let kept = unlistedOf.get(group);
      if (!kept) unlistedOf.set(group, (kept = group.filter((link) => !listed.has(link))));
      for (const link of kept) unlisted.add(link);
    }
    // What is kept of the page until the build ends holds copies: a piece of the page's text (a link, a
    // title) would keep all of the page in memory (a 10,000-page build grew to 1.1 GB of them).
    // The search page and schema pages (parts of operations, reached from them) are not searched.
    const { links, entry } = detached({ links: [...unlisted], entry: tail.startsWith('~search') || isSchemaPage(tail) ? undefined : indexedPage(page.html, tail ? `${tail}/` : '') });
    if (entry) search.push(entry);
    await put(path, page.html, { ...(answer.headers.etag ? { etag: answer.headers.etag, ...spaceOf(answer) } : {}), links, ...(entry ? { search: entry } : {}) }, answer.headers.etag !== undefined);
    report.pages++;
    for (const group of page.links) {
      if (followed.has(group)) continue;
      followed.add(group);
      follow(group);
    }
  }
  // The space's `.gitbook.yaml` redirects: a page at each old path that sends the browser on.
  const moved = await fetchTail('~redirects.json');
  const redirects = moved.status === 200 ? (JSON.parse(moved.body.toString('utf8')) as { redirects?: { from: string; to: string }[] }).redirects ?? [] : [];
  for (const { from, to } of redirects) {
    const inside = tailOf(to, options.fetchBase);
    const path = inside ? fileOf(from, 'page') : undefined;
    if (!inside || !path || files[path]) continue;
    await put(path, redirectInside(from, inside));
    report.redirects++;
  }
  for (const asset of assets) {
    const answer = await options.fetch(asset);
    if (answer.status === 200) await put(asset.slice(1), answer.body);
    else report.missing.push(asset);
  }
  await put('search-index.json', JSON.stringify(search));
  await writes.finish();
  // What the copy had and no longer has.
  for (const path of Object.keys(before?.files ?? {})) {
    if (files[path] || !segmentsOf(path)) continue;
    rmSync(join(options.out, path), { force: true });
    report.removed++;
  }
  writeFileSync(join(options.out, MANIFEST), `${JSON.stringify(storedManifest({ format: FORMAT, options: settings, files }))}\n`);
  return report;
}

/**
 * What writes the files of a copy, in a worker thread (the files of a 10,000-page build took a fifth
 * of its time on this one): a file that is not there yet in place (its folder made first, each once),
 * one that is through a temporary file renamed over it, so that a server never sends half of a file
 * it had whole. A build that stops half way leaves no manifest (buildStaticSite removes it first), so
 * the next one writes every file again. Source evaluated as the worker's script: the same in the npm
 * build, the single executable and the tests.
 */
const WRITER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { mkdirSync, renameSync, writeFileSync } = require('node:fs');
const { dirname } = require('node:path');
const folders = new Set();
function write(target, bytes) {
  const folder = dirname(target);
  if (!folders.has(folder)) {
    mkdirSync(folder, { recursive: true });
    folders.add(folder);
  }
  try {
    writeFileSync(target, bytes, { flag: 'wx', encoding: 'utf8' });
    return;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  const temporary = target + '.' + process.pid + '.tmp';
  writeFileSync(temporary, bytes, { encoding: 'utf8' });
  renameSync(temporary, target);
}
parentPort.on('message', (files) => {
  let failure;
  for (const [target, bytes] of files) {
    try {
      write(target, bytes);
    } catch (error) {
      failure ??= error.message;
    }
  }
  parentPort.postMessage({ failure });
});
`;

/** Files sent to the writer in one message, and messages under way at most (what waits in memory). */
const FILES_A_MESSAGE = 32;
const MESSAGES_AT_ONCE = 8;

/**
 * Writes files through the writer thread, FILES_A_MESSAGE at a time: `write` waits only while
 * MESSAGES_AT_ONCE are under way, `finish` for all of them (and ends the thread), throwing the first
 * failure.
 */
function fileWriter() {
  const worker = new Worker(WRITER_SOURCE, { eval: true });
  worker.unref();
  let batch: [string, Buffer | string][] = [];
  let sent = 0;
  let done = 0;
  let failure: string | undefined;
  let waiting: (() => void) | undefined;
  let broken: Error | undefined;
  worker.on('message', (reply: { failure?: string }) => {
    done++;
    failure ??= reply.failure;
    waiting?.();
  });
  worker.on('error', (error) => {
    broken = error;
    waiting?.();
  });
  const until = async (ready: () => boolean) => {
    while (!ready() && !broken) await new Promise<void>((resolve) => (waiting = resolve));
    waiting = undefined;
    if (broken) throw broken;
    if (failure !== undefined) throw new Error(`could not write the copy: ${failure}`);
  };
  const send = () => {
    if (!batch.length) return;
    worker.postMessage(batch);
    batch = [];
    sent++;
  };
  return {
    async write(target: string, bytes: Buffer | string): Promise<void> {
      batch.push([target, bytes]);
      if (batch.length < FILES_A_MESSAGE) return;
      send();
      await until(() => sent - done < MESSAGES_AT_ONCE);
    },
    async finish(): Promise<void> {
      send();
      await until(() => done === sent);
    },
    /** Ends the thread (after `finish`, or a build that failed). */
    async stop(): Promise<void> {
      await worker.terminate();
    },
  };
}
