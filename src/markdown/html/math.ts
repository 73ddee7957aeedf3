import { createRequire } from 'node:module';
import { escapeHtml } from './escape';

/**
 * TeX between `$$` (GitBook's math, inline or as a block of its own) as MathML, which browsers draw
 * themselves: no stylesheet, no font, no script. KaTeX does the work, with nothing a page could abuse:
 * no `\href` or `\url` (trust off), macro expansion and sizes bounded.
 */
type Katex = typeof import('katex').default;
// Loaded with the first formula rendered, not at every start of the CLI.
const load = createRequire(import.meta.url);
let katex: Katex | undefined;

/** The longest formula rendered; a longer one is shown as its TeX source. */
export const MAX_TEX_CHARACTERS = 10_000;

export function mathHtml(tex: string, display: boolean): string {
  const source = `<code class="math">${escapeHtml(tex)}</code>`;
  if (tex.length > MAX_TEX_CHARACTERS) return source;
  try {
    // The npm build's vendor bundle holds the package's ES module: its namespace, with `default`.
    katex ??= ((module: Katex & { default?: Katex }) => module.default ?? module)(load('katex'));
    return katex.renderToString(tex, { output: 'mathml', displayMode: display, throwOnError: false, trust: false, strict: 'ignore', maxExpand: 1000, maxSize: 50 });
  } catch {
    return source;
  }
}
