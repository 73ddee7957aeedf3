import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { ApiError } from '../../api/errors';
import type { ApiClient } from '../../api/client';
import { withWhere, whereParams, type Where } from './where';
import { CliError, EXIT, UsageError } from '../../errors';
import { flattenTree } from '../shared/page-tree';

type Opts = Where & { path?: boolean; revision?: string };

/** A 404 about the page itself (not its space, change request or revision, which keep their own message). */
const pageMissing = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 404 && /^page\b/.test(error.message);

/** Where the pages and their paths are listed, for a message about a page not found. */
const treeCommand = (opts: Opts) => `docsctl content tree --space ${opts.space}${opts.changeRequest ? ` --change-request ${opts.changeRequest}` : ''}`;

export function registerPage(group: Command, ctx: Context): void {
  withWhere(group.command('page').argument('<page>', 'page id or path (guides/install): an id first, then a path').description("a page's content: markdown, or the structured document with --json"))
    .option('--path', 'the argument is a page path only (e.g. guides/install), never an id')
    .option('--revision <id>', 'the page as it was in this revision of the space (a deleted page too: content deleted names them)')
    .addHelpText('after', `
PAGE is a page id or a page path: a page with that id is read, else the page at that path (as the
space's URLs and content tree show it: guides/install). --path reads it as a path only. A page
found neither way exits 5 naming the command that lists the pages with their paths and ids.

Examples:
  $ docsctl content page authentication --space SPACE_ID
  $ docsctl content page authentication --path --space SPACE_ID
  $ docsctl content page PAGE_ID --space SPACE_ID --json
  $ docsctl content page PAGE_ID --space SPACE_ID --revision REVISION_ID`)
    .action(async (page: string, opts: Opts) => {
      if (opts.revision && (opts.path || opts.changeRequest)) throw new UsageError('--revision: takes a page id, without --path or --change-request');
      const api = await ctx.client();
      const result = await readPage(api, page, opts, { format: ctx.out.json ? 'document' : 'markdown' });
      if (ctx.out.json) ctx.out.raw(result);
      else ctx.io.stdout.write(('markdown' in result ? result.markdown : undefined) ?? '');
    });
}

/**
 * The page PAGE names: with --revision, by id in that revision; with --path, by path; else by id, and
 * when no page has that id, by path. A page found neither way is exit 5 saying what was tried, what
 * it may have meant, and where the paths are listed.
 */
async function readPage(api: ApiClient, page: string, opts: Opts, query: { format: 'document' | 'markdown' }) {
  const where = opts.changeRequest ? `change request ${opts.changeRequest} of space ${opts.space}` : `space ${opts.space}`;
  const byPath = async () => {
    const pagePath = page.replace(/^\/+|\/+$/g, '');
    return opts.changeRequest
      ? await api.call(routes.getChangeRequestPageByPath, { params: { ...whereParams(opts), pagePath }, query })
      : await api.call(routes.getSpacePageByPath, { params: { spaceId: opts.space, pagePath }, query });
  };
  const byId = async () =>
    opts.changeRequest
      ? await api.call(routes.getChangeRequestPage, { params: { ...whereParams(opts), pageId: page }, query })
      : await api.call(routes.getSpacePage, { params: { spaceId: opts.space, pageId: page }, query });

  if (opts.revision) {
    try {
      return await api.call(routes.getPageInRevisionById, { params: { spaceId: opts.space, revisionId: opts.revision, pageId: page }, query });
    } catch (error) {
      if (!pageMissing(error)) throw error;
      throw new CliError(`${error.message} (with --revision, PAGE is an id; docsctl content deleted --space ${opts.space} lists deleted pages with theirs)`, EXIT.notFound);
    }
  }
  if (opts.path) {
    try {
      return await byPath();
    } catch (error) {
      if (!pageMissing(error)) throw error;
      throw new CliError(`no page at path ${page} in ${where}${await guessOf(api, opts, page)} (paths: ${treeCommand(opts)})`, EXIT.notFound);
    }
  }
  try {
    return await byId();
  } catch (error) {
    if (!pageMissing(error)) throw error;
  }
  // No page has that id: PAGE is a path.
  try {
    return await byPath();
  } catch (error) {
    if (!pageMissing(error)) throw error;
    throw new CliError(`no page with id or path ${page} in ${where}${await guessOf(api, opts, page)} (paths and ids: ${treeCommand(opts)})`, EXIT.notFound);
  }
}

/**
 * `; did you mean …?` with the paths a mistyped one may mean: pages with the same slug elsewhere
 * (`install` for guides/install), else paths holding it; nothing when none (or the tree cannot be read).
 */
async function guessOf(api: ApiClient, opts: Opts, ref: string): Promise<string> {
  try {
    const tree = opts.changeRequest
      ? await api.call(routes.listChangeRequestPages, { params: whereParams(opts) })
      : await api.call(routes.listSpacePages, { params: { spaceId: opts.space } });
    const wanted = ref.replace(/^\/+|\/+$/g, '').toLowerCase();
    const slug = wanted.split('/').pop() ?? wanted;
    const paths = flattenTree(tree.pages).map(({ page }) => page.path);
    const sameSlug = paths.filter((p) => p.split('/').pop() === slug);
    const near = (sameSlug.length ? sameSlug : paths.filter((p) => wanted.length >= 3 && p.includes(wanted))).slice(0, 3);
    return near.length ? `; did you mean ${near.join(' or ')}?` : '';
  } catch {
    return '';
  }
}
