import { PDFHexString, PDFName, degrees, rgb, type PDFDocument, type PDFPage, type PDFRef } from 'pdf-lib';
import type { FontSet } from './font-set';
import type { Atom, Line, LinkTarget, Piece, Style } from './lines';
import { bidiClassOf, bidiLevels, visualOrder } from './bidi';
import { PAPERS, type Paper } from '../domain/pdf-paper';

export const MARGIN = 56;
const BOTTOM = 64;

const asciiUrl = (url: string) => (URL.canParse(url) ? new URL(url).href : encodeURI(url));

/** A place in the PDF: a sheet and how far down it. */
export interface Place { sheet: number; y: number }

/** A band drawn beside or behind a block's lines: a hint's bar and tint, a quote's bar, a code block's background. */
export interface Band { x: number; width: number; color: [number, number, number]; bar?: [number, number, number] }

interface PendingLink { sheet: PDFPage; rect: [number, number, number, number]; target: LinkTarget }

/**
 * Sheets and a cursor going down them: lines drawn where the cursor is, a new sheet when the next
 * thing does not fit, links and headings remembered so links between pages become jumps in the PDF.
 */
export class Writer {
  readonly sheets: PDFPage[] = [];
  private sheet!: PDFPage;
  y = 0;
  /** Where each page of the content and each of its headings starts: `page` and `page#anchor`. */
  readonly places = new Map<string, Place>();
  private readonly links: PendingLink[] = [];

  /** Sheets of `paper` go at the end, or (the table of contents) in at this index and on. */
  constructor(readonly pdf: PDFDocument, readonly fonts: FontSet, readonly paper: Paper = 'a4', private insertAt?: number) {}

  /** The sheet's width and height, in points. */
  get width(): number {
    return PAPERS[this.paper].width;
  }

  get height(): number {
    return PAPERS[this.paper].height;
  }

  get current(): PDFPage {
    return this.sheet;
  }

  newSheet(): void {
    const size: [number, number] = [this.width, this.height];
    this.sheet = this.insertAt === undefined ? this.pdf.addPage(size) : this.pdf.insertPage(this.insertAt++, size);
    this.sheets.push(this.sheet);
    this.y = this.height - MARGIN;
  }

  /** Room for `height` points below the cursor, on a new sheet if this one has less. */
  ensure(height: number): void {
    if (!this.sheets.length || (this.y - height < BOTTOM && this.y < this.height - MARGIN)) this.newSheet();
  }

  /** Room left on this sheet. */
  get room(): number {
    return this.y - BOTTOM;
  }

  down(points: number): void {
    this.y -= points;
  }

  mark(key: string): void {
    if (!this.places.has(key)) this.places.set(key, { sheet: this.sheets.length - 1, y: this.y });
  }

  /**
   * Lines of text from `x`, `width` wide, each on the sheet that has room for it; bands drawn behind
   * each line, so a hint or a code block broken across sheets keeps its look on both.
   */
  drawLines(lines: Line[], options: { x: number; width: number; lineHeight: number; rtl?: boolean; align?: 'left' | 'center'; bands?: Band[] }): void {
    for (const line of lines) {
      const size = Math.max(...line.atoms.flatMap((a) => a.pieces.map((p) => p.style.size)), 0) || options.lineHeight / 1.45;
      this.ensure(options.lineHeight);
      for (const band of options.bands ?? []) this.band(band, options.lineHeight);
      const baseline = this.y - options.lineHeight + (options.lineHeight - size) / 2 + size * 0.22;
      let x = options.rtl ? options.x + options.width - line.width : options.align === 'center' ? options.x + (options.width - line.width) / 2 : options.x;
      // The words and the spaces between them in the order they are drawn (bidi.ts): a space is a
      // neutral, so a run of left-to-right words in right-to-left text keeps its spaces inside it.
      const items: { atom?: Atom; gap: number }[] = [];
      line.atoms.forEach((atom, i) => {
        if (i > 0) items.push({ gap: atom.spaceBefore });
        items.push({ atom, gap: 0 });
      });
      const levels = bidiLevels(items.map((item) => (item.atom ? bidiClassOf(item.atom.pieces.map((p) => p.text).join('')) : 'N')), !!options.rtl);
      // Where each piece goes, then pieces of one font and style side by side (a space or nothing
      // between) drawn as one text: shaping and the content stream cost a draw, not a word. Right to left
      // each word is drawn alone: a string of them would be shaped, and reversed, whole.
      const placed: { piece: Piece; x: number; ltr: boolean }[] = [];
      for (const at of visualOrder(levels)) {
        const { atom, gap } = items[at];
        x += gap;
        if (!atom) continue;
        const ltr = levels[at] % 2 === 0;
        for (const piece of ltr ? atom.pieces : [...atom.pieces].reverse()) {
          placed.push({ piece, x, ltr });
          x += piece.width;
        }
      }
      const runs: { text: string; x: number; end: number; style: Style; font: Piece['font']; ltr: boolean }[] = [];
      for (const { piece, x: at, ltr } of placed) {
        const last = runs[runs.length - 1];
        const gap = last ? at - last.end : 0;
        const joins = last && ltr && last.ltr && last.font === piece.font && last.style === piece.style
          && (Math.abs(gap) < 0.01 || Math.abs(gap - this.fonts.width(piece.font, ' ', piece.style.size)) < 0.01);
        if (joins) {
          last.text += Math.abs(gap) < 0.01 ? piece.text : ` ${piece.text}`;
          last.end = at + piece.width;
        } else runs.push({ text: piece.text, x: at, end: at + piece.width, style: piece.style, font: piece.font, ltr });
      }
      // A link's words on one line are one link (one rectangle from its first word to its last).
      let lastLink: PendingLink | undefined;
      for (const run of runs) {
        const { style } = run;
        const width = run.end - run.x;
        const color = rgb(...style.color);
        if (style.code) this.sheet.drawRectangle({ x: run.x - 1, y: baseline - style.size * 0.25, width: width + 2, height: style.size * 1.15, color: rgb(0.94, 0.95, 0.96) });
        this.sheet.drawText(run.text, { x: run.x, y: baseline, size: style.size, font: run.font, color, ...(style.italic ? { xSkew: degrees(12) } : {}) });
        if (style.strike) this.sheet.drawLine({ start: { x: run.x, y: baseline + style.size * 0.3 }, end: { x: run.end, y: baseline + style.size * 0.3 }, thickness: 0.6, color });
        if (style.link) {
          this.sheet.drawLine({ start: { x: run.x, y: baseline - 1.2 }, end: { x: run.end, y: baseline - 1.2 }, thickness: 0.4, color });
          if (lastLink?.target === style.link && lastLink.rect[1] === baseline - style.size * 0.25) lastLink.rect[2] = run.end;
          else {
            lastLink = { sheet: this.sheet, rect: [run.x, baseline - style.size * 0.25, run.end, baseline + style.size * 0.9], target: style.link };
            this.links.push(lastLink);
          }
        }
      }
      this.y -= options.lineHeight;
    }
  }

  /** A band beside or behind the next `height` points. */
  band(band: Band, height: number): void {
    this.sheet.drawRectangle({ x: band.x, y: this.y - height, width: band.width, height, color: rgb(...band.color) });
    if (band.bar) this.sheet.drawRectangle({ x: band.x, y: this.y - height, width: 2.5, height, color: rgb(...band.bar) });
  }

  rule(x: number, width: number, color: [number, number, number] = [0.85, 0.86, 0.88]): void {
    this.sheet.drawLine({ start: { x, y: this.y }, end: { x: x + width, y: this.y }, thickness: 0.6, color: rgb(...color) });
  }

  /** A link over a rectangle of the current sheet (a table of contents' entry, an image). */
  link(rect: [number, number, number, number], target: LinkTarget, sheet: PDFPage = this.sheet): void {
    this.links.push({ sheet, rect, target });
  }

  /**
   * The links as annotations, once every place is known: a URL opens, a page or heading of this PDF
   * is a jump to it; a link to a page left out of the PDF was given as its URL or as text before.
   */
  finishLinks(): void {
    for (const { sheet, rect, target } of this.links) {
      let action: Record<string, unknown> | undefined;
      // A URI is ASCII (non-ASCII percent-encoded), written as hex: a `)` or a Chinese character in a URL
      // written as a literal string broke the whole file.
      if ('url' in target) action = { A: { Type: 'Action', S: 'URI', URI: PDFHexString.of(Buffer.from(asciiUrl(target.url), 'latin1').toString('hex')) } };
      else {
        const place = (target.anchor && this.places.get(`${target.page}#${target.anchor}`)) || this.places.get(target.page);
        if (place) action = { Dest: [this.sheets[place.sheet].ref as PDFRef, PDFName.of('XYZ'), null, place.y + 4, null] };
      }
      if (!action) continue;
      const annotation = this.pdf.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: rect, Border: [0, 0, 0], ...action });
      sheet.node.addAnnot(this.pdf.context.register(annotation));
    }
  }
}
