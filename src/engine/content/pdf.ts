import type { Core } from '../core';
import { tooLarge } from '../errors';
import { childrenIndex, pageData, pathsOf, type RevisionState } from './state';
import { classifyLink, type RevisionIndex } from './link-targets';
import { revisionIndex } from './link-analysis';
import { shownMarkdown } from './computed-page';
import { blobChunks, blobHead, blobInfo } from './blob-store';
import type { PdfPage, PdfSource, Resolved } from '../../pdf/render';
import type { Paper } from '../../domain/pdf-paper';

/** The largest image a PDF takes in (DOCSCTL_PDF_MAX_IMAGE_BYTES): a larger one shows its text instead. */
export const MAX_PDF_IMAGE_BYTES = Number(process.env.DOCSCTL_PDF_MAX_IMAGE_BYTES) || 16 * 1024 * 1024;

/**
 * The most pages one PDF holds (DOCSCTL_PDF_MAX_PAGES): a PDF is drawn on the server's thread, a page
 * at a time (others' requests go between pages), and a site of thousands of pages is asked for a page
 * or a site space at a time.
 */
export const MAX_PDF_PAGES = Number(process.env.DOCSCTL_PDF_MAX_PAGES) || 1000;

/** The pages of one space's revision a PDF holds, and where they are published, if they are. */
export interface PdfSpacePart {
  spaceId: string;
  state: RevisionState;
  index: RevisionIndex;
  pages: { id: string; title: string; depth: number }[];
  /** The published URL of a page or a file of the space, for links to what the PDF leaves out. */
  pageUrl?(pageId: string, anchor?: string): string | undefined;
  fileUrl?(fileId: string, name: string): string | undefined;
}

/** A revision's document pages in tree order with their depth (hidden ones too: the content is the space's). */
export function treePages(state: RevisionState, titles: Map<string, string>): PdfSpacePart['pages'] {
  const out: PdfSpacePart['pages'] = [];
  const children = childrenIndex(state);
  const walk = (parent: string | null, depth: number) => {
    for (const page of children.get(parent) ?? []) {
      if (titles.has(page.id)) out.push({ id: page.id, title: titles.get(page.id)!, depth });
      walk(page.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** What resolves the links of a revision's pages, as `docsctl links` does (no heading checks: the PDF marks its own). */
export async function revisionLinks(core: Core, state: RevisionState): Promise<RevisionIndex> {
  const paths = await pathsOf(core, state);
  return (await revisionIndex(core, state, paths, async () => new Map())).index;
}

/** A file's bytes for a PDF's image: undefined when the content has no such file or it is past MAX_PDF_IMAGE_BYTES. */
async function imageBytes(core: Core, state: RevisionState, fileId: string): Promise<Uint8Array | undefined> {
  const file = state.files.get(fileId);
  const blob = file ? await blobInfo(core, file.blobId) : undefined;
  if (!blob || blob.size > MAX_PDF_IMAGE_BYTES || !/^image\/(png|jpe?g)$/i.test(file!.contentType)) return undefined;
  if (blob.chunks === 0) return await blobHead(core, blob);
  const parts: Buffer[] = [];
  for await (const chunk of blobChunks(core, blob)) parts.push(chunk);
  return Buffer.concat(parts);
}

/** The PDF source of pages of one or more spaces (a site's site spaces), their links resolved in their own space. */
export async function contentPdfSource(core: Core, title: string, parts: PdfSpacePart[]): Promise<PdfSource> {
  const count = parts.reduce((sum, p) => sum + p.pages.length, 0);
  if (count > MAX_PDF_PAGES) throw tooLarge(`a PDF holds at most ${MAX_PDF_PAGES} pages (DOCSCTL_PDF_MAX_PAGES); this one would hold ${count}: ask for one page or one site space`);
  const partOf = new Map<string, PdfSpacePart>();
  const pages: PdfPage[] = [];
  for (const part of parts) {
    for (const page of part.pages) {
      if (partOf.has(page.id)) continue;
      partOf.set(page.id, part);
      const entry = part.state.pages.get(page.id)!;
      const data = await pageData(core, entry.versionId);
      pages.push({ ...page, markdown: await shownMarkdown(core, part.spaceId, data) });
    }
  }
  const fileOwner = (fileId: string) => parts.find((p) => p.state.files.has(fileId));
  return {
    title,
    pages,
    resolve(target, from): Resolved | undefined {
      const part = partOf.get(from);
      const found = part ? classifyLink(target, from, part.index) : undefined;
      if (!found || found.status === 'broken' && !(found.kind === 'anchor' && found.page)) return undefined;
      if (found.kind === 'url' && found.url) return { url: found.url };
      if (found.kind === 'file' && found.file) return { file: found.file };
      if (found.page) return { page: found.page, ...(found.anchor ? { anchor: found.anchor } : {}) };
      return undefined;
    },
    async fileBytes(fileId) {
      const part = fileOwner(fileId);
      return part ? await imageBytes(core, part.state, fileId) : undefined;
    },
    url(target) {
      if ('file' in target) {
        const part = fileOwner(target.file);
        const file = part?.state.files.get(target.file);
        return file ? part!.fileUrl?.(file.id, file.name) : undefined;
      }
      const part = parts.find((p) => p.state.pages.has(target.page));
      return part?.pageUrl?.(target.page, target.anchor);
    },
    pageTitle: (pageId) => parts.flatMap((p) => p.pages).find((p) => p.id === pageId)?.title,
    fileName: (fileId) => fileOwner(fileId)?.state.files.get(fileId)?.name,
    reusable: (id) => parts.map((p) => p.state.reusables.get(id)?.markdown).find((m) => m !== undefined),
  };
}

/** Pages of one or more spaces as a PDF (pdf-lib and the fonts load only when a PDF is asked for). */
export async function contentPdf(core: Core, title: string, parts: PdfSpacePart[], paper?: Paper): Promise<Buffer> {
  const source = await contentPdfSource(core, title, parts);
  const { renderPdf } = await import('../../pdf/render');
  return await renderPdf(paper ? { ...source, paper } : source);
}
