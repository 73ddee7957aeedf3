import { createRequire } from 'node:module';
import { invalid } from '../../errors';
import { openArchive, unpack, type Deadline } from './archive';
import { formatBytes, type ImportLimits } from '../../../domain/import-limits';
import { slugify } from '../../../markdown/markdown';
import { memoryAsset, type LocalAsset } from '../../../content-tree/local-tree';
import { htmlToMarkdown } from './html-to-markdown';
import { documentImport, stemOf } from './document';
import type { ImportContent } from './content';

const load = createRequire(import.meta.url);

/** The most the XML parts of a Word document may unpack to: mammoth holds them as trees, many times their size. */
export const MAX_DOCX_XML_BYTES = 16 * 1024 * 1024;

/**
 * Unpacks every part of the document under the import's bounds before mammoth sees it (mammoth inflates
 * and parses without any): at most `maxUnpackedBytes` in all, at most MAX_DOCX_XML_BYTES of XML, within
 * the import's deadline. A 450 KB document of repeated XML used to take the server to 3.8 GB.
 */
async function checkUnpackedSize(bytes: Buffer, url: string, limits: ImportLimits, deadline: Deadline): Promise<void> {
  const zip = await openArchive(bytes, url, 'a Word document (.docx)', limits);
  let unpacked = 0;
  let xml = 0;
  const tooLarge = () => invalid(`url: the Word document unpacks to more than ${formatBytes(limits.maxUnpackedBytes)}`);
  const xmlTooLarge = () => invalid(`url: the Word document's XML unpacks to more than ${formatBytes(MAX_DOCX_XML_BYTES)}`);
  for (const entry of Object.values(zip.files).filter((e) => !e.dir)) {
    const isXml = /\.(xml|rels)$/i.test(entry.name);
    const room = limits.maxUnpackedBytes - unpacked;
    const xmlRoom = isXml ? MAX_DOCX_XML_BYTES - xml : Infinity;
    // Whichever bound is nearer is the one an overflow passes, and the one the error names.
    const size = (await unpack(entry, Math.min(room, xmlRoom), xmlRoom < room ? xmlTooLarge : tooLarge, deadline, limits)).length;
    unpacked += size;
    if (isXml) xml += size;
  }
}

/**
 * A Word document (.docx) as one page: mammoth turns it into HTML (headings from Word's heading
 * styles), then into markdown like any HTML. Its images become files of the content, named after the
 * document (`guide-image-1.png`); an image over the file size limit is left out.
 */
export async function docxImport(bytes: Buffer, url: string, limits: ImportLimits, deadline: Deadline): Promise<ImportContent> {
  await checkUnpackedSize(bytes, url, limits, deadline);
  const mammoth = load('mammoth') as typeof import('mammoth');
  const name = stemOf(url);
  const assets: LocalAsset[] = [];
  let images = 0;
  const convertImage = mammoth.images.imgElement(async (image) => {
    const data = await image.readAsBuffer();
    images++;
    if (data.length > limits.maxFileBytes) return { src: '' };
    const extension = (image.contentType.split('/')[1] ?? 'bin').replace('jpeg', 'jpg').replace(/[^a-z0-9].*$/, '');
    const file = `${slugify(name)}-image-${images}.${extension}`;
    assets.push(memoryAsset(file, data));
    return { src: file };
  });
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes }, { convertImage })).value;
  } catch (error) {
    throw invalid(`url: ${url} is not a Word document (.docx) that can be read: ${(error as Error).message}`);
  }
  const page = htmlToMarkdown(html, undefined);
  const content = documentImport(page.title ?? name, page.markdown, name, assets);
  // Images left out for their size were found all the same.
  return { ...content, totalResources: 1 + images };
}
