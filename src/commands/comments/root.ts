import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { UsageError } from '../../errors';
import { readInput } from '../shared/input';
import { flattenTree } from '../shared/page-tree';

/** `--space S [--change-request N]`: which comments a verb is about. */
export interface RootOptions {
  space: string;
  changeRequest?: string;
}

export function withRoot(command: Command): Command {
  return command
    .requiredOption('--space <id>', 'the space')
    .option('--change-request <id>', "the comments of this change request (id or number) instead of the space's own");
}

const SPACE_ROUTES = {
  list: routes.listCommentsInSpace,
  post: routes.postCommentInSpace,
  get: routes.getCommentInSpace,
  update: routes.updateCommentInSpace,
  remove: routes.deleteCommentInSpace,
  listReplies: routes.listCommentRepliesInSpace,
  postReply: routes.postCommentReplyInSpace,
  getReply: routes.getCommentReplyInSpace,
  updateReply: routes.updateCommentReplyInSpace,
  removeReply: routes.deleteCommentReplyInSpace,
};

// The change-request routes take the same input and answer the same objects; only their path (and
// so the parameters that fill it) differs, so they are used through the space routes' types.
const CHANGE_REQUEST_ROUTES = {
  list: routes.listCommentsInChangeRequest,
  post: routes.postCommentInChangeRequest,
  get: routes.getCommentInChangeRequest,
  update: routes.updateCommentInChangeRequest,
  remove: routes.deleteCommentInChangeRequest,
  listReplies: routes.listCommentRepliesInChangeRequest,
  postReply: routes.postCommentReplyInChangeRequest,
  getReply: routes.getCommentReplyInChangeRequest,
  updateReply: routes.updateCommentReplyInChangeRequest,
  removeReply: routes.deleteCommentReplyInChangeRequest,
} as unknown as typeof SPACE_ROUTES;

/** The routes and path parameters of the root the options name. */
export function rootOf(opts: RootOptions) {
  const params: { spaceId: string } = opts.changeRequest
    ? ({ spaceId: opts.space, changeRequestId: opts.changeRequest } as { spaceId: string })
    : { spaceId: opts.space };
  return {
    routes: opts.changeRequest ? CHANGE_REQUEST_ROUTES : SPACE_ROUTES,
    params,
    comment: (commentId: string) => ({ ...params, commentId }),
    reply: (commentId: string, commentReplyId: string) => ({ ...params, commentId, commentReplyId }),
    /** For messages: "space S" or "change request N". */
    name: opts.changeRequest ? `change request ${opts.changeRequest}` : `space ${opts.space}`,
  };
}

export type Format = 'document' | 'markdown';

/** `--body-format` (not `--format`, the global output format): markdown unless asked for the structured document. */
/** `--body-format`: commander refuses any other value, with the allowed ones (exit 2). */
export const bodyFormatOption = () => new Option('--body-format <format>', 'body format of --json: markdown (default) or document').choices(['markdown', 'document']);

export function formatOf(value: string | undefined): Format {
  return (value ?? 'markdown') as Format;
}

export function withBody(command: Command, what: string): Command {
  return command
    .option('--body <text>', `the ${what} (markdown; - reads it from stdin)`)
    .option('--body-file <file>', `read the ${what} from a file (- for stdin)`);
}

/** The markdown of `--body TEXT`, `--body-file FILE`, or stdin for either given as `-`. */
export async function readBody(ctx: Context, opts: { body?: string; bodyFile?: string }): Promise<string> {
  if (opts.body !== undefined && opts.bodyFile !== undefined) throw new UsageError('--body and --body-file cannot be combined');
  const source = opts.bodyFile ?? (opts.body === '-' ? '-' : undefined);
  if (source !== undefined) return readInput(ctx, '--body-file', source);
  if (opts.body === undefined) throw new UsageError('no text: pass --body TEXT, --body-file FILE, or --body-file - to read stdin');
  return opts.body;
}

/**
 * A page given by id or by path (`guides/install`), as the id the API takes. A reference that
 * matches no page of the current content is passed on as it is: the API names the problem, and an
 * id of a page deleted since still finds the comments posted on it.
 */
export async function resolvePage(ctx: Context, opts: RootOptions, ref: string): Promise<string> {
  const api = await ctx.client();
  const tree = opts.changeRequest
    ? await api.call(routes.listChangeRequestPages, { params: { spaceId: opts.space, changeRequestId: opts.changeRequest } })
    : await api.call(routes.listSpacePages, { params: { spaceId: opts.space } });
  const wanted = ref.replace(/^\/+|\/+$/g, '');
  return flattenTree(tree.pages).find(({ page }) => page.id === ref || page.path === wanted)?.page.id ?? ref;
}
