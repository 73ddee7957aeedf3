/**
 * A PDF read back as a reader's tool reads it (pdf.js): each page's text, its links and how many
 * images it draws. Tests compare what a PDF holds, not how it was written.
 */
export interface ReadPdf {
  /** Each page's text; its pieces of text where they are drawn (x, y from the sheet's bottom left); links; images. */
  pages: { text: string; items: { str: string; x: number; y: number }[]; links: { url?: string; dest?: number }[]; images: number; size: [number, number] }[];
  title?: string;
}

export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: ReadPdf['pages'] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    // Items of one line are joined as drawn; a new line where pdf.js says one ends.
    const text = content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
    const items = content.items.flatMap((item) => ('str' in item && item.str.trim() ? [{ str: item.str, x: item.transform[4] as number, y: item.transform[5] as number }] : []));
    const links: ReadPdf['pages'][number]['links'] = [];
    for (const annotation of await page.getAnnotations()) {
      if (annotation.subtype !== 'Link') continue;
      if (annotation.url) links.push({ url: annotation.url });
      else if (Array.isArray(annotation.dest)) links.push({ dest: (await doc.getPageIndex(annotation.dest[0])) + 1 });
    }
    const ops = await page.getOperatorList();
    const images = ops.fnArray.filter((fn) => fn === pdfjs.OPS.paintImageXObject).length;
    const [left, bottom, right, top] = page.view;
    pages.push({ text, items, links, images, size: [Math.round(right - left), Math.round(top - bottom)] });
  }
  const { info } = await doc.getMetadata() as { info: { Title?: string } };
  await doc.destroy();
  return { pages, title: info.Title };
}
