
// Slow on purpose: a load test on real data. Six public documentation repositories (37 MiB of files, the
// largest 194 pages and 208 files) pushed, pulled and pushed again through the built CLI.
// Real documentation repositories in GitBook's Git Sync layout (../shared/corpus, or $DOCSCTL_CORPUS) pushed
// and pulled through the built CLI, each checked against what Git Sync (and GitHub, for links) would do.
//
// Everything expected here comes from the repository itself, read by this file's own small readers: a
// SUMMARY.md parser, a link extractor and a link resolver that work the way GitHub does. Nothing is
// imported from src/. Each check is its own `expect.soft`, naming the repository, the file and the page,
// so one run lists every difference; a scoreboard (one line per folder) is printed at the end.
import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandbox } from '../helpers/cli';
import { runBuilt, startBuiltServer } from '../helpers/built';
import { slugify as transliterated } from 'transliteration';

const CORPUS = process.env.DOCSCTL_CORPUS
  ? resolve(process.env.DOCSCTL_CORPUS)
  : fileURLToPath(new URL('../../../shared/corpus', import.meta.url));

/** Each folder runs a few `it`s, in order; fluentd (39 MB) needs the most. */
const TIMEOUT = 180_000;

/**
 * What docs/cli.md ("Publishing a folder from CI": **Files**, **The table of contents on pull**, **Round
 * trip**) documents as not coming back byte for byte from a push and a pull. Nothing else may differ.
 * Remove an entry when the product (and docs/cli.md) stop making that difference.
 */
const ALLOWED_DIFFERENCES = {
  /** "The table of contents on pull is written as the platform writes it" and "sidebar titles … are not
   * kept: pull writes the page's title": SUMMARY.md is compared as the tree it describes. */
  summaryLayout: true,
  /** "a link written percent-encoded comes back decoded" ("percent-encoded links to files"). */
  percentEncodedFileLinks: true,
  /** "files linked from outside .gitbook/assets/ (written under it)", the page's link pointing there. */
  filesOutsideAssets: true,
};

// ---------------------------------------------------------------------------------------------------
// The repository, read independently of docsctl.

interface Repository {
  /** `axon`, `lawnchair/help`: the folder under the corpus. */
  name: string;
  /** The folder pushed (it holds .gitbook.yaml when there is one). */
  dir: string;
  /** `.gitbook.yaml` or `.gitbook.yml`, when present. */
  configFile?: string;
  /** Where the content is, relative to `dir` ('' for the folder itself). */
  root: string;
  readme: string;
  summary: string;
}

const unquote = (value: string) => value.replace(/\s+#.*$/, '').trim().replace(/^(['"])(.*)\1$/, '$2');
const normalizeFolder = (path: string) => {
  const normal = posix.normalize(path || '.').replace(/\/+$/, '');
  return normal === '.' ? '' : normal.replace(/^\.\//, '');
};

/** `.gitbook.yaml`'s `root` and `structure` (the only keys Git Sync's layout needs), read line by line. */
function readConfig(text: string): { root: string; readme: string; summary: string } {
  let root = '';
  let readme = 'README.md';
  let summary = 'SUMMARY.md';
  let inStructure = false;
  for (const line of text.split(/\r?\n/)) {
    if (/^\S/.test(line)) inStructure = /^structure:\s*$/.test(line);
    const top = /^root:\s*(.*)$/.exec(line);
    if (top) root = normalizeFolder(unquote(top[1]));
    const nested = /^\s+(readme|summary):\s*(.*)$/.exec(line);
    if (inStructure && nested) {
      if (nested[1] === 'readme') readme = posix.normalize(unquote(nested[2]));
      else summary = posix.normalize(unquote(nested[2]));
    }
  }
  return { root, readme, summary };
}

function repositoryAt(name: string, dir: string): Repository {
  const configFile = ['.gitbook.yaml', '.gitbook.yml'].find((file) => existsSync(join(dir, file)));
  const config = configFile ? readConfig(readFileSync(join(dir, configFile), 'utf8')) : { root: '', readme: 'README.md', summary: 'SUMMARY.md' };
  return { name, dir, configFile, ...config };
}

/** The folders to push: each corpus folder with a SUMMARY.md or .gitbook.yaml, else each of its sub-folders that has one. */
function repositoriesOf(corpus: string): Repository[] {
  const isRepository = (dir: string) => ['SUMMARY.md', '.gitbook.yaml', '.gitbook.yml', 'README.md'].some((file) => existsSync(join(dir, file)));
  const folders = (dir: string) => readdirSync(dir, { withFileTypes: true }).filter((e) => e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name).sort();
  const found: Repository[] = [];
  for (const name of folders(corpus)) {
    const dir = join(corpus, name);
    if (isRepository(dir)) found.push(repositoryAt(name, dir));
    else for (const sub of folders(dir)) if (isRepository(join(dir, sub))) found.push(repositoryAt(`${name}/${sub}`, join(dir, sub)));
  }
  return found;
}

/** Every file under `dir`, by its path relative to it with '/'. */
function filesUnder(dir: string): string[] {
  const files: string[] = [];
  const walk = (at: string, prefix: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(at, entry.name), `${prefix}${entry.name}/`);
      else if (entry.isFile()) files.push(`${prefix}${entry.name}`);
    }
  };
  if (existsSync(dir)) walk(dir, '');
  return files.sort();
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const kindOf = (path: string) => statSync(path, { throwIfNoEntry: false });
const decode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
const unescapeMarkdown = (text: string) => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
const SAME_PAGE = 'the same bytes, or only documented differences in links to files';
const short = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max)}…` : text);

// ---------------------------------------------------------------------------------------------------
// SUMMARY.md, parsed as Git Sync reads it: `##` headings are groups, list nesting (by indentation) is the
// page hierarchy, `[title](file)` is a page, a link to another site a link page, an entry without a link a
// group (docs/cli.md). An entry whose file is missing, not markdown, outside the root or listed again is
// no page; its sub-entries go to its parent.

interface Entry {
  kind: 'document' | 'group' | 'link';
  /** As written (groups: inline HTML stripped; entries: markdown escapes undone). */
  title: string;
  /** document: the page's file, relative to the root. */
  file?: string;
  /** link: where it points. */
  url?: string;
  line: number;
  children: Entry[];
}

interface Summary {
  entries: Entry[];
  /** Entries that make no page, with why. */
  notPages: { line: number; text: string; why: string }[];
}

const ENTRY = /^(\s*)(?:[*+-]|\d+[.)])\s+(.*)$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** `[text](dest "title")` or `[text](<dest>)`: its text and destination, or undefined when the entry is no link. */
function entryLink(text: string): { title: string; dest: string } | undefined {
  const match = /^\[((?:\\.|[^\\\]])*)\]\((.*)\)\s*$/.exec(text.trim());
  if (!match) return undefined;
  const inner = match[2].trim();
  const dest = inner.startsWith('<') ? inner.slice(1, inner.indexOf('>') === -1 ? undefined : inner.indexOf('>')) : inner.split(/\s+/)[0];
  return { title: unescapeMarkdown(match[1]).trim(), dest };
}

/** A `##` heading's text as a group title: inline HTML (`<a href="#x" id="x"></a>`) stripped. */
const groupTitle = (text: string) => unescapeMarkdown(text.replace(/<[^>]*>/g, ' ').replace(/\s+#+\s*$/, '')).replace(/\s+/g, ' ').trim();

function parseSummary(text: string, summaryDir: string, isMarkdownFile: (path: string) => boolean, readme?: string): Summary {
  const entries: Entry[] = [];
  const notPages: Summary['notPages'] = [];
  const seen = new Set<string>();
  let top = entries; // the top-level list: the root, or the current `##` group's children
  let stack: { indent: number; children: Entry[] }[] = [];
  let sawTitle = false;
  text.split(/\r?\n/).forEach((line, index) => {
    const lineNumber = index + 1;
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      if (heading[1] === '#' && !sawTitle) sawTitle = true;
      else if (heading[1] === '##') {
        const group: Entry = { kind: 'group', title: groupTitle(heading[2]), line: lineNumber, children: [] };
        entries.push(group);
        top = group.children;
        stack = [];
      }
      return;
    }
    const item = ENTRY.exec(line);
    if (!item) return;
    const indent = item[1].replace(/\t/g, '    ').length;
    while (stack.length && stack[stack.length - 1].indent >= indent) stack.pop();
    const parent = stack.length ? stack[stack.length - 1].children : top;
    const link = entryLink(item[2]);
    let entry: Entry | undefined;
    if (!link) entry = { kind: 'group', title: unescapeMarkdown(item[2]).trim(), line: lineNumber, children: [] };
    else if (SCHEME.test(link.dest) || link.dest.startsWith('//')) entry = { kind: 'link', title: link.title, url: link.dest, line: lineNumber, children: [] };
    else {
      const file = posix.normalize(posix.join(summaryDir, decode(link.dest.replace(/[?#].*$/, ''))));
      const why = file === '..' || file.startsWith('../')
        ? 'outside the root'
        : !/\.md$/i.test(file) ? 'not markdown' : !isMarkdownFile(file) ? 'no such file' : seen.has(file) ? 'listed a second time' : undefined;
      if (why) notPages.push({ line: lineNumber, text: item[2].trim(), why });
      else {
        seen.add(file);
        entry = { kind: 'document', title: link.title, file, line: lineNumber, children: [] };
      }
    }
    if (entry) parent.push(entry);
    // An entry that makes no page hands its sub-entries to its parent.
    stack.push({ indent, children: entry ? entry.children : parent });
  });
  // The first page comes first even when the table leaves it out (docs/cli.md; Git Sync does the same).
  if (readme && !seen.has(readme) && isMarkdownFile(readme)) entries.unshift({ kind: 'document', title: '', file: readme, line: 0, children: [] });
  return { entries, notPages };
}

interface Placed {
  entry: Entry;
  identity: string;
  /** The identities of its ancestors, top first. */
  parents: string[];
  /** The identity of the sibling just before it ('' when first). */
  previous: string;
}

const identityOf = (entry: Entry) => (entry.kind === 'document' ? `page ${entry.file}` : entry.kind === 'link' ? `link ${entry.url}` : `group "${entry.title}"`);

function placed(entries: Entry[], parents: string[] = []): Placed[] {
  return entries.flatMap((entry, i) => {
    const identity = identityOf(entry);
    return [{ entry, identity, parents, previous: i ? identityOf(entries[i - 1]) : '' }, ...placed(entry.children, [...parents, identity])];
  });
}

const placeOf = (p: { parents: string[]; previous: string }) => `under ${p.parents.length ? p.parents.join(' > ') : 'the top'}, after ${p.previous || 'nothing (first)'}`;

// ---------------------------------------------------------------------------------------------------
// Links in a page, found as GitHub renders them: markdown links and images (`](path)`, `](<path>)`, a title
// after the path), HTML `src="…"`/`href="…"`, and GitBook's `{% file src %}`, `{% content-ref url %}`,
// `{% page-ref page %}` (`{% embed url %}` is a web page, not a file). Code (fenced or inline) and HTML
// comments hold no links.

interface Ref {
  /** Where `raw` is in the page. */
  start: number;
  end: number;
  /** As written, `<…>` included. */
  raw: string;
  /** The destination, `<…>` and escapes removed. */
  dest: string;
}

/** `text` with code and HTML comments blanked out (same length, newlines kept). */
function maskCode(text: string): string {
  const out = text.split('');
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== '\n') out[i] = ' ';
  };
  let fence: { char: string; length: number } | undefined;
  let offset = 0;
  for (const line of text.split('\n')) {
    const open = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      blank(offset, offset + line.length);
      if (open && open[1][0] === fence.char && open[1].length >= fence.length && !open[2].trim()) fence = undefined;
    } else if (open && !(open[1][0] === '`' && open[2].includes('`'))) {
      fence = { char: open[1][0], length: open[1].length };
      blank(offset, offset + line.length);
    }
    offset += line.length + 1;
  }
  const fenced = out.join('');
  for (const comment of fenced.matchAll(/<!--[\s\S]*?-->/g)) blank(comment.index!, comment.index! + comment[0].length);
  // Inline code: a run of n backticks up to the next run of exactly n, within one paragraph.
  const ticks = /`+/g;
  let run: RegExpExecArray | null;
  while ((run = ticks.exec(fenced))) {
    const closing = new RegExp(`(?<!\`)${'`'.repeat(run[0].length)}(?!\`)`, 'g');
    closing.lastIndex = run.index + run[0].length;
    const close = closing.exec(fenced);
    if (!close || /\n\s*\n/.test(fenced.slice(run.index, close.index))) continue;
    blank(run.index, close.index + close[0].length);
    ticks.lastIndex = close.index + close[0].length;
  }
  return out.join('');
}

const htmlDecode = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/**
 * Every anchor a page's headings, expandables and footnotes answer to, read independently of docsctl: GitHub's rule
 * (github.com's documented one), the platform's as the transliteration package's own slugify gives it
 * (`id-` before a leading digit, and without it as older sites wrote it), explicit `id`/`name`s.
 */
function anchorsOf(page: string): Set<string> {
  const anchors = new Set<string>();
  const seen = [new Map<string, number>(), new Map<string, number>()];
  const numbered = (rule: number, id: string) => {
    const n = seen[rule].get(id);
    seen[rule].set(id, (n ?? -1) + 1);
    return n === undefined ? id : `${id}-${n + 1}`;
  };
  let fence = false;
  for (const line of page.split(/\r?\n/)) {
    if (/^ {0,3}(```|~~~)/.test(line)) fence = !fence;
    if (fence) continue;
    // An expandable answers to its summary's text, as a heading does.
    for (const m of line.matchAll(/<summary>(.*?)<\/summary>/gi)) {
      const text = htmlDecode(m[1].replace(/<[^>]*>/g, '')).trim();
      anchors.add(transliterated(text)).add(text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-'));
    }
    const footnote = /^\[\^([^\]\s]+)\]:/.exec(line);
    if (footnote) anchors.add(`user-content-fn-${footnote[1].toLowerCase()}`).add(`user-content-fnref-${footnote[1].toLowerCase()}`);
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line);
    if (!heading) continue;
    for (const m of heading[1].matchAll(/\s(?:id|name)="([^"]+)"/g)) anchors.add(m[1].toLowerCase());
    const text = htmlDecode(heading[1].replace(/<[^>]*>/g, '').replace(/!\[[^\]]*\]\([^)]*\)/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'))
      .replace(/[`*]/g, '').replace(/(^|[^\p{L}\p{N}])_+(?=\S)/gu, '$1').replace(/(\S)_+(?=$|[^\p{L}\p{N}])/gu, '$1').replace(/\\(.)/g, '$1').trim();
    anchors.add(numbered(0, text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-')));
    const platform = numbered(1, transliterated(text));
    anchors.add(/^[0-9]/.test(platform) ? `id-${platform}` : platform).add(platform);
  }
  return anchors;
}

function refsOf(page: string): Ref[] {
  const text = maskCode(page);
  const refs: Ref[] = [];
  for (let at = text.indexOf(']('); at !== -1; at = text.indexOf('](', at + 2)) {
    let i = at + 2;
    while (text[i] === ' ' || text[i] === '\t') i++;
    if (text[i] === '<') {
      const close = text.indexOf('>', i);
      if (close === -1 || text.slice(i, close).includes('\n')) continue;
      refs.push({ start: i, end: close + 1, raw: page.slice(i, close + 1), dest: unescapeMarkdown(page.slice(i + 1, close)) });
      continue;
    }
    let j = i;
    let depth = 0;
    for (; j < text.length; j++) {
      const c = text[j];
      if (c === '\\') j++;
      else if (/\s/.test(c)) break;
      else if (c === '(') depth++;
      else if (c === ')') {
        if (depth === 0) break;
        depth--;
      }
    }
    if (j > i) refs.push({ start: i, end: j, raw: page.slice(i, j), dest: unescapeMarkdown(page.slice(i, j)) });
  }
  const attribute = (tag: RegExpMatchArray, names: RegExp) => {
    for (const attr of tag[0].matchAll(names)) {
      const value = attr[3] ?? attr[4];
      const start = tag.index! + attr.index! + attr[0].length - value.length - 1;
      refs.push({ start, end: start + value.length, raw: page.slice(start, start + value.length), dest: htmlDecode(value) });
    }
  };
  for (const tag of text.matchAll(/<[a-zA-Z][a-zA-Z0-9-]*\b[^<>]*>/g)) attribute(tag, /(\s)(src|href)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi);
  for (const tag of text.matchAll(/\{%\s*(file|content-ref|page-ref)\b[^%]*%\}/g)) {
    const name = { file: 'src', 'content-ref': 'url', 'page-ref': 'page' }[tag[1] as 'file' | 'content-ref' | 'page-ref'];
    attribute(tag, new RegExp(`(\\s)(${name})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g'));
  }
  return refs.sort((a, b) => a.start - b.start);
}

/** A link's destination as a path relative to the root: undefined for URLs, `#anchors` and absolute paths; null when it leaves the root. */
function targetOf(dest: string, pageFile: string): { path: string | null } | undefined {
  const d = dest.trim();
  if (!d || SCHEME.test(d) || d.startsWith('//') || d.startsWith('#') || d.startsWith('/')) return undefined;
  const joined = posix.normalize(posix.join(posix.dirname(pageFile), decode(d.replace(/[?#].*$/s, ''))));
  if (joined === '..' || joined.startsWith('../')) return { path: null };
  return { path: joined === '.' ? '' : joined.replace(/\/+$/, '') };
}

type Resolution = { ok: true; file?: string } | { ok: false; why: string };

/**
 * How GitHub resolves a relative link of a listed page: a `.md` file resolves when it is a listed page, a
 * folder when its README.md is one, any other file when it exists (Git Sync uploads it).
 */
function resolveLink(target: { path: string | null }, rootDir: string, pages: Set<string>): Resolution {
  if (target.path === null) return { ok: false, why: 'it leaves the folder pushed' };
  const path = target.path;
  const onDisk = kindOf(join(rootDir, path));
  if (/\.md$/i.test(path)) return pages.has(path) ? { ok: true } : { ok: false, why: onDisk ? 'a markdown file SUMMARY.md does not list' : 'no such file' };
  if (onDisk?.isDirectory()) {
    const readme = path ? `${path}/README.md` : 'README.md';
    return pages.has(readme) ? { ok: true } : { ok: false, why: 'a folder whose README.md is no page' };
  }
  if (onDisk?.isFile()) return { ok: true, file: path };
  return { ok: false, why: 'no such file' };
}

/** `.gitbook.yaml`'s `redirects` (`from: to` lines indented under it), read as plainly as Git Sync's docs show them. */
function redirectsOf(config: string): { from: string; to: string }[] {
  const out: { from: string; to: string }[] = [];
  let inside = false;
  for (const line of config.split(/\r?\n/)) {
    if (/^redirects:\s*$/.test(line)) inside = true;
    else if (/^\S/.test(line)) inside = false;
    else if (inside) {
      const m = /^\s+([^:#]+?):\s*(\S+)\s*$/.exec(line);
      if (m) out.push({ from: unquote(m[1]).replace(/^\/+|\/+$/g, ''), to: unquote(m[2]) });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The CLI.

type Box = ReturnType<typeof sandbox>;

async function cli(box: Box, argv: string[]) {
  const result = await runBuilt(box, argv);
  let json: any;
  try {
    json = JSON.parse(result.stdout);
  } catch {
    json = undefined;
  }
  return { ...result, json };
}

async function inPool<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

interface SpacePage {
  id: string;
  type: string;
  title: string;
  path: string;
  git?: { path: string };
  target?: { url: string };
  href?: string;
  pages?: SpacePage[];
}

interface SpaceNode {
  page: SpacePage;
  identity: string;
  parents: string[];
  previous: string;
}

const spaceIdentity = (page: SpacePage) =>
  page.type === 'document' ? (page.git?.path ? `page ${page.git.path}` : `page without a file (${page.path})`)
    : page.type === 'link' ? `link ${page.target?.url ?? page.href}`
      : page.type === 'group' ? `group "${page.title}"` : `${page.type} "${page.title}"`;

function spaceNodes(pages: SpacePage[], parents: string[] = []): SpaceNode[] {
  return pages.flatMap((page, i) => {
    const identity = spaceIdentity(page);
    return [{ page, identity, parents, previous: i ? spaceIdentity(pages[i - 1]) : '' }, ...spaceNodes(page.pages ?? [], [...parents, identity])];
  });
}

interface LinkItem {
  status: string;
  targetReference: { kind: string; page?: string; path?: string; anchor?: string; file?: string; name?: string; url?: string };
  locationReferences: { page: string; path: string }[];
}

// ---------------------------------------------------------------------------------------------------
// The scoreboard.

interface Score {
  push: string;
  pages: [number, number];
  files: [number, number];
  linked: [number, number];
  broken: [number, number];
  pulled: { identical: number; allowed: number; different: number; extra: number };
  secondPush: string;
  search: [number, number];
  /** Pages of the published site that render (200, no block shown as unknown); internal links and images that answer; redirects that answer 301 to a page. */
  site: { pages: [number, number]; links: [number, number]; redirects: [number, number]; anchorsUnmatched: number };
  /** What was seen but is not checked (printed under the scoreboard). */
  notes: string[];
}

const scores = new Map<string, Score>();
const boxes: string[] = [];

afterAll(() => {
  if (!scores.size) return;
  const lines = [...scores].map(([name, s]) =>
    [
      name.padEnd(22),
      `push ${s.push}`.padEnd(12),
      `pages at place ${s.pages[0]}/${s.pages[1]}`.padEnd(24),
      `files uploaded ${s.files[0]}/${s.files[1]}`.padEnd(22),
      `page→file links ${s.linked[0]}/${s.linked[1]}`.padEnd(23),
      `broken links agreed ${s.broken[0]}, disagreed ${s.broken[1]}`.padEnd(38),
      `pulled identical ${s.pulled.identical}, allowed ${s.pulled.allowed}, different ${s.pulled.different}, extra ${s.pulled.extra}`.padEnd(58),
      `second push ${s.secondPush}`.padEnd(24),
      `search ${s.search[0]}/${s.search[1]}`.padEnd(12),
      `site pages ${s.site.pages[0]}/${s.site.pages[1]}, links ${s.site.links[0]}/${s.site.links[1]} (${s.site.anchorsUnmatched} to an anchor the page lacks), redirects ${s.site.redirects[0]}/${s.site.redirects[1]}`,
    ].join('  '),
  );
  const notes = [...scores].flatMap(([name, s]) => s.notes.map((note) => `  ${name}: ${note}`));
  console.log(`Git Sync corpus scoreboard (${CORPUS}):\n${lines.join('\n')}${notes.length ? `\nNotes (allowed differences used, and what is not checked):\n${notes.join('\n')}` : ''}`);
  for (const dir of boxes) rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------------

const repositories = existsSync(CORPUS) ? repositoriesOf(CORPUS) : [];

if (!repositories.length) {
  const reason = `the Git Sync corpus is missing: no repository folders in ${CORPUS} (set DOCSCTL_CORPUS to its folder)`;
  if (process.env.CI) {
    describe('Git Sync corpus', () => {
      it('is present', () => {
        throw new Error(reason);
      });
    });
  } else {
    console.log(`Skipping test/corpus/git-sync-corpus.test.ts: ${reason}`);
    describe.skip(`Git Sync corpus (skipped: ${reason})`, () => {
      it('pushes and pulls each repository', () => {});
    });
  }
}

for (const repo of repositories) {
  describe(`Git Sync corpus: ${repo.name}`, () => {
    const rootDir = join(repo.dir, repo.root);
    const R = repo.name;
    const summaryText = existsSync(join(rootDir, repo.summary)) ? readFileSync(join(rootDir, repo.summary), 'utf8') : '';
    const isMarkdownFile = (path: string) => /\.md$/i.test(path) && !!kindOf(join(rootDir, path))?.isFile();
    const summary = parseSummary(summaryText, posix.dirname(repo.summary) === '.' ? '' : posix.dirname(repo.summary), isMarkdownFile, repo.readme);
    const expected = placed(summary.entries);
    const documents = expected.filter((p) => p.entry.kind === 'document').map((p) => p.entry.file!);
    const pageFiles = new Set(documents);
    const pageText = new Map(documents.map((file) => [file, readFileSync(join(rootDir, file), 'utf8')]));
    // Every relative link of every listed page, resolved.
    const links = documents.flatMap((file) =>
      refsOf(pageText.get(file)!).flatMap((ref) => {
        const target = targetOf(ref.dest, file);
        return target ? [{ file, ref, target, resolution: resolveLink(target, rootDir, pageFiles) }] : [];
      }),
    );
    /** Files the listed pages reference that exist, with the pages referencing each. */
    const referenced = new Map<string, Set<string>>();
    for (const link of links) if (link.resolution.ok && link.resolution.file) referenced.set(link.resolution.file, (referenced.get(link.resolution.file) ?? new Set()).add(link.file));
    const bytesOf = new Map([...referenced.keys()].map((file) => [file, readFileSync(join(rootDir, file))]));

    const score: Score = { push: 'not run', pages: [0, expected.length], files: [0, referenced.size], linked: [0, 0], broken: [0, 0], pulled: { identical: 0, allowed: 0, different: 0, extra: 0 }, secondPush: 'not run', search: [0, 0], site: { pages: [0, 0], links: [0, 0], redirects: [0, 0], anchorsUnmatched: 0 }, notes: [] };
    scores.set(R, score);
    const box = sandbox();
    boxes.push(box.dir);
    let space = '';
    let tree: SpaceNode[] = [];
    let linkItems: LinkItem[] = [];
    /** Why `docsctl links` gave no report ('' when it did): the checks reading it are then one failure each. */
    let linksFailed = 'not run';
    const pageIdOf = new Map<string, string>();
    const fileOfPage = new Map<string, string>();

    it('push: content push --merge exits 0', async () => {
      expect((await cli(box, ['init'])).code).toBe(0);
      const created = await cli(box, ['spaces', 'create', '--title', R, '--json']);
      expect(created.code, created.stderr).toBe(0);
      space = created.json.id;
      const push = await cli(box, ['content', 'push', repo.dir, '--space', space, '--merge', '--json']);
      score.push = push.code === 0 ? 'ok' : `exit ${push.code}`;
      expect.soft(push.code, `${R}: content push ${repo.name} --merge exited ${push.code}: ${short(push.stderr.split('\n').filter((l) => !l.startsWith('Skipped')).join(' '), 400)}`).toBe(0);
      const answer = await cli(box, ['content', 'tree', '--space', space, '--json']);
      expect(answer.code, answer.stderr).toBe(0);
      tree = spaceNodes(answer.json.pages as SpacePage[]);
      for (const node of tree) {
        if (node.page.git?.path) pageIdOf.set(node.page.git.path, node.page.id);
        fileOfPage.set(node.page.id, node.page.git?.path ?? `(page ${node.page.path})`);
      }
      const listing = await cli(box, ['links', '--space', space, '--json']);
      linksFailed = listing.code === 0 ? '' : `docsctl links --space --json exited ${listing.code}: ${short(listing.stderr.trim(), 300)}`;
      expect.soft(linksFailed, `${R}: the links report: ${linksFailed}`).toBe('');
      linkItems = listing.json?.items ?? [];
    }, TIMEOUT);

    it('tree: every page SUMMARY.md lists is in the space at its place', () => {
      const byIdentity = new Map<string, SpaceNode[]>();
      for (const node of tree) byIdentity.set(node.identity, [...(byIdentity.get(node.identity) ?? []), node]);
      const wanted = new Set(expected.map((p) => p.identity));
      for (const want of expected) {
        const candidates = byIdentity.get(want.identity) ?? [];
        const found = candidates.find((n) => placeOf(n) === placeOf(want)) ?? candidates[0];
        const where = want.entry.line ? `${repo.summary}:${want.entry.line}` : `${repo.readme} (first page, not in ${repo.summary})`;
        const titled = (title: string) => (want.entry.kind === 'document' ? '' : `, titled "${title}"`);
        const should = `${placeOf(want)}${titled(want.entry.title)}`;
        const is = found ? `${placeOf(found)}${titled(found.page.title)}` : 'not in the space';
        if (is === should) score.pages[0]++;
        expect.soft(is, `${R}: ${where}: ${want.identity} should be ${should}; found ${is}`).toBe(should);
      }
      for (const node of tree) {
        if (!wanted.has(node.identity)) expect.soft(`${node.identity} at ${node.page.path}`, `${R}: the space has a page ${repo.summary} does not list: ${node.identity} at ${node.page.path}`).toBe('nothing');
      }
    });

    it('files: every file the listed pages reference is uploaded with its bytes, and each page links to that very file', async () => {
      const listed = await cli(box, ['content', 'files', '--space', space, '--all', '--json']);
      expect(listed.code, `${R}: content files --space --all --json: ${listed.stderr}`).toBe(0);
      const uploaded = (Array.isArray(listed.json) ? listed.json : listed.json.items) as { id: string; name: string; size: number }[];
      // Only files of a size some referenced file has can hold its bytes: download those.
      const sizes = new Set([...bytesOf.values()].map((b) => b.length));
      const hashOfFile = new Map<string, string>();
      await inPool(uploaded.filter((f) => sizes.has(f.size)), 4, async (file) => {
        const out = join(box.dir, `download-${file.id}`);
        const got = await cli(box, ['content', 'download', file.id, '--space', space, '-o', out]);
        if (got.code === 0) hashOfFile.set(file.id, sha(readFileSync(out)));
        rmSync(out, { force: true });
      });
      const uploadedHashes = new Set(hashOfFile.values());
      for (const [file, bytes] of bytesOf) {
        const ok = uploadedHashes.has(sha(bytes));
        if (ok) score.files[0]++;
        const pages = [...referenced.get(file)!].join(', ');
        expect.soft(ok, `${R}: ${file} (${bytes.length} bytes, referenced by ${pages}) is uploaded with the same bytes`).toBe(true);
      }
      // What each page's links to files resolve to, by the links report: the file with the same bytes.
      const filesLinkedFrom = new Map<string, Set<string>>();
      for (const item of linkItems) {
        if (item.targetReference.kind !== 'file' || item.status !== 'ok' || !item.targetReference.file) continue;
        for (const at of item.locationReferences) filesLinkedFrom.set(at.page, (filesLinkedFrom.get(at.page) ?? new Set()).add(item.targetReference.file));
      }
      score.linked[1] = [...referenced.values()].reduce((n, pages) => n + pages.size, 0);
      if (linksFailed) {
        if (score.linked[1]) expect.soft(linksFailed, `${R}: which file each page's link resolves to is unknown: ${linksFailed}`).toBe('');
        return;
      }
      for (const [file, pages] of referenced) {
        for (const page of pages) {
          const pageId = pageIdOf.get(page);
          const hashes = new Set([...(pageId ? filesLinkedFrom.get(pageId) ?? [] : [])].map((id) => hashOfFile.get(id)));
          const ok = !!pageId && hashes.has(sha(bytesOf.get(file)!));
          if (ok) score.linked[0]++;
          const raw = links.filter((l) => l.file === page && l.resolution.ok && l.resolution.file === file).map((l) => l.ref.raw);
          expect.soft(ok, `${R}: ${page}: its link ${raw.map((r) => `"${r}"`).join(', ')} resolves (docsctl links) to ${file}'s bytes${pageId ? '' : ' (the page is not in the space)'}`).toBe(true);
        }
      }
    }, TIMEOUT);

    it('links: the broken-links report lists exactly the links GitHub would find broken', () => {
      if (linksFailed) {
        expect.soft(linksFailed, `${R}: no broken-links report to compare: ${linksFailed}`).toBe('');
        return;
      }
      const norm = (path: string) => path.toLowerCase().replace(/\/+$/, '').replace(/(^|\/)readme\.md$/, '').replace(/\.md$/, '');
      const last = (path: string) => norm(path).split('/').pop() ?? '';
      // Ours: (page, target) pairs, one per distinct target of a page.
      const ours = new Map<string, { page: string; key: string; raws: string[]; why: string }>();
      for (const link of links) {
        if (link.resolution.ok || !pageIdOf.has(link.file)) continue;
        const key = norm(link.target.path ?? decode(link.ref.dest.replace(/[?#].*$/s, '')));
        const id = `${link.file}\n${key}`;
        const entry = ours.get(id) ?? { page: link.file, key, raws: [], why: link.resolution.why };
        entry.raws.push(link.ref.raw);
        ours.set(id, entry);
      }
      // docsctl's: broken targets other than a missing heading of a page that exists (anchors are not ours to judge).
      const theirs: { page: string; key: string; shown: string }[] = [];
      for (const item of linkItems) {
        const t = item.targetReference;
        if (item.status !== 'broken' || (t.kind === 'anchor' && t.page)) continue;
        const shown = t.kind === 'file' ? (t.name ?? `/files/${t.file}`) : `${t.path ?? ''}${t.anchor ? `#${t.anchor}` : ''}`;
        for (const at of item.locationReferences) {
          const their = { page: fileOfPage.get(at.page) ?? at.path, key: norm(t.kind === 'file' ? (t.name ?? t.file ?? '') : (t.path ?? '')), shown: `${t.kind} ${shown}` };
          // One per page and target, as ours: `x#a` and `x#b` to a missing x are one broken target.
          if (!theirs.some((o) => o.page === their.page && o.key === their.key)) theirs.push(their);
        }
      }
      // A link written as an absolute path (`/x`) is not one of ours to judge: set aside what comes from one.
      const absolute = documents.flatMap((file) => refsOf(pageText.get(file)!).filter((r) => /^\/(?!\/)/.test(r.dest.trim())).map((r) => ({ file, raw: r.raw, key: norm(decode(r.dest.trim().slice(1).replace(/[?#].*$/s, ''))) })));
      const unmatched = [...ours.values()];
      const extra: typeof theirs = [];
      for (const their of theirs) {
        const fromAbsolute = absolute.find((a) => a.file === their.page && (a.key === their.key || last(a.key) === last(their.key)));
        if (fromAbsolute) {
          score.notes.push(`${their.page}: docsctl links lists ${their.shown} as broken; it comes from the absolute link "${fromAbsolute.raw}", which this test leaves out (GitHub resolves it from the repository's top)`);
          continue;
        }
        const at = unmatched.findIndex((o) => o.page === their.page && o.key === their.key) !== -1
          ? unmatched.findIndex((o) => o.page === their.page && o.key === their.key)
          : unmatched.findIndex((o) => o.page === their.page && last(o.key) === last(their.key));
        if (at === -1) extra.push(their);
        else unmatched.splice(at, 1);
      }
      score.broken = [ours.size - unmatched.length, unmatched.length + extra.length];
      for (const miss of unmatched) {
        expect.soft(false, `${R}: ${miss.page}: ${miss.raws.map((r) => `"${r}"`).join(', ')} is broken (${miss.why}) but docsctl links does not list it as broken`).toBe(true);
      }
      for (const their of extra) {
        const same = links.filter((l) => l.file === their.page && l.resolution.ok && l.target.path !== null && last(l.target.path) === last(their.key)).map((l) => `"${l.ref.raw}"`);
        expect.soft(false, `${R}: ${their.page}: docsctl links lists ${their.shown} as broken, but it resolves${same.length ? ` (${same.join(', ')})` : ' (no broken link of that page goes there)'}`).toBe(true);
      }
    });

    it("links: the anchors it reports broken are exactly those no heading or footnote answers to by GitHub's rule or the platform's", () => {
      if (linksFailed) return;
      // Ours: each link to an anchor of a listed page, judged by the headings of that page's file.
      const ours = new Set<string>();
      const judged = new Set<string>();
      for (const file of documents) {
        for (const ref of refsOf(pageText.get(file)!)) {
          const hash = ref.dest.indexOf('#');
          if (hash === -1 || SCHEME.test(ref.dest.trim())) continue;
          const before = ref.dest.slice(0, hash).trim();
          const path = before ? targetOf(before, file)?.path : file;
          const target = path ? [path, `${path}/README.md`, path === '' ? 'README.md' : ''].find((f) => pageText.has(f)) : undefined;
          const anchor = decode(ref.dest.slice(hash + 1)).toLowerCase();
          if (!target || !anchor) continue;
          const key = `${file} → ${target}#${anchor}`;
          judged.add(key);
          if (!anchorsOf(pageText.get(target)!).has(anchor)) ours.add(key);
        }
      }
      // docsctl's: anchors of pages that exist, reported broken.
      const theirs = new Set<string>();
      for (const item of linkItems) {
        const t = item.targetReference;
        if (item.status !== 'broken' || t.kind !== 'anchor' || !t.page) continue;
        for (const at of item.locationReferences) theirs.add(`${fileOfPage.get(at.page)} → ${fileOfPage.get(t.page)}#${t.anchor}`);
      }
      const missed = [...ours].filter((key) => !theirs.has(key));
      const extra = [...theirs].filter((key) => judged.has(key) && !ours.has(key));
      expect.soft(missed, `${R}: broken anchors docsctl links does not report`).toEqual([]);
      expect.soft(extra, `${R}: anchors docsctl links reports broken that a heading answers to`).toEqual([]);
      score.notes.push(`anchors: ${judged.size} links to a heading or footnote of a listed page, ${ours.size} broken by both rules, docsctl agrees on ${ours.size - missed.length}`);
    });

    it('pull: content pull into an empty folder gives back the pages, the files and .gitbook.yaml', async () => {
      const out = join(box.dir, 'pulled');
      const pull = await cli(box, ['content', 'pull', out, '--space', space]);
      expect.soft(pull.code, `${R}: content pull exited ${pull.code}: ${short(pull.stderr, 400)}`).toBe(0);
      const count = (state: 'identical' | 'allowed' | 'different') => score.pulled[state]++;

      // .gitbook.yaml comes back as it was (root, structure and redirects); the content is under its root.
      const pulledConfig = ['.gitbook.yaml', '.gitbook.yml'].find((file) => existsSync(join(out, file)));
      if (repo.configFile) {
        const source = readFileSync(join(repo.dir, repo.configFile));
        const back = existsSync(join(out, repo.configFile)) ? readFileSync(join(out, repo.configFile)) : undefined;
        const redirects = (source.toString('utf8').match(/^\s+[^\s#][^:]*:\s*\S/gm) ?? []).length;
        count(back?.equals(source) ? 'identical' : 'different');
        const state = back ? (back.equals(source) ? 'the same bytes' : `different bytes: ${short(back.toString('utf8'), 200)}`) : `no such file${pulledConfig ? ` (${pulledConfig} instead)` : ''}`;
        expect.soft(state, `${R}: the pull gives back ${repo.configFile} (${source.length} bytes, root "${repo.root || './'}", ${redirects} nested keys: structure and redirects): ${state}`).toBe('the same bytes');
      }
      const pulledRootDir = join(out, pulledConfig ? readConfig(readFileSync(join(out, pulledConfig), 'utf8')).root : '');
      const pulledText = (file: string) => (existsSync(join(pulledRootDir, file)) ? readFileSync(join(pulledRootDir, file), 'utf8') : undefined);
      const pulledBytes = (file: string) => (kindOf(join(pulledRootDir, file))?.isFile() ? readFileSync(join(pulledRootDir, file)) : undefined);
      const relocated = new Set<string>();

      // SUMMARY.md: the same tree (docs/cli.md: written in the platform's layout, page titles for sidebar titles).
      const summaryBack = pulledText(repo.summary);
      if (summaryBack === summaryText) count('identical');
      else {
        const isPulledMarkdown = (path: string) => /\.md$/i.test(path) && !!kindOf(join(pulledRootDir, path))?.isFile();
        const backTree = summaryBack === undefined ? [] : placed(parseSummary(summaryBack, posix.dirname(repo.summary) === '.' ? '' : posix.dirname(repo.summary), isPulledMarkdown, repo.readme).entries);
        const shape = (list: Placed[]) => list.map((p) => `${p.parents.length}:${p.identity}${p.entry.kind === 'link' ? ` "${p.entry.title}"` : ''}`);
        const want = shape(expected);
        const got = shape(backTree);
        const first = want.findIndex((w, i) => got[i] !== w);
        const same = first === -1 && got.length === want.length;
        count(same && ALLOWED_DIFFERENCES.summaryLayout ? 'allowed' : 'different');
        if (same && ALLOWED_DIFFERENCES.summaryLayout) score.notes.push(`allowed difference: ${repo.summary} comes back in the platform's layout (summaryLayout)`);
        const at = first === -1 ? want.length : first;
        const state = summaryBack === undefined ? 'no such file' : same ? 'the same tree' : `entry ${at} (depth:identity) is ${got[at] ?? 'nothing'}, expected ${want[at] ?? 'nothing'}`;
        expect.soft(state, `${R}: the pulled ${repo.summary} describes the same tree: ${state}`).toBe(ALLOWED_DIFFERENCES.summaryLayout ? 'the same tree' : 'the same bytes');
      }

      // Every referenced file at its path with its bytes (or, as documented, under .gitbook/assets/).
      const pulledFiles = filesUnder(pulledRootDir);
      const pulledHash = new Map<string, string[]>();
      for (const file of pulledFiles.filter((f) => f.startsWith('.gitbook/assets/'))) {
        const hash = sha(readFileSync(join(pulledRootDir, file)));
        pulledHash.set(hash, [...(pulledHash.get(hash) ?? []), file]);
      }
      for (const [file, bytes] of bytesOf) {
        const back = pulledBytes(file);
        if (back?.equals(bytes)) {
          count('identical');
          continue;
        }
        const moved = !file.startsWith('.gitbook/assets/') && ALLOWED_DIFFERENCES.filesOutsideAssets ? pulledHash.get(sha(bytes)) : undefined;
        if (moved) {
          count('allowed');
          score.notes.push(`allowed difference: ${file} comes back as ${moved.join(', ')} (filesOutsideAssets)`);
          for (const m of moved) relocated.add(m);
          continue;
        }
        count('different');
        const sameBytes = [...(pulledHash.get(sha(bytes)) ?? [])];
        const state = back ? `different bytes (${back.length})` : `missing${sameBytes.length ? `; its bytes are at ${sameBytes.join(', ')}` : ''}`;
        expect.soft(state, `${R}: the pull gives back ${file} (${bytes.length} bytes, referenced by ${[...referenced.get(file)!].join(', ')}): ${state}`).toBe('the same bytes');
      }

      // Every listed page with its bytes; where they differ, only in documented ways (links to files).
      for (const file of documents) {
        const source = pageText.get(file)!;
        const back = pulledText(file);
        if (back === source) {
          count('identical');
          continue;
        }
        const used = new Set<string>();
        const verdict = back === undefined ? 'missing' : comparePage(file, source, back, used);
        count(verdict === SAME_PAGE ? 'allowed' : 'different');
        if (verdict === SAME_PAGE) score.notes.push(`allowed difference: the page ${file} differs in links to files (${[...used].join(', ')})`);
        expect.soft(verdict, `${R}: the pull gives back the page ${file} with the same bytes: ${verdict}`).toBe(SAME_PAGE);
      }

      // Reusable content (`{% include "…" %}`): every included file comes back with the same bytes at its path.
      const included = new Set<string>();
      for (const file of documents) {
        for (const include of maskCode(pageText.get(file)!).matchAll(/\{%\s*include\s+"([^"]+)"\s*%\}/g)) {
          const target = targetOf(include[1], file);
          if (!target?.path || !kindOf(join(rootDir, target.path))?.isFile() || included.has(target.path)) continue;
          included.add(target.path);
          relocated.add(target.path); // not an extra file when it does come back
          const same = !!pulledBytes(target.path)?.equals(readFileSync(join(rootDir, target.path)));
          count(same ? 'identical' : 'different');
          expect.soft(same, `${R}: the pull gives back ${target.path}, which ${file} includes (reusable content), with the same bytes`).toBe(true);
        }
      }

      // Nothing the repository does not have.
      const known = new Set(filesUnder(rootDir));
      // (.gitbook.yaml was checked above when the repository has one.)
      const checkedConfig = (f: string) => !!repo.configFile && f === pulledConfig;
      const extra = pulledFiles.filter((f) => !known.has(f) && !relocated.has(f) && !(pulledRootDir === out && checkedConfig(f)));
      if (pulledRootDir !== out) for (const f of filesUnder(out)) if (!f.startsWith(`${posix.relative(out, pulledRootDir)}/`) && !checkedConfig(f)) extra.push(f);
      score.pulled.extra = extra.length;
      for (const f of extra) {
        const suffixed = / \(\d+\)(\.[^./]+)?$/.test(f) && known.has(f.replace(/ \(\d+\)(?=(\.[^./]+)?$)/, ''));
        expect.soft(f, `${R}: the pull writes a file the repository does not have${suffixed ? ' (a " (n)" suffix added to a file that had none)' : ''}`).toBe('nothing');
      }

      /** SAME_PAGE when `back` differs from `source` only by documented changes to links to files, else where it differs. */
      function comparePage(file: string, source: string, back: string, used: Set<string>): string {
        const a = refsOf(source);
        const b = refsOf(back);
        const firstLine = (x: string, y: string) => {
          const xs = x.split('\n');
          const ys = y.split('\n');
          const i = xs.findIndex((line, n) => ys[n] !== line);
          return i === -1 ? `line ${xs.length + 1}: (end) became "${short(ys[xs.length] ?? '')}"` : `line ${i + 1}: "${short(xs[i])}" became "${short(ys[i] ?? '(end)')}"`;
        };
        if (a.length !== b.length) return `different (${a.length} links, ${b.length} after the pull; first difference ${firstLine(source, back)})`;
        const between = (text: string, refs: Ref[]) => refs.map((r, i) => text.slice(i ? refs[i - 1].end : 0, r.start)).concat(text.slice(refs.length ? refs[refs.length - 1].end : 0));
        const textA = between(source, a);
        const textB = between(back, b);
        const i = textA.findIndex((t, n) => textB[n] !== t);
        if (i !== -1) return `different outside links: ${firstLine(source, back)}`;
        for (let n = 0; n < a.length; n++) {
          if (a[n].raw === b[n].raw) continue;
          const target = targetOf(a[n].dest, file);
          const resolution = target && resolveLink(target, rootDir, pageFiles);
          const to = resolution?.ok ? resolution.file : undefined;
          const backTarget = targetOf(b[n].dest, file);
          const backBytes = backTarget?.path ? pulledBytes(backTarget.path) : undefined;
          const sameFile = !!to && !!backBytes && backBytes.equals(bytesOf.get(to)!);
          const decoded = (raw: string) => decode(raw.replace(/^<(.*)>$/, '$1'));
          const percent = ALLOWED_DIFFERENCES.percentEncodedFileLinks && /%[0-9a-f]{2}/i.test(a[n].raw) && decoded(a[n].raw) === decoded(b[n].raw);
          const outside = ALLOWED_DIFFERENCES.filesOutsideAssets && !!to && !to.startsWith('.gitbook/assets/') && !!backTarget?.path?.startsWith('.gitbook/assets/');
          if (sameFile && (percent || outside)) {
            used.add(percent ? 'percentEncodedFileLinks' : 'filesOutsideAssets');
            continue;
          }
          return `different: link "${a[n].raw}" (line ${source.slice(0, a[n].start).split('\n').length}) came back as "${b[n].raw}"${to ? (sameFile ? '' : `, which is not ${to}'s bytes`) : ''}`;
        }
        return SAME_PAGE;
      }
    }, TIMEOUT);

    it('second push: pushing the pull changes nothing', async () => {
      const again = await cli(box, ['content', 'push', join(box.dir, 'pulled'), '--space', space, '--json']);
      const counts = again.json ? { inserted: again.json.inserted, updated: again.json.updated, deleted: again.json.deleted, uploaded: again.json.uploaded } : undefined;
      const noOp = again.code === 0 && !!counts && Object.values(counts).every((n) => n === 0);
      // Which pages it would change: the change request it opened (not merged) against the space.
      let changed = '';
      if (!noOp && again.json?.changeRequest !== undefined) {
        const proposed = await cli(box, ['content', 'tree', '--space', space, '--change-request', String(again.json.changeRequest), '--json']);
        const before = new Map(tree.map((n) => [n.page.id, n.page as SpacePage & { documentId?: string }]));
        const after = proposed.json ? spaceNodes(proposed.json.pages as SpacePage[]) : [];
        const differs = after.filter((n) => {
          const old = before.get(n.page.id);
          return !old || old.title !== n.page.title || old.path !== n.page.path || old.git?.path !== n.page.git?.path || old.documentId !== (n.page as { documentId?: string }).documentId;
        });
        const gone = [...before.keys()].filter((id) => !after.some((n) => n.page.id === id)).map((id) => `${fileOfPage.get(id)} (deleted)`);
        changed = [...differs.map((n) => `${n.page.git?.path ?? n.page.path}${before.has(n.page.id) ? '' : ' (new)'}`), ...gone].slice(0, 40).join(', ');
      }
      score.secondPush = again.code !== 0 ? `exit ${again.code}` : noOp ? (score.push === 'ok' ? 'no-op' : 'no-op (empty)') : Object.entries(counts ?? {}).filter(([, n]) => n).map(([k, n]) => `${k} ${n}`).join(' ');
      expect.soft(again.code, `${R}: content push of the pull exited ${again.code}: ${short(again.stderr, 300)}`).toBe(0);
      expect.soft(counts, `${R}: content push of the pull changes nothing${changed ? `; it changes ${changed}` : ''}`).toEqual({ inserted: 0, updated: 0, deleted: 0, uploaded: 0 });
    }, TIMEOUT);

    it('search: the first ## heading (else ###) of a few pages finds its page', async () => {
      const headings = documents.flatMap((file) => {
        const masked = maskCode(pageText.get(file)!);
        const heading = /^##[ \t]+(.+)$/m.exec(masked) ?? /^#{3,6}[ \t]+(.+)$/m.exec(masked);
        const text = heading
          ? unescapeMarkdown(heading[1].replace(/<[^>]*>/g, ' ').replace(/\{%[^%]*%\}/g, ' ').replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*]/g, '').replace(/\s+#+\s*$/, ''))
            .replace(/\s+/g, ' ')
            .trim()
          : '';
        return /[\p{L}\p{N}]{2}/u.test(text) ? [{ file, text }] : [];
      });
      // The first, middle and last page that has one.
      const picked = [...new Set([0, Math.floor(headings.length / 2), headings.length - 1])].filter((i) => i >= 0 && i < headings.length).map((i) => headings[i]);
      score.search[1] = picked.length;
      for (const { file, text } of picked) {
        const found = await cli(box, ['search', '--json', '--space', space, '--limit', '1000', '--', text]);
        const ids = ((found.json?.items ?? []) as { id: string }[]).map((item) => item.id);
        const ok = found.code === 0 && !!pageIdOf.get(file) && ids.includes(pageIdOf.get(file)!);
        if (ok) score.search[0]++;
        expect.soft(ok, `${R}: search "${text}" finds ${file} (exit ${found.code}, ${ids.length} results${pageIdOf.has(file) ? '' : '; the page is not in the space'}) ${short(found.stderr, 200)}`).toBe(true);
      }
    }, TIMEOUT);

    it('site: published, every page renders through serve with no block shown as unknown, and every link and image of the pages answers', async () => {
      const created = await cli(box, ['sites', 'create', '--title', R, '--space', space, '--json']);
      expect(created.code, created.stderr).toBe(0);
      expect((await cli(box, ['sites', 'publish', created.json.id])).code).toBe(0);
      const org = (await cli(box, ['orgs', 'list', '--json'])).json.items[0].id as string;
      const server = await startBuiltServer(box);
      try {
        const base = `/o/${org}/sites/${created.json.id}`;
        const shown = tree.filter((n) => n.page.type === 'document');
        score.site.pages[1] = shown.length;
        const ids = new Map<string, Set<string>>();
        const targets = new Map<string, string>();
        for (const node of shown) {
          const res = await fetch(`${server.url}${base}/${node.page.path.split('/').map(encodeURIComponent).join('/')}`);
          const html = await res.text();
          const unknown = [...html.matchAll(/class="unknown-block" data-kind="([^"]+)"/g)].map((m) => m[1]);
          const ok = res.status === 200 && unknown.length === 0;
          if (ok) score.site.pages[0]++;
          expect.soft(ok, `${R}: ${fileOfPage.get(node.page.id)} renders (status ${res.status}${unknown.length ? `, shown as unknown: ${unknown.join(', ')}` : ''})`).toBe(true);
          const article = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
          ids.set(new URL(res.url).pathname, new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1])));
          for (const m of article.matchAll(/ (?:href|src)="([^"#]*)(#[^"]*)?"/g)) {
            const target = m[1].replace(/&amp;/g, '&');
            if (target.startsWith(`${base}`) || (!target && m[2])) targets.set(`${target || new URL(res.url).pathname}${m[2] ?? ''}`, fileOfPage.get(node.page.id)!);
          }
        }
        score.site.links[1] = targets.size;
        for (const [target, from] of targets) {
          const [path, anchor] = target.split('#');
          let res = await fetch(`${server.url}${path}`, { redirect: 'manual' });
          if (res.status === 302) res = await fetch(new URL(res.headers.get('location')!, server.url));
          const pathname = new URL(res.url || `${server.url}${path}`).pathname;
          if (!ids.has(pathname) && res.headers.get('content-type')?.startsWith('text/html')) ids.set(pathname, new Set([...(await res.text()).matchAll(/ id="([^"]+)"/g)].map((m) => m[1])));
          const anchorOk = !anchor || !!ids.get(pathname)?.has(decodeURIComponent(anchor));
          if (res.status === 200 && anchorOk) score.site.links[0]++;
          // An anchor no heading or expandable of its page has by any rule (a heading renamed since): the
          // link opens its page, at the top. Counted, not failed.
          // Issue 57 (headings by the platform's rule and GitHub's) took axon's from 70 to 27, fluentd's from 6 to 4.
          else if (res.status === 200) score.site.anchorsUnmatched++;
          expect.soft(res.status, `${R}: ${from} links ${target}: ${res.status}`).toBe(200);
        }
        // Each `redirects` entry of .gitbook.yaml whose file is a listed page answers 301 to a page that opens.
        const redirects = redirectsOf(repo.configFile ? readFileSync(join(repo.dir, repo.configFile), 'utf8') : '')
          .filter(({ to }) => pageFiles.has(posix.normalize(to.replace(/^\.?\//, ''))));
        score.site.redirects[1] = redirects.length;
        for (const { from, to } of redirects) {
          const res = await fetch(`${server.url}${base}/${from.split('/').map(encodeURIComponent).join('/')}`, { redirect: 'manual' });
          const location = res.headers.get('location');
          const landed = res.status === 301 && location ? await fetch(new URL(location, server.url)) : undefined;
          const ok = landed?.status === 200;
          if (ok) score.site.redirects[0]++;
          expect.soft(ok, `${R}: .gitbook.yaml redirects ${from} to ${to}: ${res.status} ${location ?? ''} ${landed?.status ?? ''}`).toBe(true);
        }
      } finally {
        await server.stop();
      }
    }, TIMEOUT);
  });
}
