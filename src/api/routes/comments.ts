import { route } from './route';
import { listOf } from '../schemas/common';
import {
  Comment, CommentCreate, CommentFormatQuery, CommentListQuery, CommentReply, CommentUpdate, NoQuery, ReplyCreate, ReplyListQuery, ReplyUpdate,
} from '../schemas/comment';

const tag = 'Comments';

/** The same operations at the space root and the change-request root (api.md "Comments and replies"). */
function commentRoutes<P extends string>(root: P, suffix: 'InSpace' | 'InChangeRequest') {
  const comments = `${root}/comments` as const;
  const comment = `${comments}/{commentId}` as const;
  const replies = `${comment}/replies` as const;
  const reply = `${replies}/{commentReplyId}` as const;
  return {
    list: route({
      operationId: `listComments${suffix}`, tag, method: 'GET', path: comments, status: 200,
      summary: 'List comments (status: all, open, resolved; order by postedAt, default desc; targetPage; authors)',
      query: CommentListQuery, response: listOf(Comment),
    }),
    post: route({
      operationId: `postComment${suffix}`, tag, method: 'POST', path: comments, status: 200,
      summary: 'Post a comment, on a page (and a node of it) or on the whole content', query: CommentFormatQuery, body: CommentCreate, response: Comment,
    }),
    get: route({
      operationId: `getComment${suffix}`, tag, method: 'GET', path: comment, status: 200,
      summary: 'Get a comment', query: CommentFormatQuery, response: Comment,
    }),
    update: route({
      operationId: `updateComment${suffix}`, tag, method: 'PUT', path: comment, status: 200,
      summary: 'Resolve or reopen a comment, edit its body, add or remove your reactions', query: CommentFormatQuery, body: CommentUpdate, response: Comment,
    }),
    remove: route({
      operationId: `deleteComment${suffix}`, tag, method: 'DELETE', path: comment, status: 205,
      summary: 'Delete a comment with its replies', query: NoQuery,
    }),
    listReplies: route({
      operationId: `listCommentReplies${suffix}`, tag, method: 'GET', path: replies, status: 200,
      summary: 'List the replies to a comment, oldest first', query: ReplyListQuery, response: listOf(CommentReply),
    }),
    postReply: route({
      operationId: `postCommentReply${suffix}`, tag, method: 'POST', path: replies, status: 200,
      summary: 'Reply to a comment', query: CommentFormatQuery, body: ReplyCreate, response: CommentReply,
    }),
    getReply: route({
      operationId: `getCommentReply${suffix}`, tag, method: 'GET', path: reply, status: 200,
      summary: 'Get a reply', query: CommentFormatQuery, response: CommentReply,
    }),
    updateReply: route({
      operationId: `updateCommentReply${suffix}`, tag, method: 'PUT', path: reply, status: 200,
      summary: 'Edit a reply, add or remove your reactions', query: CommentFormatQuery, body: ReplyUpdate, response: CommentReply,
    }),
    removeReply: route({
      operationId: `deleteCommentReply${suffix}`, tag, method: 'DELETE', path: reply, status: 205,
      summary: 'Delete a reply', query: NoQuery,
    }),
  };
}

const space = commentRoutes('/v1/spaces/{spaceId}', 'InSpace');
const changeRequest = commentRoutes('/v1/spaces/{spaceId}/change-requests/{changeRequestId}', 'InChangeRequest');

export const listCommentsInSpace = space.list;
export const postCommentInSpace = space.post;
export const getCommentInSpace = space.get;
export const updateCommentInSpace = space.update;
export const deleteCommentInSpace = space.remove;
export const listCommentRepliesInSpace = space.listReplies;
export const postCommentReplyInSpace = space.postReply;
export const getCommentReplyInSpace = space.getReply;
export const updateCommentReplyInSpace = space.updateReply;
export const deleteCommentReplyInSpace = space.removeReply;

export const listCommentsInChangeRequest = changeRequest.list;
export const postCommentInChangeRequest = changeRequest.post;
export const getCommentInChangeRequest = changeRequest.get;
export const updateCommentInChangeRequest = changeRequest.update;
export const deleteCommentInChangeRequest = changeRequest.remove;
export const listCommentRepliesInChangeRequest = changeRequest.listReplies;
export const postCommentReplyInChangeRequest = changeRequest.postReply;
export const getCommentReplyInChangeRequest = changeRequest.getReply;
export const updateCommentReplyInChangeRequest = changeRequest.updateReply;
export const deleteCommentReplyInChangeRequest = changeRequest.removeReply;
