// What every esbuild bundle of docsctl shares (the npm build, its vendor bundles, the single
// executable, the bench), so they cannot drift apart: one Node target, the repository as the working
// folder, the version compiled in.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

export const commonOptions = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
};

/**
 * Heads a CommonJS bundle whose `import.meta.url` is defined as `__importMeta.url`: the bundle's own file
 * as a URL, made when first read rather than at every start (converting it cost the start ~0.5 ms).
 */
export const IMPORT_META_BANNER = "var __importMeta = { get url() { return require('node:url').pathToFileURL(__filename).href; } };";

/** better-sqlite3's addon, which store/db.ts finds with `require.resolve` (external: never bundled). */
export const ADDON_REQUEST = 'better-sqlite3/build/Release/better_sqlite3.node';

/** `__DOCSCTL_VERSION__`, which src/version.ts reads. */
export const versionDefine = { __DOCSCTL_VERSION__: JSON.stringify(pkg.version) };

/**
 * JavaScript text with every non-ASCII character written as a `\u` escape: the same program wherever
 * esbuild leaves such characters (its output escapes them, but for regular expression literals: katex's
 * `/[îïíì]/`), in a string, a regular expression, an identifier or a comment.
 */
export function asciiOnly(text) {
  return text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * Writes a bundle's `code` to `file` headed by a hash of it (`// docsctl bundle <16 hex digits>`), and
 * answers the hash: bin/run-bundle.cjs names the bundle's code caches by it. The code moves a line down.
 */
export function writeHeadedBundle(file, code) {
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  writeFileSync(file, `// docsctl bundle ${hash}\n${code}`);
  return hash;
}
