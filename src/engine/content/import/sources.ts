import { invalid } from '../../errors';
import { openFetchSession, textOf } from '../../../net/fetch';
import { crawl, isHtml } from './crawl';
import { siteTree } from './site-tree';
import { htmlToMarkdown } from './html-to-markdown';
import { documentImport, fetchDocument, markdownImport, requireType, stemOf } from './document';
import { docxImport } from './docx';
import { zipImport } from './zip';
import { newPageLinks, type ImportContent } from './content';
import type { ImportLimits } from '../../../domain/import-limits';
import { IMPORT_SOURCES, type ImportSource } from '../../../domain/import-sources';


const HTML_TYPES = ['text/html', 'application/xhtml+xml'];
const MARKDOWN_TYPES = ['text/markdown', 'text/x-markdown', 'text/plain', ''];
const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/x-zip', 'application/octet-stream', ''];
const DOCX_TYPES = ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/octet-stream', 'application/zip', ''];

/** Fetches and converts what an import brings, before anything is written. */
export async function collect(url: string, source: ImportSource, limits: ImportLimits): Promise<ImportContent> {
  if (!(IMPORT_SOURCES as readonly string[]).includes(source)) {
    throw invalid(`source: "${source}" imports are not supported by this instance; use one of ${IMPORT_SOURCES.join(', ')}`);
  }
  const session = await openFetchSession(limits);
  try {
    switch (source) {
      case 'website': {
        const links = newPageLinks();
        return siteTree(await crawl(url, session, limits, links.prefix), links);
      }
      case 'html': {
        const fetched = await fetchDocument(session, url, 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1');
        if (!isHtml(fetched)) requireType(fetched, url, HTML_TYPES, 'HTML', ' (source html imports one HTML page)');
        const page = htmlToMarkdown(textOf(fetched), fetched.url);
        return documentImport(page.title ?? stemOf(fetched.url), page.markdown, stemOf(fetched.url));
      }
      case 'markdown': {
        const fetched = await fetchDocument(session, url, 'text/markdown,text/plain;q=0.9,*/*;q=0.1');
        const hint = HTML_TYPES.includes(fetched.contentType) ? ' (use source html for an HTML page)' : '';
        requireType(fetched, url, MARKDOWN_TYPES, 'markdown', hint);
        return markdownImport(textOf(fetched), fetched.url);
      }
      case 'zip': {
        const fetched = await fetchDocument(session, url, 'application/zip,*/*;q=0.1');
        requireType(fetched, url, ZIP_TYPES, 'a zip archive');
        return await zipImport(fetched.body, url, limits, session);
      }
      case 'docx': {
        const fetched = await fetchDocument(session, url, `${DOCX_TYPES[0]},*/*;q=0.1`);
        requireType(fetched, url, DOCX_TYPES, 'a Word document (.docx)');
        return await docxImport(fetched.body, fetched.url, limits, session);
      }
    }
    throw invalid(`source: unknown source "${source}"`);
  } finally {
    await session.close();
  }
}
