import { PDFDocument, rgb } from 'pdf-lib';
import { FontSet } from './font-set';
import { atomsOf, breakLines, type LinkTarget, type Style } from './lines';
import { PageBlocks } from './blocks';
import { MARGIN, Writer } from './writer';
import type { PdfSource } from './source';

export type { PdfPage, PdfSource, Resolved } from './source';

interface ContentsEntry { text: string; depth: number; target: LinkTarget }

const CONTENTS_LINE = 15;
const TITLE_ROOM = 80;

/**
 * Pages as a PDF: a table of contents with page numbers (the pages, or a single page's headings), then
 * each page from its own sheet, every script in a font that has it, images, code, tables, hints, and
 * links that work (between pages of the PDF a jump, elsewhere their URL).
 */
export async function renderPdf(source: PdfSource): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(source.title, { showInWindowTitleBar: true });
  pdf.setProducer('docsctl');
  pdf.setCreator('docsctl');
  const fonts = new FontSet(pdf);
  const content = new Writer(pdf, fonts, source.paper);
  const included = new Set(source.pages.map((p) => p.id));
  const outline: ContentsEntry[] = [];
  for (const page of source.pages) {
    // A page at a time: the server's other requests go between pages.
    await new Promise((resolve) => setImmediate(resolve));
    content.newSheet();
    const blocks = new PageBlocks(content, source, page, included);
    await blocks.draw();
    outline.push(...blocks.outline.map((h) => ({ text: h.text, depth: h.level - 1, target: h.target })));
  }
  if (!source.pages.length) content.newSheet();
  const entries: ContentsEntry[] = source.pages.length > 1 ? source.pages.map((p) => ({ text: p.title, depth: p.depth, target: { page: p.id } })) : outline;
  // A page with one heading needs no contents.
  if (entries.length > 1) await drawContents(content, source.title, entries);
  await numberSheets(pdf, fonts);
  content.finishLinks();
  return Buffer.from(await pdf.save());
}

/** How many entries each sheet of the contents holds: the first has the title above them. */
function contentsSheets(count: number, height: number): number[] {
  const first = Math.floor((height - 2 * MARGIN - TITLE_ROOM) / CONTENTS_LINE);
  const rest = Math.floor((height - 2 * MARGIN) / CONTENTS_LINE);
  const sheets = [Math.min(count, first)];
  for (let left = count - sheets[0]; left > 0; left -= rest) sheets.push(Math.min(left, rest));
  return sheets;
}

/** The table of contents, on sheets put before the content: each entry a link, with its page's number. */
async function drawContents(content: Writer, title: string, entries: ContentsEntry[]): Promise<void> {
  const perSheet = contentsSheets(entries.length, content.height);
  const toc = new Writer(content.pdf, content.fonts, content.paper, 0);
  const width = content.width - 2 * MARGIN;
  const line = async (text: string, style: Style, room: number) => breakLines(await atomsOf([{ text, style }], content.fonts), room)[0];
  let at = 0;
  for (const [sheet, count] of perSheet.entries()) {
    toc.newSheet();
    if (sheet === 0) {
      const heading = breakLines(await atomsOf([{ text: title, style: { face: 'bold', size: 22, color: [0.13, 0.14, 0.16] } }], content.fonts), width);
      toc.drawLines(heading.slice(0, 2), { x: MARGIN, width, lineHeight: 30 });
      toc.y = content.height - MARGIN - TITLE_ROOM;
    }
    for (const entry of entries.slice(at, at + count)) {
      const place = 'page' in entry.target ? content.places.get(entry.target.anchor ? `${entry.target.page}#${entry.target.anchor}` : entry.target.page) : undefined;
      const number = place ? String(place.sheet + 1 + perSheet.length) : '';
      const indent = Math.min(entry.depth, 6) * 14;
      const style: Style = { face: entry.depth === 0 ? 'bold' : 'regular', size: 10.5, color: [0.13, 0.14, 0.16] };
      const numberLine = await line(number || ' ', { ...style, face: 'regular' }, 60);
      const textLine = await line(entry.text || ' ', style, width - indent - 50);
      const top = toc.y;
      toc.drawLines([textLine], { x: MARGIN + indent, width: width - indent - 50, lineHeight: CONTENTS_LINE });
      toc.y = top;
      toc.drawLines([numberLine], { x: content.width - MARGIN - numberLine.width, width: numberLine.width, lineHeight: CONTENTS_LINE });
      content.link([MARGIN + indent, toc.y, content.width - MARGIN, top], entry.target, toc.current);
    }
    at += count;
  }
}

/** Each sheet's number at its foot, as the contents give them. */
async function numberSheets(pdf: PDFDocument, fonts: FontSet): Promise<void> {
  const font = await fonts.font('NotoSans-Regular');
  for (const [i, sheet] of pdf.getPages().entries()) {
    const text = String(i + 1);
    const size = 8.5;
    sheet.drawText(text, { x: (sheet.getWidth() - font.widthOfTextAtSize(text, size)) / 2, y: 30, size, font, color: rgb(0.42, 0.45, 0.5) });
  }
}
