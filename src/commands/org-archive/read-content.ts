import type { ApiClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import { routes } from '../../api/routes/index';
import { sha256 } from '../../org-archive/manifest';
import type { ArchivedComment, ArchivedContent, ArchivedPage, ArchivedReusableContent } from '../../org-archive/model';
import type { Progress } from '../../output/progress';
import { readContent, type ContentRoot } from '../content/remote-tree';

/** The content of a space or of a change request as the archive keeps it; the files' bytes go to `blobs`. */
export async function archiveContent(api: ApiClient, root: ContentRoot, blobs: Map<string, Buffer>, progress: Progress): Promise<ArchivedContent> {
  const { pages, files } = await readContent(api, root);
  const archivedPages: ArchivedPage[] = pages.map((p) => ({
    id: p.id,
    parent: p.parentId,
    path: p.path,
    title: p.title,
    slug: p.slug,
    type: p.type,
    ...(p.href !== undefined ? { href: p.href } : {}),
    ...(p.git ? { git: p.git } : {}),
    ...(p.computed ? { computed: p.computed as ArchivedPage['computed'] } : {}),
    markdown: p.markdown,
  }));
  progress.advance(pages.length);
  const archivedFiles = [];
  for (const file of files) {
    // A change request's files are the space's files too: one download route serves both.
    const bytes = Buffer.from((await api.call(routes.downloadSpaceFile, { params: { spaceId: root.spaceId, fileId: file.id } })) as unknown as Uint8Array);
    const hash = sha256(bytes);
    blobs.set(hash, bytes);
    archivedFiles.push({ id: file.id, name: file.name, contentType: file.contentType, size: bytes.length, sha256: hash });
    progress.advance(1, bytes.length);
  }
  const reusableContents = await archiveReusableContents(api, root);
  progress.advance(reusableContents.length);
  return { pages: archivedPages, files: archivedFiles, reusableContents };
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The reusable contents of a space's or a change request's content, each with its whole text and its
 * Git Sync file; ordered by title, file and text rather than by id (as the listing breaks ties), so
 * the archive does not depend on ids. An instance without the listing (404: a docsctl from before
 * issue 29) keeps none.
 */
async function archiveReusableContents(api: ApiClient, root: ContentRoot): Promise<ArchivedReusableContent[]> {
  const cr = root.changeRequestId;
  const params = { spaceId: root.spaceId, changeRequestId: cr ?? '' };
  const listing = cr
    ? api.paginate(routes.listChangeRequestReusableContents, { params, query: { limit: 1000 } })
    : api.paginate(routes.listSpaceReusableContents, { params, query: { limit: 1000 } });
  const found: ArchivedReusableContent[] = [];
  try {
    for await (const r of listing) found.push({ id: r.id, title: r.title, markdown: r.markdown, ...(r.git ? { git: r.git.path } : {}) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404 && !found.length) return [];
    throw error;
  }
  return found.sort((a, b) => compareText(a.title, b.title) || compareText(a.git ?? '', b.git ?? '') || compareText(a.markdown, b.markdown));
}

/** Oldest first; the same time (a fast import posts several in one millisecond) by text, not by id as the listing does. */
const chronological = (a: { postedAt: string; markdown: string }, b: { postedAt: string; markdown: string }) =>
  a.postedAt.localeCompare(b.postedAt) || a.markdown.localeCompare(b.markdown);

/** Every comment (open and resolved, oldest first) with its replies, at a space's root or a change request's. */
export async function archiveComments(api: ApiClient, root: ContentRoot, progress: Progress): Promise<ArchivedComment[]> {
  const cr = root.changeRequestId;
  const params = { spaceId: root.spaceId, changeRequestId: cr ?? '' };
  const query = { status: 'all' as const, order: 'asc' as const, format: 'markdown' as const, limit: 1000 };
  const listing = cr ? api.paginate(routes.listCommentsInChangeRequest, { params, query }) : api.paginate(routes.listCommentsInSpace, { params, query });
  const comments: (ArchivedComment & { postedAt: string })[] = [];
  for await (const comment of listing) {
    const replyInput = { params: { ...params, commentId: comment.id }, query: { format: 'markdown' as const, limit: 1000 } };
    const replies = [];
    const replyListing = cr ? api.paginate(routes.listCommentRepliesInChangeRequest, replyInput) : api.paginate(routes.listCommentRepliesInSpace, replyInput);
    for await (const reply of replyListing) replies.push({ author: reply.postedBy?.email ?? '', markdown: reply.body.markdown ?? '', postedAt: reply.postedAt });
    comments.push({
      id: comment.id,
      author: comment.postedBy?.email ?? '',
      ...(comment.target.page ? { page: comment.target.page.id } : {}),
      status: comment.status,
      markdown: comment.body.markdown ?? '',
      replies: replies.sort(chronological).map(({ postedAt, ...reply }) => reply),
      postedAt: comment.postedAt,
    });
    progress.advance(1 + replies.length);
  }
  return comments.sort(chronological).map(({ postedAt, ...comment }) => comment);
}
