import type { Token, Tokens } from 'marked';
import { lexBlocks, splitFrontmatter } from '../markdown';
import { headingAliases, headingOf, platformSlugOfHeading, publishedHeadingIds, summaryTexts } from '../headings';
import { FOOTNOTE_DEFINITION, FOOTNOTE_REFERENCE, footnoteIds } from '../footnotes';
import { MAX_INCLUDE_DEPTH, type Container, type Hint, type LinkBlock, type ReusableContentTag, type Tab, type Tabs, type TitledCode } from '../gitbook-blocks';
import { escapeHtml, safeUrl } from './escape';
import { htmlSanitizer } from './sanitize';
import { cardsHtml } from './cards';
import { containerHtml, operationHeading, renderWithContainers, type RenderOperation } from './containers';
import { operationHtml, operationNotice } from './api-operation';
import { tagAttributes } from '../liquid-containers';
import type { OperationView } from '../../openapi-document/operation';
import { highlighted, htmlLines } from './highlight';
import { mathHtml } from './math';

/** Where a page's links and images go once published: the renderer knows nothing of sites. */
export interface LinkResolver {
  /** The href of a link as written in the page (a relative `.md` path, an anchor, a URL); undefined: text only. */
  href(target: string): string | undefined;
  /** The src of an image or the href of a file as written in the page. */
  src(target: string): string | undefined;
  /** The title a content-ref card shows for a target (a page's title), when it is a page. */
  title?(target: string): string | undefined;
  /** A reusable content's markdown by id (`{% include "/reusable-contents/<id>" %}`). */
  reusable?(id: string): string | undefined;
  /**
   * The operation an `{% openapi-operation spec path method %}` block names, from the spec's latest
   * version, or a notice saying what does not exist; undefined (or no such function): the heading alone.
   */
  operation?(block: { spec?: string; src?: string; path: string; method: string }): OperationView | { notice: string } | undefined;
  /** The address of a schema's own page, of the document a block names, by its pointer (a schema the page does not open links to it). */
  schema?(block: { spec?: string; src?: string }, pointer: string): string | undefined;
}

export interface OutlineEntry {
  depth: number;
  text: string;
  id: string;
}

export interface RenderedPage {
  html: string;
  /** The page's headings of levels 1 to 3, for its outline. */
  outline: OutlineEntry[];
  /** Block kinds the renderer showed as text (none expected for known GitBook blocks). */
  unknown: string[];
}

const HINT_LABELS: Record<string, string> = { info: 'Info', success: 'Success', warning: 'Warning', danger: 'Danger' };

/**
 * A page's markdown as HTML for a visitor: GFM and GitBook's blocks, every text escaped, raw HTML
 * through the allow-list of ./sanitize.ts, every URL through the resolver and `safeUrl`.
 */
export function renderMarkdown(markdown: string, links: LinkResolver): RenderedPage {
  const sanitize = htmlSanitizer((url, attribute) => (attribute === 'src' ? links.src(url) : links.href(url)));
  const tokens = lexBlocks(splitFrontmatter(markdown).body);
  const headings: Tokens.Heading[] = [];
  collectHeadings(tokens, headings);
  // The platform's ids, so links its editor wrote (`#release-4.9`) open at their heading; GitHub's and
  // the older platform's are empty elements at its start, so links written by those rules do too.
  const described = headings.map((h) => headingOf(h.tokens));
  const ids = publishedHeadingIds(described);
  const aliases = headingAliases(described, ids);
  const idOf = new Map(headings.map((h, i) => [h, ids[i]]));
  const aliasesOf = new Map(headings.map((h, i) => [h, aliases[i]]));
  // Footnotes defined at the top level, in order: their notes go at the end of the page.
  const notes = new Map<string, string>();
  for (const token of tokens) {
    const label = token.type === 'paragraph' || token.type === 'def' ? FOOTNOTE_DEFINITION.exec(token.raw)?.[1] : undefined;
    if (label && !notes.has(label.toLowerCase())) notes.set(label.toLowerCase(), '');
  }
  const referenced = new Set<string>();
  // Ids given so far: an expandable's summary takes the next free one (a heading keeps its own).
  const taken = new Set([...ids, ...aliases.flat()]);
  const outline: OutlineEntry[] = [];
  const unknown = new Set<string>();
  let tabsSeen = 0;

  const inline = (list: Token[] | undefined): string => (list ?? []).map(inlineToken).join('');
  function inlineToken(token: Token): string {
    switch (token.type) {
      case 'text':
        return 'tokens' in token && token.tokens?.length ? inline(token.tokens) : withFootnoteReferences(escapeHtml(decode((token as Tokens.Text).text)));
      case 'escape':
        return escapeHtml((token as Tokens.Escape).text);
      case 'strong':
        return `<strong>${inline((token as Tokens.Strong).tokens)}</strong>`;
      case 'em':
        return `<em>${inline((token as Tokens.Em).tokens)}</em>`;
      case 'del':
        return `<del>${inline((token as Tokens.Del).tokens)}</del>`;
      case 'codespan':
        return `<code>${escapeHtml(decode((token as Tokens.Codespan).text))}</code>`;
      case 'br':
        return '<br>';
      case 'link': {
        const link = token as Tokens.Link;
        // `[^1]` where marked read `[^1]: https://…` as a link definition: a footnote reference still.
        if (/^\[\^[^\]\s]+\]$/.test(link.raw)) return withFootnoteReferences(escapeHtml(link.raw));
        const href = resolved(links.href(link.href));
        const title = link.title ? ` title="${escapeHtml(link.title)}"` : '';
        return href === undefined ? inline(link.tokens) : `<a href="${escapeHtml(href)}"${title}>${inline(link.tokens)}</a>`;
      }
      case 'image':
        return image((token as Tokens.Image).href, (token as Tokens.Image).text);
      case 'html':
        return sanitize((token as Tokens.HTML).raw);
      default:
        return escapeHtml((token as { text?: string }).text ?? token.raw);
    }
  }

  /** Each expandable's `<summary>` with the id links to it name: the platform's id of its text. */
  function withSummaryIds(html: string): string {
    if (!html.includes('<summary>')) return html;
    return html.replace(/<summary>([\s\S]*?)<\/summary>/g, (whole, inner: string) => {
      const base = platformSlugOfHeading(summaryTexts(whole)[0] ?? '');
      let id = base;
      for (let n = 1; taken.has(id); n++) id = `${base}-${n}`;
      taken.add(id);
      return `<summary id="${escapeHtml(id)}">${inner}</summary>`;
    });
  }

  /** `[^3]` as a link to its note, where the page defines it; the first reference carries the id notes link back to. */
  function withFootnoteReferences(html: string): string {
    if (!notes.size || !html.includes('[^')) return html;
    return html.replace(FOOTNOTE_REFERENCE, (whole, label: string) => {
      if (!notes.has(label.toLowerCase())) return whole;
      const { note, reference } = footnoteIds(label);
      const first = !referenced.has(note);
      referenced.add(note);
      return `<sup class="footnote-ref"><a href="#${note}"${first ? ` id="${reference}"` : ''}>${escapeHtml(label)}</a></sup>`;
    });
  }

  /** A footnote's definition kept for the end of the page; undefined for any other paragraph. */
  function footnote(token: Token, depth: number): string | undefined {
    const label = depth === 0 ? FOOTNOTE_DEFINITION.exec(token.raw)?.[1]?.toLowerCase() : undefined;
    if (label === undefined || notes.get(label) !== '') return undefined;
    let text = escapeHtml(token.raw.replace(FOOTNOTE_DEFINITION, '').trim());
    const [first, ...rest] = token.type === 'paragraph' ? (token as Tokens.Paragraph).tokens : [];
    if (first?.type === 'text') {
      // The note's own text, its `[^3]:` left out.
      const own = (first as Tokens.Text).text.replace(FOOTNOTE_DEFINITION, '');
      text = inline([{ type: 'text', raw: own, text: own } as Tokens.Text, ...rest]);
    }
    notes.set(label, text || ' ');
    return '';
  }

  function footnotesSection(): string {
    const written = [...notes].filter(([, text]) => text !== '');
    if (!written.length) return '';
    const items = written.map(([label, text]) => {
      const { note, reference } = footnoteIds(label);
      const back = referenced.has(note) ? ` <a href="#${reference}" class="footnote-back" aria-label="Back to the text">↩</a>` : '';
      return `<li id="${note}"><p>${text}${back}</p></li>`;
    });
    return `<section class="footnotes" aria-label="Footnotes"><ol>${items.join('')}</ol></section>
`;
  }

  /** An API operation from its spec, through the resolver; undefined where the resolver has no specs. */
  const operation: RenderOperation = (tag) => {
    const { spec, src, path = '', method = '' } = tagAttributes(tag.raw);
    const found = links.operation?.(tag.name === 'openapi-operation' ? { spec, path, method } : { src, path, method });
    if (found === undefined) return undefined;
    if ('notice' in found) return operationNotice(found.notice, operationHeading(tag));
    return operationHtml(found, {
      markdown: (text) => renderMarkdown(text, { href: links.href, src: links.src }).html,
      schema: (pointer) => links.schema?.({ spec, src }, pointer),
    });
  };

  function image(target: string, alt: string): string {
    const src = resolved(links.src(target));
    return src === undefined ? escapeHtml(alt) : `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" loading="lazy">`;
  }

  function blocks(list: Token[], depth: number): string {
    return renderWithContainers(list, depth, block, operation);
  }

  function block(token: Token, depth: number): string {
    switch (token.type) {
      case 'space':
      case 'liquid-tag':
        return '';
      case 'container':
        return containerHtml(token as Container, blocks, depth);
      case 'def':
        // A link definition shows nothing; a footnote marked read as one (`[^1]: https://…`) goes to the end.
        return footnote(token, depth) ?? '';
      case 'heading': {
        const heading = token as Tokens.Heading;
        const id = idOf.get(heading) ?? '';
        const level = Math.min(heading.depth, 6);
        const text = headingOf(heading.tokens).text;
        if (level <= 3 && depth === 0) outline.push({ depth: level, text, id });
        const content = inline(withoutAnchor(heading.tokens));
        const also = (aliasesOf.get(heading) ?? []).map((alias) => `<span id="${escapeHtml(alias)}"></span>`).join('');
        return `<h${level} id="${escapeHtml(id)}">${also}${content}<a class="anchor" href="#${escapeHtml(encodeURIComponent(id))}" aria-label="Link to this heading">#</a></h${level}>\n`;
      }
      case 'paragraph': {
        const note = footnote(token, depth);
        if (note !== undefined) return note;
        const paragraph = token as Tokens.Paragraph;
        return paragraph.raw.includes('$$') ? mathParagraph(paragraph.raw) : `<p>${inline(paragraph.tokens)}</p>\n`;
      }
      case 'text': {
        const text = token as Tokens.Text;
        return text.tokens?.length ? inline(text.tokens) : escapeHtml(text.text);
      }
      case 'code':
        return code(token as TitledCode);
      case 'blockquote':
        return `<blockquote>${blocks((token as Tokens.Blockquote).tokens, depth + 1)}</blockquote>\n`;
      case 'list':
        return list(token as Tokens.List, depth);
      case 'table':
        return table(token as Tokens.Table);
      case 'hr':
        return '<hr>\n';
      case 'html': {
        const raw = (token as Tokens.HTML).raw;
        const cards = raw.includes('data-view="cards"') ? cardsHtml(raw, sanitize, links.href, links.src) : undefined;
        return cards ?? `${withSummaryIds(sanitize(raw))}\n`;
      }
      case 'hint': {
        const hint = token as Hint;
        const style = HINT_LABELS[hint.style] ? hint.style : 'info';
        return `<aside class="hint hint-${style}" role="note" aria-label="${HINT_LABELS[style]}">${blocks(hint.tokens, depth + 1)}</aside>\n`;
      }
      case 'tabs': {
        const tabs = (token as Tabs).tokens.filter((t): t is Tab => t.type === 'tab');
        const group = ++tabsSeen;
        const panels = tabs
          .map((tab, i) => `<section class="tab" id="tabs-${group}-${i + 1}"><h4 class="tab-title">${escapeHtml(tab.title)}</h4>${blocks(tab.tokens, depth + 1)}</section>`)
          .join('');
        return `<div class="tabs" data-tabs>${panels}</div>\n`;
      }
      case 'tab':
        return `<section class="tab"><h4 class="tab-title">${escapeHtml((token as Tab).title)}</h4>${blocks((token as Tab).tokens, depth + 1)}</section>\n`;
      case 'content-ref': {
        const { url } = token as LinkBlock;
        const href = resolved(links.href(url));
        const title = links.title?.(url) ?? url;
        return href === undefined ? `<p>${escapeHtml(title)}</p>\n` : `<a class="card" href="${escapeHtml(href)}"><span class="card-title">${escapeHtml(title)}</span></a>\n`;
      }
      case 'embed': {
        // No frame of another site: a page makes no third-party request. The embed is a link card.
        const { url, tokens } = token as LinkBlock;
        const href = resolved(links.href(url));
        const caption = blocks(tokens, depth + 1);
        const link = href === undefined ? escapeHtml(url) : `<a href="${escapeHtml(href)}">${escapeHtml(url)}</a>`;
        return `<figure class="embed">${link}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>\n`;
      }
      case 'file': {
        const { url, tokens } = token as LinkBlock;
        const href = resolved(links.src(url));
        const name = decodeURIComponentSafe(url.split('/').pop() ?? url);
        const caption = blocks(tokens, depth + 1);
        const link = href === undefined ? escapeHtml(name) : `<a href="${escapeHtml(href)}" download>${escapeHtml(name)}</a>`;
        return `<div class="file">${link}${caption ? `<div class="file-caption">${caption}</div>` : ''}</div>\n`;
      }
      case 'reusable-content': {
        const included = depth < MAX_INCLUDE_DEPTH ? links.reusable?.((token as ReusableContentTag).reusableContent) : undefined;
        if (included === undefined) return '';
        return `<div class="reusable">${blocks(lexBlocks(splitFrontmatter(included).body), depth + 1)}</div>\n`;
      }
      default:
        unknown.add(token.type);
        return `<p class="unknown-block" data-kind="${escapeHtml(token.type)}">${escapeHtml(token.raw.trim())}</p>\n`;
    }
  }

  /**
   * A paragraph with math: a block of its own when `$$…$$` is all it holds, else each `$$…$$` of a line
   * inline, the text around it read as markdown (the TeX kept out of it: `_` in TeX is no emphasis).
   */
  function mathParagraph(raw: string): string {
    const whole = /^\s*\$\$([\s\S]+?)\$\$\s*$/.exec(raw);
    if (whole) return `<div class="math-block">${mathHtml(whole[1].trim(), true)}</div>\n`;
    const formulas: string[] = [];
    const text = raw.replace(/\$\$([^\n]+?)\$\$/g, (_, tex: string) => `\uE000${formulas.push(tex) - 1}\uE001`);
    const lexed = lexBlocks(text)[0] as Tokens.Paragraph | undefined;
    const html = lexed?.type === 'paragraph' ? inline(lexed.tokens) : escapeHtml(text);
    return `<p>${html.replace(/\uE000(\d+)\uE001/g, (_, i: string) => mathHtml(formulas[Number(i)].trim(), false))}</p>\n`;
  }

  function code(token: TitledCode): string {
    const lang = token.lang?.trim().split(/\s+/)[0];
    const language = lang ? ` data-language="${escapeHtml(lang)}"` : '';
    const html = highlighted(token.text, lang) ?? escapeHtml(token.text);
    const body = token.lineNumbers ? htmlLines(html).map((line) => `<span class="line">${line}</span>`).join('\n') : html;
    const classes = ['code', token.lineNumbers ? 'line-numbers' : '', token.overflow === 'wrap' ? 'wrap' : ''].filter(Boolean).join(' ');
    const title = token.title ? `<figcaption class="code-title">${escapeHtml(token.title)}</figcaption>` : '';
    return `<figure class="${classes}">${title}<pre tabindex="0"><code${language}>${body}</code></pre></figure>\n`;
  }

  function list(token: Tokens.List, depth: number): string {
    const tag = token.ordered ? 'ol' : 'ul';
    const start = token.ordered && token.start !== '' && token.start !== 1 ? ` start="${Number(token.start)}"` : '';
    const items = token.items
      .map((item) => {
        const box = item.task ? `<input type="checkbox" disabled${item.checked ? ' checked' : ''} aria-label="${item.checked ? 'done' : 'to do'}"> ` : '';
        const inner = item.tokens.filter((t) => t.type !== 'checkbox');
        return `<li>${box}${blocks(inner, depth + 1)}</li>`;
      })
      .join('');
    return `<${tag}${start}>${items}</${tag}>\n`;
  }

  function table(token: Tokens.Table): string {
    const align = (cell: Tokens.TableCell) => (cell.align ? ` class="align-${cell.align}"` : '');
    const head = token.header.map((cell) => `<th scope="col"${align(cell)}>${inline(cell.tokens)}</th>`).join('');
    const rows = token.rows.map((row) => `<tr>${row.map((cell) => `<td${align(cell)}>${inline(cell.tokens)}</td>`).join('')}</tr>`).join('');
    return `<div class="table"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>\n`;
  }

  const html = blocks(tokens, 0) + footnotesSection();
  return { html, outline, unknown: [...unknown] };
}

/** A URL the resolver gave, if it is safe to write. */
function resolved(url: string | undefined): string | undefined {
  return url === undefined ? undefined : safeUrl(url);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** marked keeps `&amp;` and other references escaped in text: decode them before escaping once. */
function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);
}

/** A heading's tokens without GitBook's empty anchor (`<a href="#x" id="x"></a>`): the heading carries the id. */
function withoutAnchor(tokens: Token[]): Token[] {
  const anchor = headingOf(tokens).anchor;
  const at = anchor ? tokens.indexOf(anchor) : -1;
  if (at < 0) return tokens;
  const closing = tokens[at + 1]?.type === 'html' && /^<\/a>\s*$/i.test(tokens[at + 1].raw) ? 1 : 0;
  return [...tokens.slice(0, at), ...tokens.slice(at + 1 + closing)];
}

function collectHeadings(tokens: Token[], into: Tokens.Heading[]): void {
  for (const token of tokens) {
    if (token.type === 'heading') into.push(token as Tokens.Heading);
    const children = (token as { tokens?: Token[] }).tokens;
    if (Array.isArray(children) && token.type !== 'heading' && token.type !== 'paragraph') collectHeadings(children, into);
    if (token.type === 'list') for (const item of (token as Tokens.List).items) collectHeadings(item.tokens, into);
  }
}
