import { cardsTableOf, cellHref } from '../cards-table';
import { decodeReferences } from './sanitize';
import { escapeHtml, safeUrl } from './escape';
import { textOfHtml } from './text-of-html';

/**
 * GitBook's cards (`<table data-view="cards">`) as a visitor sees them: a grid of cards, each its shown
 * cells, its cover image on top and, when it has a target, a link over the whole card (a stretched link
 * whose name is the card's first text, so it works without script and reads well to a screen reader).
 * Undefined for HTML that is no cards table (the sanitizer shows it as written).
 */
export function cardsHtml(html: string, sanitize: (html: string) => string, href: (url: string) => string | undefined, src: (url: string) => string | undefined): string | undefined {
  const cards = cardsTableOf(html);
  if (!cards) return undefined;
  const linkOf = (cell: string, resolve: (url: string) => string | undefined) => {
    const href = cellHref(cell);
    const url = href === undefined ? undefined : resolve(decodeReferences(href));
    return url === undefined ? undefined : safeUrl(url);
  };
  const target = cards.columns.findIndex((c) => c.target);
  const cover = cards.columns.findIndex((c) => c.cover);
  const shown = cards.columns.map((c, i) => (!c.hidden && i !== target && i !== cover ? i : -1)).filter((i) => i >= 0);
  const items = cards.rows.map((row) => {
    const body = shown.map((c) => `<div class="card-cell">${sanitize(row[c])}</div>`).join('');
    const image = cover >= 0 ? linkOf(row[cover], src) : undefined;
    const link = target >= 0 ? linkOf(row[target], href) : undefined;
    const name = textOfHtml(shown.map((c) => row[c]).join(' '));
    return `<li class="card${link ? ' card-linked' : ''}">` +
      (image ? `<img class="card-cover" src="${escapeHtml(image)}" alt="" loading="lazy">` : '') +
      body +
      (link ? `<a class="card-target" href="${escapeHtml(link)}"><span class="visually-hidden">${escapeHtml(name || link)}</span></a>` : '') +
      '</li>';
  });
  return `<ul class="cards${cards.cardSize === 'large' ? ' cards-large' : ''}">${items.join('')}</ul>\n`;
}
