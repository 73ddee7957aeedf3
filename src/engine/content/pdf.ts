import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { toDocument, type DocumentNode } from '../../markdown/markdown';

export interface PdfPage {
  title: string;
  markdown: string;
}

const WIDTH = 595;
const HEIGHT = 842;
const MARGIN = 56;

function textOf(node: DocumentNode): string {
  if (node.leaves) return node.leaves.map((l) => l.text).join('');
  return (node.nodes ?? []).map(textOf).join('');
}

/** Renders pages of markdown as a PDF document with pdf-lib: headings, paragraphs, lists, code. */
export async function renderPdf(documentTitle: string, pages: PdfPage[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(documentTitle);
  pdf.setProducer('docsctl');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const mono = await pdf.embedFont(StandardFonts.Courier);
  let page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;

  // Standard fonts speak WinAnsi only: anything else becomes '?', rather than failing the whole PDF.
  const printable = (text: string) => text.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

  function line(text: string, font: PDFFont, size: number, indent = 0): void {
    if (y - size < MARGIN) {
      page = pdf.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
    }
    page.drawText(text, { x: MARGIN + indent, y: y - size, size, font, color: rgb(0.1, 0.1, 0.1) });
    y -= size * 1.4;
  }

  function paragraph(text: string, font: PDFFont, size: number, indent = 0): void {
    const width = WIDTH - 2 * MARGIN - indent;
    for (const raw of printable(text).split('\n')) {
      let current = '';
      for (const word of raw.split(/\s+/).filter(Boolean)) {
        const candidate = current ? `${current} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) > width && current) {
          line(current, font, size, indent);
          current = word;
        } else current = candidate;
      }
      line(current, font, size, indent);
    }
    y -= size * 0.4;
  }

  function block(node: DocumentNode, indent = 0): void {
    if (node.type.startsWith('heading-')) paragraph(textOf(node), bold, [18, 15, 13][Number(node.type.slice(8)) - 1] ?? 13, indent);
    else if (node.type === 'code') for (const text of textOf(node).split('\n')) line(printable(text), mono, 9, indent + 12);
    else if (node.type === 'list-ordered' || node.type === 'list-unordered') {
      (node.nodes ?? []).forEach((item, i) => {
        const marker = node.type === 'list-ordered' ? `${i + 1}.` : '-';
        paragraph(`${marker} ${(item.nodes ?? []).map(textOf).join(' ')}`, regular, 11, indent + 12);
      });
    } else if (node.type === 'table') for (const row of node.nodes ?? []) paragraph((row.nodes ?? []).map(textOf).join('  |  '), regular, 10, indent);
    else if (node.type === 'blockquote') for (const child of node.nodes ?? []) block(child, indent + 16);
    else if (node.type !== 'divider' && node.type !== 'html') paragraph(textOf(node), regular, 11, indent);
  }

  pages.forEach((p, i) => {
    if (i > 0) {
      page = pdf.addPage([WIDTH, HEIGHT]);
      y = HEIGHT - MARGIN;
    }
    paragraph(p.title, bold, 22);
    for (const node of toDocument(p.markdown).nodes) block(node);
  });
  return Buffer.from(await pdf.save());
}
