import { posix } from 'node:path';
import { decodeTarget, isUrl, linkDestination } from './link-target';
import { decodeCharacterReferences } from '../markdown/character-references';

/**
 * Links from a page to a file, in the forms Git Sync folders write them: a markdown link or image
 * destination (`](path)`, `](<path with spaces>)`, with an optional "title"), and an HTML or block
 * `src="path"` (`<img src>` in a `<figure>`, `{% file src %}`). Pushed, they become `/files/<id>`
 * (how content names its files); pulled, they become paths relative to the page's file again.
 */
// Blanks are [ \t], not \s: a run of them is then matched one way only, so no input backtracks more than linearly.
const DESTINATION = /(\]\([ \t]*)(?:<([^>\n]*)>|([^\s)<>]+))((?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'))?[ \t]*\))/g;
const SRC = /(\bsrc\s*=\s*)(?:"([^"\n]*)"|'([^'\n]*)')/gi;
/**
 * A link reference definition (` [1]: images/internet_1.png`, what `![Figure][1]` uses: DjangoGirls'
 * tutorial writes every image so), a footnote's (`[^1]:`) left out. Its destination, as DESTINATION's.
 */
const DEFINITION = /^( {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*)(?:<([^>\n]*)>|(\S+))((?:[ \t]+(?:"[^"\n]*"|'[^'\n]*'|\([^)\n]*\)))?[ \t]*)$/gm;
const FILE_REF = /^\/files\/([^/?#\s]+)$/;
/** An attribute's value as the browser reads it: the platform writes `src="A &#x26; B.png"`. */
const attribute = (value: string) => decodeCharacterReferences(value);
/** A path written into an attribute as the platform writes it: `&` as `&#x26;`. */
const asAttribute = (path: string) => path.replace(/&/g, '&#x26;');

/** The folder path a relative link of the page in `pageFile` names, or undefined (URLs, absolute paths, anchors). */
export function resolveLocal(target: string, pageFile: string): string | undefined {
  if (!target || isUrl(target) || target.startsWith('/') || target.startsWith('#')) return undefined;
  const path = posix.normalize(posix.join(posix.dirname(pageFile), decodeTarget(target.replace(/[?#].*$/, ''))));
  return path === '..' || path.startsWith('../') || path === '.' ? undefined : path;
}

/** Every relative link target of a page's markdown, resolved to a folder path. */
export function localTargets(markdown: string, pageFile: string): string[] {
  const found: string[] = [];
  for (const m of markdown.matchAll(DESTINATION)) {
    const path = resolveLocal(m[2] ?? m[3], pageFile);
    if (path) found.push(path);
  }
  for (const m of markdown.matchAll(SRC)) {
    const path = resolveLocal(attribute(m[2] ?? m[3]), pageFile);
    if (path) found.push(path);
  }
  for (const m of markdown.matchAll(DEFINITION)) {
    const path = resolveLocal(m[2] ?? m[3], pageFile);
    if (path) found.push(path);
  }
  return found;
}

/** Links to files of the folder rewritten to `/files/<id>`; `idOf` answers a file's id by its folder path. */
export function rewriteLinks(markdown: string, pageFile: string, idOf: (path: string) => string | undefined): string {
  const idFor = (target: string) => {
    const path = resolveLocal(target, pageFile);
    return path === undefined ? undefined : idOf(path);
  };
  return markdown
    .replace(DESTINATION, (whole, open: string, angled: string | undefined, bare: string | undefined, close: string) => {
      const id = idFor(angled ?? bare!);
      // One spelling, whatever the folder's (`<a b.png>`, `a%20b.png`): pulling writes the one the platform writes.
      return id ? `${open}/files/${id}${close}` : whole;
    })
    .replace(SRC, (whole, open: string, double: string | undefined, single: string | undefined) => {
      const id = idFor(attribute(double ?? single!));
      return id ? `${open}${double !== undefined ? `"/files/${id}"` : `'/files/${id}'`}` : whole;
    })
    .replace(DEFINITION, (whole, open: string, angled: string | undefined, bare: string | undefined, close: string) => {
      const id = idFor(angled ?? bare!);
      return id ? `${open}/files/${id}${close}` : whole;
    });
}

/**
 * `/files/<id>` links turned back into paths relative to the page's file; `pathOf` answers where a
 * file is written in the folder. Destinations get `<…>` when they need them (spaces, parentheses),
 * as the platform writes them.
 */
export function restoreLinks(markdown: string, pageFile: string, pathOf: (id: string) => string | undefined): string {
  const relativeFor = (target: string) => {
    const id = FILE_REF.exec(target)?.[1];
    const path = id === undefined ? undefined : pathOf(id);
    return path === undefined ? undefined : posix.relative(posix.dirname(pageFile), path);
  };
  return markdown
    .replace(DESTINATION, (whole, open: string, angled: string | undefined, bare: string | undefined, close: string) => {
      const relative = relativeFor(angled ?? bare!);
      if (relative === undefined) return whole;
      return `${open}${linkDestination(relative)}${close}`;
    })
    .replace(SRC, (whole, open: string, double: string | undefined, single: string | undefined) => {
      const relative = relativeFor(double ?? single!);
      if (relative === undefined) return whole;
      return `${open}${double !== undefined ? `"${asAttribute(relative)}"` : `'${asAttribute(relative)}'`}`;
    })
    .replace(DEFINITION, (whole, open: string, angled: string | undefined, bare: string | undefined, close: string) => {
      const relative = relativeFor(angled ?? bare!);
      return relative === undefined ? whole : `${open}${linkDestination(relative)}${close}`;
    });
}
