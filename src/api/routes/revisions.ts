import { route } from './route';
import { listOf, PagingQuery } from '../schemas/common';
import { ContentQuery, Page, PageQuery, Revision } from '../schemas/content';
import {
  ChangeRequestChangesQuery, ContentDiff, DeletedPage, DeletedPagesQuery, RevisionChangesQuery, RevisionDiffQuery, RevisionRestore, RevisionRestoreResult,
  RevisionSummary, SemanticChanges,
} from '../schemas/history';

const tag = 'Revisions';
const revisions = '/v1/spaces/{spaceId}/revisions' as const;
const revision = `${revisions}/{revisionId}` as const;
const cr = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}' as const;

export const listSpaceRevisions = route({
  operationId: 'listSpaceRevisions', tag, method: 'GET', path: revisions, status: 200,
  summary: "docsctl: the space's history, newest first (each merge or other change of its content), with who, the change request and page counts",
  query: PagingQuery, response: listOf(RevisionSummary),
});
export const getRevisionById = route({
  operationId: 'getRevisionById', tag, method: 'GET', path: revision, status: 200,
  summary: 'A revision of the space (its content, or a change request\'s)', query: ContentQuery, response: Revision,
});
export const getPageInRevisionById = route({
  operationId: 'getPageInRevisionById', tag, method: 'GET', path: `${revision}/page/{pageId}`, status: 200,
  summary: 'A page as it is in a revision of the space, with its content (format: document or markdown)', query: PageQuery, response: Page,
});
export const getRevisionSemanticChanges = route({
  operationId: 'getRevisionSemanticChanges', tag, method: 'GET', path: `${revision}/changes`, status: 200,
  summary: 'What a revision changed against its first parent: pages, files and reusable contents (limit, default 10)', query: RevisionChangesQuery, response: SemanticChanges,
});
export const getChangeRequestChanges = route({
  operationId: 'getChangeRequestChanges', tag, method: 'GET', path: `${cr}/changes`, status: 200,
  summary: 'What a change request changes since its base (merged: what its merge changed)', query: ChangeRequestChangesQuery, response: SemanticChanges,
});
export const getRevisionDiff = route({
  operationId: 'getRevisionDiff', tag, method: 'GET', path: `${revision}/diff`, status: 200,
  summary: 'docsctl: pages added, removed, moved and changed (with a unified diff of their markdown) between `from` (default: the first parent) and this revision',
  query: RevisionDiffQuery, response: ContentDiff,
});
export const getChangeRequestDiff = route({
  operationId: 'getChangeRequestDiff', tag, method: 'GET', path: `${cr}/diff`, status: 200,
  summary: 'docsctl: a change request\'s diff: since its base, or what its merge changed', response: ContentDiff,
});
export const listSpaceDeletedPages = route({
  operationId: 'listSpaceDeletedPages', tag, method: 'GET', path: '/v1/spaces/{spaceId}/deleted-pages', status: 200,
  summary: 'docsctl: pages removed from the space in the last `days` days (default 7) and not back, with who, when and the last revision that had them',
  query: DeletedPagesQuery, response: listOf(DeletedPage),
});
export const restoreRevision = route({
  operationId: 'restoreRevision', tag, method: 'POST', path: `${revision}/restore`, status: 201,
  summary: 'docsctl: open a change request returning the content (or one `page`) to this revision; `merge` merges it',
  body: RevisionRestore, response: RevisionRestoreResult,
});
