import { createRequire } from 'node:module';

/**
 * Code blocks highlighted on the server with highlight.js (its 36 common languages, `lib/common`): spans
 * with `hljs-*` classes around escaped text, coloured by the site's stylesheet. No script in the page.
 */
type Hljs = typeof import('highlight.js').default;
// Loaded with the first code block rendered, not at every start of the CLI.
const load = createRequire(import.meta.url);
let hljs: Hljs | undefined;

/** Code longer than this is shown without colours: highlighting costs time in proportion to the text. */
export const MAX_HIGHLIGHT_CHARACTERS = 100_000;

/** `code` as highlighted HTML (escaped), or undefined for a language highlight.js does not know. */
export function highlighted(code: string, language: string | undefined): string | undefined {
  if (!language || code.length > MAX_HIGHLIGHT_CHARACTERS) return undefined;
  try {
    // The npm build's vendor bundle holds the package's ES module: its namespace, with `default`.
    hljs ??= ((module: Hljs & { default?: Hljs }) => module.default ?? module)(load('highlight.js/lib/common'));
    if (!hljs.getLanguage(language)) return undefined;
    return hljs.highlight(code, { language, ignoreIllegals: true }).value;
  } catch {
    // Shown plain rather than failing the page.
    return undefined;
  }
}

/** Highlighted HTML cut into lines, each with its spans closed at its end and opened again on the next. */
export function htmlLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let line = '';
  for (const part of html.split(/(<span[^>]*>|<\/span>|\n)/)) {
    if (!part) continue;
    if (part === '\n') {
      lines.push(line + '</span>'.repeat(open.length));
      line = open.join('');
    } else if (part === '</span>') {
      open.pop();
      line += part;
    } else {
      if (part.startsWith('<span')) open.push(part);
      line += part;
    }
  }
  lines.push(line);
  return lines;
}
