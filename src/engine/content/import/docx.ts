import { createRequire } from 'node:module';
import { invalid } from '../../errors';
import { slugify } from '../markdown';
import { MAX_FILE_BYTES } from '../batch';
import type { LocalAsset } from '../../../sync/local-tree';
import { htmlToMarkdown } from './html-to-markdown';
import { documentImport, stemOf } from './document';
import type { ImportContent } from './content';

const load = createRequire(import.meta.url);

/**
 * A Word document (.docx) as one page: mammoth turns it into HTML (headings from Word's heading
 * styles), then into markdown like any HTML. Its images become files of the content, named after the
 * document (`guide-image-1.png`); an image over the file size limit is left out.
 */
export async function docxImport(bytes: Buffer, url: string): Promise<ImportContent> {
  const mammoth = load('mammoth') as typeof import('mammoth');
  const name = stemOf(url);
  const assets: LocalAsset[] = [];
  let images = 0;
  const convertImage = mammoth.images.imgElement(async (image) => {
    const data = await image.readAsBuffer();
    images++;
    if (data.length > MAX_FILE_BYTES) return { src: '' };
    const extension = (image.contentType.split('/')[1] ?? 'bin').replace('jpeg', 'jpg').replace(/[^a-z0-9].*$/, '');
    const file = `${slugify(name)}-image-${images}.${extension}`;
    assets.push({ file, bytes: data });
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
