/**
 * The search of a static copy: an index built with the copy (`search-index.json`), searched in the
 * browser by the site's script. Each page is its title and its sections (a heading's text, its id and
 * the words under it), cut to a bound so the index of a large site stays a download a browser takes.
 */
import { textOfHtml } from '../markdown/html/text-of-html';

/** A page as the index holds it: `u` its URL from the copy's root, `s` its sections `[heading, id, text]`. */
export interface IndexedPage {
  t: string;
  u: string;
  s: [string, string, string][];
}

/** Words kept of a section, and of a page: enough to find it by and to show a snippet. */
export const MAX_SECTION_CHARACTERS = 600;
export const MAX_PAGE_CHARACTERS = 3000;

/** A rendered page's entry of the index; undefined for a page with no article (a redirect, the search page). */
export function indexedPage(html: string, url: string): IndexedPage | undefined {
  const article = /<article>([\s\S]*)<\/article>/.exec(html)?.[1];
  if (article === undefined) return undefined;
  const title = textOfHtml(/<h1>([\s\S]*?)<\/h1>/.exec(article)?.[1] ?? '');
  const body = article.replace(/<h1>[\s\S]*?<\/h1>/, '');
  const sections: [string, string, string][] = [];
  let budget = MAX_PAGE_CHARACTERS;
  // Sections start at each h2 or h3 with an id; what stands before the first is the page's own.
  const parts = body.split(/(?=<h[23] id=")/);
  for (const part of parts) {
    const heading = /^<h[23] id="([^"]*)">([\s\S]*?)<\/h[23]>/.exec(part);
    const text = textOfHtml(heading ? part.slice(heading[0].length) : part).slice(0, Math.min(MAX_SECTION_CHARACTERS, budget));
    budget -= text.length;
    // Without the heading's own anchor link (its `#`).
    const name = heading ? textOfHtml(heading[2].replace(/<a class="anchor"[^<>]*>#<\/a>/, '')) : '';
    if (text || name) sections.push([name, heading ? heading[1] : '', text]);
    if (budget <= 0) break;
  }
  return { t: title, u: url, s: sections };
}
