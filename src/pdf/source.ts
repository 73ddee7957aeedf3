import type { Paper } from '../domain/pdf-paper';

/** A page of a PDF: its title, its markdown, and how deep it sits in the tree (for the contents). */
export interface PdfPage { id: string; title: string; depth: number; markdown: string }

/** What a link or an image as written in a page leads to. */
export type Resolved = { page: string; anchor?: string } | { file: string } | { url: string };

/**
 * What a PDF is made of, and the content it comes from: the renderer knows nothing of spaces or sites.
 * A space's PDF (engine/content/pdf.ts) and a site's (server/site/pdf.ts) each give one.
 */
export interface PdfSource {
  title: string;
  /** The sheets' size (A4 unless said). */
  paper?: Paper;
  pages: PdfPage[];
  /** A link or image target as written in page `from`; undefined when it leads nowhere (broken). */
  resolve(target: string, from: string): Resolved | undefined;
  /** A file's bytes, for its image (undefined: not there, or too large to put in a PDF). */
  fileBytes(fileId: string): Promise<Uint8Array | undefined>;
  /** The URL of a page or file the PDF does not hold (a published URL), when it has one. */
  url?(target: { page: string; anchor?: string } | { file: string }): string | undefined;
  /** A page's title (a content-ref card's text). */
  pageTitle?(pageId: string): string | undefined;
  fileName?(fileId: string): string | undefined;
  /** A reusable content's markdown (`{% include %}`). */
  reusable?(id: string): string | undefined;
}
