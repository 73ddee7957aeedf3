import { route } from './route';
import { listOf } from '../schemas/common';
import { ContentQuery, DownloadQuery, File, FilesQuery, PageQuery, Page, Pages, PdfDownloadQuery, PdfQuery, PdfUrl, ReusableContent, ReusableContentsQuery, Revision } from '../schemas/content';

const tag = 'Content';

/** The read operations of content, at the space root or the change-request root. */
function contentRoutes<P extends string>(root: P, prefix: 'Space' | 'ChangeRequest') {
  return {
    content: route({
      operationId: `get${prefix}Content`, tag, method: 'GET', path: `${root}/content`, status: 200,
      summary: 'The current revision', query: ContentQuery, response: Revision,
    }),
    pages: route({
      operationId: `list${prefix}Pages`, tag, method: 'GET', path: `${root}/content/pages`, status: 200,
      summary: 'The page tree', query: ContentQuery, response: Pages,
    }),
    files: route({
      operationId: `list${prefix}Files`, tag, method: 'GET', path: `${root}/content/files`, status: 200,
      summary: 'Files', query: FilesQuery, response: listOf(File),
    }),
    file: route({
      operationId: `get${prefix}File`, tag, method: 'GET', path: `${root}/content/files/{fileId}`, status: 200,
      summary: 'A file', query: ContentQuery, response: File,
    }),
    reusableContents: route({
      operationId: `list${prefix}ReusableContents`, tag, method: 'GET', path: `${root}/content/reusable-contents`, status: 200,
      summary: 'Reusable contents (docsctl: Git Sync includes, each with its stored markdown)', query: ReusableContentsQuery, response: listOf(ReusableContent),
    }),
    page: route({
      operationId: `get${prefix}Page`, tag, method: 'GET', path: `${root}/content/page/{pageId}`, status: 200,
      summary: 'A page (format: document or markdown)', query: PageQuery, response: Page,
    }),
    pageByPath: route({
      operationId: `get${prefix}PageByPath`, tag, method: 'GET', path: `${root}/content/path/{pagePath}`, status: 200,
      summary: 'A page by its path (slashes encoded as %2F)', query: PageQuery, response: Page,
    }),
  };
}

const space = contentRoutes('/v1/spaces/{spaceId}', 'Space');
const changeRequest = contentRoutes('/v1/spaces/{spaceId}/change-requests/{changeRequestId}', 'ChangeRequest');

export const getSpaceContent = space.content;
export const listSpacePages = space.pages;
export const listSpaceFiles = space.files;
export const getSpaceFile = space.file;
export const listSpaceReusableContents = space.reusableContents;
export const getSpacePage = space.page;
export const getSpacePageByPath = space.pageByPath;
export const getChangeRequestContent = changeRequest.content;
export const listChangeRequestPages = changeRequest.pages;
export const listChangeRequestFiles = changeRequest.files;
export const getChangeRequestFile = changeRequest.file;
export const listChangeRequestReusableContents = changeRequest.reusableContents;
export const getChangeRequestPage = changeRequest.page;
export const getChangeRequestPageByPath = changeRequest.pageByPath;

export const downloadSpaceFile = route({
  operationId: 'downloadSpaceFile', tag, method: 'GET', path: '/v1/spaces/{spaceId}/files/{fileId}/download', status: 200,
  summary: "A file's bytes (the downloadURL of files: a capability URL, usable without a token until it expires)", query: DownloadQuery, raw: true, capability: true,
});

export const getSpacePdf = route({
  operationId: 'getSpacePdf', tag, method: 'GET', path: '/v1/spaces/{spaceId}/pdf', status: 200,
  summary: 'A URL serving a PDF of the space content', query: PdfQuery, response: PdfUrl,
});
export const getChangeRequestPdf = route({
  operationId: 'getChangeRequestPdf', tag, method: 'GET', path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/pdf', status: 200,
  summary: 'A URL serving a PDF of the change request content (only=true&page=ID: one page)', query: PdfQuery, response: PdfUrl,
});
export const downloadSpacePdf = route({
  operationId: 'downloadSpacePdf', tag, method: 'GET', path: '/v1/spaces/{spaceId}/pdf/download', status: 200,
  summary: 'The PDF a pdf URL points at (a capability URL, usable without a token until it expires)', query: PdfDownloadQuery, raw: true, capability: true,
});
