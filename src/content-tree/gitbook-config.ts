import { posix } from 'node:path';
import { parseYaml } from '../markdown/markdown';

/** What `.gitbook.yaml` says about a folder's layout. */
export interface GitbookLayout {
  /** Where the content is (`root`), relative to the folder; '' for the folder itself. */
  root: string;
  /** The first page (`structure.readme`), relative to the root. */
  readme: string;
  /** The table of contents (`structure.summary`), relative to the root. */
  summary: string;
}

export const CONFIG_FILE = '.gitbook.yaml';
/** Both spellings Git Sync reads, in the order it looks for them. */
export const CONFIG_FILES = [CONFIG_FILE, '.gitbook.yml'] as const;

/** Whether `file` (a path relative to the folder) is the folder's Git Sync configuration. */
export const isConfigFile = (file: string) => (CONFIG_FILES as readonly string[]).includes(file);

/** Where Git Sync keeps a space's files (images and the like): the one dot-folder read. */
export const GITBOOK_ASSETS = '.gitbook/assets';

/** Where Git Sync keeps reusable content, which pages include (`{% include "…" %}`). */
export const GITBOOK_INCLUDES = '.gitbook/includes';

/**
 * The file a page without one of its own is pulled into (and is read from): a page with sub-pages is
 * its folder's README.md, the top-level page `readme` is README.md, the others `path.md`.
 */
export const defaultFileOf = (path: string, hasChildren: boolean) => (hasChildren ? `${path}/README.md` : path === 'readme' ? 'README.md' : `${path}.md`);

/** A `.gitbook.yaml` that cannot be followed. */
export class LayoutError extends Error {}

/** A relative path of the configuration, normalized; refused when it leaves the folder it is relative to. */
function relativePath(value: unknown, field: string, file: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new LayoutError(`${file}: ${field} must be a path (a string)`);
  const path = posix.normalize(value.trim().replace(/\\/g, '/')).replace(/\/+$/, '');
  if (posix.isAbsolute(value.trim()) || path === '..' || path.startsWith('../')) throw new LayoutError(`${file}: ${field} must stay inside the folder (it is ${JSON.stringify(value)})`);
  return path === '.' ? '' : path;
}

/**
 * The layout `.gitbook.yaml` describes (its `root`, `structure.readme` and `structure.summary`, the
 * latter two relative to the root), or the defaults (README.md and SUMMARY.md at the top) without one.
 * `redirects` are not read.
 */
export function layoutOf(configText: string | undefined, file: string = CONFIG_FILE): GitbookLayout {
  let config: Record<string, unknown> = {};
  if (configText !== undefined) {
    let data: unknown;
    try {
      data = parseYaml(configText);
    } catch (error) {
      throw new LayoutError(`${file} is not valid YAML: ${(error as Error).message}`);
    }
    if (data !== null && data !== undefined && (typeof data !== 'object' || Array.isArray(data))) throw new LayoutError(`${file} must be a mapping (root, structure)`);
    config = (data ?? {}) as Record<string, unknown>;
  }
  const root = keyOf(config, 'root') === undefined ? '' : relativePath(keyOf(config, 'root'), 'root', file);
  const structure = keyOf(config, 'structure') ?? {};
  if (typeof structure !== 'object' || structure === null || Array.isArray(structure)) throw new LayoutError(`${file}: structure must be a mapping (readme, summary)`);
  const readme = keyOf(structure as Record<string, unknown>, 'readme') ?? 'README.md';
  const summary = keyOf(structure as Record<string, unknown>, 'summary') ?? 'SUMMARY.md';
  return { root, readme: relativePath(readme, 'structure.readme', file), summary: relativePath(summary, 'structure.summary', file) };
}

/** A key of the configuration in any case (`Root`, `SUMMARY`), as users write them. */
function keyOf(config: Record<string, unknown>, key: string): unknown {
  if (key in config) return config[key];
  const found = Object.keys(config).find((k) => k.toLowerCase() === key);
  return found === undefined ? undefined : config[found];
}
