import type { ApiClient } from '../../api/client';
import { routes } from '../../api/routes/index';
import { sha256 } from '../../org-archive/manifest';
import type { ArchivedComment, ArchivedContent, ArchivedPage } from '../../org-archive/model';
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
  return { pages: archivedPages, files: archivedFiles };
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
