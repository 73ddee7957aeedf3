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

/** Where Git Sync keeps a space's files (images and the like): the one dot-folder read. */
export const GITBOOK_ASSETS = '.gitbook/assets';

/**
 * The file a page without one of its own is pulled into (and is read from): a page with sub-pages is
 * its folder's README.md, the top-level page `readme` is README.md, the others `path.md`.
 */
export const defaultFileOf = (path: string, hasChildren: boolean) => (hasChildren ? `${path}/README.md` : path === 'readme' ? 'README.md' : `${path}.md`);

/** A `.gitbook.yaml` that cannot be followed. */
export class LayoutError extends Error {}

/** A relative path of the configuration, normalized; refused when it leaves the folder it is relative to. */
function relativePath(value: unknown, field: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new LayoutError(`${CONFIG_FILE}: ${field} must be a path (a string)`);
  const path = posix.normalize(value.trim().replace(/\\/g, '/')).replace(/\/+$/, '');
  if (posix.isAbsolute(value.trim()) || path === '..' || path.startsWith('../')) throw new LayoutError(`${CONFIG_FILE}: ${field} must stay inside the folder (it is ${JSON.stringify(value)})`);
  return path === '.' ? '' : path;
}

/**
 * The layout `.gitbook.yaml` describes (its `root`, `structure.readme` and `structure.summary`, the
 * latter two relative to the root), or the defaults (README.md and SUMMARY.md at the top) without one.
 * `redirects` are not read.
 */
export function layoutOf(configText: string | undefined): GitbookLayout {
  let config: Record<string, unknown> = {};
  if (configText !== undefined) {
    let data: unknown;
    try {
      data = parseYaml(configText);
    } catch (error) {
      throw new LayoutError(`${CONFIG_FILE} is not valid YAML: ${(error as Error).message}`);
    }
    if (data !== null && data !== undefined && (typeof data !== 'object' || Array.isArray(data))) throw new LayoutError(`${CONFIG_FILE} must be a mapping (root, structure)`);
    config = (data ?? {}) as Record<string, unknown>;
  }
  const root = config.root === undefined ? '' : relativePath(config.root, 'root');
  const structure = config.structure ?? {};
  if (typeof structure !== 'object' || structure === null || Array.isArray(structure)) throw new LayoutError(`${CONFIG_FILE}: structure must be a mapping (readme, summary)`);
  const { readme = 'README.md', summary = 'SUMMARY.md' } = structure as Record<string, unknown>;
  return { root, readme: relativePath(readme, 'structure.readme'), summary: relativePath(summary, 'structure.summary') };
}
