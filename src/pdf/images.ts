import type { PDFDocument, PDFImage } from 'pdf-lib';

const isPng = (b: Uint8Array) => b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/**
 * An image's bytes embedded in the PDF when PDF can hold them as they are (PNG, JPEG); other formats
 * (SVG, GIF, WebP) and broken files give undefined, and the page shows the image's text instead.
 */
export async function embedImage(pdf: PDFDocument, bytes: Uint8Array): Promise<PDFImage | undefined> {
  try {
    if (isPng(bytes)) return await pdf.embedPng(bytes);
    if (isJpeg(bytes)) return await pdf.embedJpg(bytes);
  } catch {
    // A file named .png that is not one: its text is shown.
  }
  return undefined;
}
