import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../../context';
import type { ApiClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import { routes } from '../../api/routes/index';
import { CliError, EXIT } from '../../errors';
import { readTree, type FolderTree, type LocalAsset } from '../../content-tree/local-tree';
import { readRemote } from './remote-tree';
import { filesOf, planFiles, planPages, planReusables, type FilePlan, type ReusablePlan } from '../../content-tree/push';
import { rewriteLinks } from '../../content-tree/asset-links';
import { rewriteIncludes } from '../../content-tree/includes';
import type { Change } from '../../domain/content-change';
import { writeChanges } from '../shared/write-changes';
import { describer, pushProblems, whereIn } from './push-checks';
import { listingRows, type PushListing } from './push-listing';
import { printChangeRows } from '../shared/content-diff';
import { describeConflicts, printConflicts } from '../shared/conflicts';
import { wholeNumberFlag } from '../shared/import-limits';
import { REMOTE_CONNECTIONS } from '../../api/transports/transport';
import { eachInFlight } from '../../domain/in-flight';
import { inlineGroups, splitByInlining } from '../shared/inline-files';

interface Opts {
  space: string;
  subject?: string;
  merge?: boolean;
  dryRun?: boolean;
  parallel?: string;
}

/** The most uploads `--parallel` may keep in flight: as many as the remote transport has connections. */
const MAX_PARALLEL = REMOTE_CONNECTIONS;

/** Files one `insert_files` change takes (the API's limit), and such changes one write request carries. */
const FILES_PER_CHANGE = 100;
const FILE_CHANGES_PER_WRITE = 20;
/** Files one `delete_files` change takes (the API's limit). */
const FILES_PER_DELETE = 1000;

type IdOf = (path: string) => string | undefined;

/**
 * The folder's pages with links to its files as `/files/<id>` and its includes naming reusable
 * content by id; `fileId` and `includeId` answer those ids by path.
 */
const linked = (local: FolderTree, fileId: IdOf, includeId: IdOf) => ({
  ...local,
  pages: local.pages.map((p) => (p.git ? { ...p, markdown: rewriteIncludes(rewriteLinks(p.markdown, p.file, fileId), p.file, includeId) } : p)),
});

/** The instance's file size bound, or undefined from an instance that does not say (it checks on upload). */
async function maxFileSizeOf(api: ApiClient): Promise<number | undefined> {
  try {
    return (await api.call(routes.getLimits)).maxFileSize;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

export function registerPush(group: Command, ctx: Context): void {
  group
    .command('push')
    .argument('<dir>', 'folder of markdown files (folders are page groups, README.md a folder\'s page, SUMMARY.md the order)')
    .requiredOption('--space <id>', 'the space')
    .option('--subject <text>', 'subject of the change request', 'Update from docsctl content push')
    .option('--merge', 'merge the change request right away')
    .option('--dry-run', 'check everything and print what would change; change nothing')
    .option('--parallel <n>', `uploads in flight at a time, 1-${MAX_PARALLEL} (default: 4 against a remote instance, 1 locally)`)
    .description('open a change request with exactly the difference between a folder and the space (and merge it)')
    .addHelpText('after', `
Every check (file sizes and names, page titles) runs before anything is sent, and --dry-run runs the
same checks. --dry-run lists each page that would be added, changed, moved or deleted (path and
title) and each file and included file, one line each (the same lines piped), then the counts;
with --json, as pages, files and includes. Small files travel inside the change request's writes,
many a request (up to 1 MiB each against a remote instance, 64 KiB locally); larger ones are
uploaded before it is opened. A push that fails after opening it archives it, so a retried CI job
never leaves change requests behind. Against a remote instance uploads overlap (--parallel); a
refused one stops the push before it opens anything.

Examples:
  $ docsctl content push ./docs --space SPACE_ID --dry-run
  $ docsctl content push ./docs --space SPACE_ID --subject "Release 2.4" --merge
  $ docsctl content push ./docs --space SPACE_ID --merge --parallel 8

Exit codes: 0 merged or nothing to change, 6 conflicts (the pages are listed), 1 other errors.`)
    .action(async (dir: string, opts: Opts) => {
      const parallel = opts.parallel === undefined ? undefined : wholeNumberFlag(opts.parallel, '--parallel', 1, MAX_PARALLEL);
      const local = await readTree(resolve(ctx.io.cwd, dir)).catch((e: Error) => {
        throw new CliError(`${dir}: cannot read the folder: ${e.message}`, EXIT.error);
      });
      const where = whereIn(dir, local.root);
      const api = await ctx.client();
      const remote = await ctx.spin('Reading the space', () => readRemote(api, opts.space));
      const skipped = local.skipped ?? [];
      for (const line of skipped) ctx.out.message(`Skipped ${line}`);
      const files = planFiles(filesOf(local), remote.files);
      const reusables = planReusables(local.includes ?? [], remote.reusables);
      // What does not exist yet is named by a placeholder, so a page whose links change counts as changed.
      const included = new Set((local.includes ?? []).map((i) => i.file));
      const uploading = new Set(files.uploads.map((u) => u.file));
      const planned = planPages(linked(
        local,
        (path) => files.kept.get(path) ?? (uploading.has(path) ? `new-${path}` : undefined),
        (path) => reusables.kept.get(path) ?? (included.has(path) ? `new-${path}` : undefined),
      ), remote.pages);
      const problems = pushProblems(files.uploads, [...reusables.changes, ...planned.changes], describer((c) => planned.origins.get(c), where), await maxFileSizeOf(api), where);
      if (problems.length) {
        for (const problem of problems) ctx.out.message(`error: ${problem}`);
        throw new CliError(`${problems.length} problem(s) in ${dir}: nothing was pushed${opts.dryRun ? ' (dry run)' : ''}`, EXIT.error);
      }
      const summary = { ...planned.summary, uploaded: files.uploads.length, deletedFiles: files.deletes.length, reusableContents: reusables.changes.length + reusables.deletes.length, skipped };
      const unchanged = !files.uploads.length && !files.deletes.length && !reusables.changes.length && !reusables.deletes.length;
      const listing: PushListing = { pages: planned.listing, files: files.listing, includes: reusables.listing };
      if (unchanged && !planned.changes.length && !planned.deletes.length) {
        if (ctx.out.json) ctx.out.raw({ ...summary, changeRequest: undefined, merged: false, ...(opts.dryRun ? { dryRun: true, ...listing } : {}) });
        else ctx.out.message('Nothing to push: the space already matches the folder.');
        return;
      }
      if (opts.dryRun) {
        if (ctx.out.json) ctx.out.raw({ ...summary, changeRequest: undefined, merged: false, dryRun: true, ...listing });
        else {
          printChangeRows(ctx, listingRows(listing));
          ctx.out.message(`Would insert ${summary.inserted}, update ${summary.updated}, delete ${summary.deleted} page(s), upload ${summary.uploaded} and delete ${summary.deletedFiles} file(s).`);
        }
        return;
      }
      // The large files' bytes go first: a failure here leaves no change request behind.
      const sending = splitByInlining(api, files.uploads);
      const uploaded = await uploadAll(ctx, api, opts.space, sending.large, where, parallel ?? api.transport.inFlight ?? 1);
      const cr = await api.call(routes.createChangeRequest, { params: { spaceId: opts.space }, body: { subject: opts.subject } });
      const params = { spaceId: opts.space, changeRequestId: cr.id };
      let pages: ReturnType<typeof planPages>;
      try {
        const fileIds = await writeFiles(ctx, api, params, files, sending, uploaded);
        const includeIds = await writeReusables(api, params, reusables);
        pages = planPages(linked(local, (path) => fileIds.get(path), (path) => includeIds.get(path)), remote.pages);
        // Page changes in batches the API takes, parents first; the space changes only when the change request is merged.
        await writeChanges(api, params, [...pages.changes, ...pages.deletes], { describe: describer((c) => pages.origins.get(c), where) });
      } catch (error) {
        throw await abandoned(api, params, cr.number, error);
      }
      ctx.out.message(`Change request #${cr.number}: inserted ${pages.summary.inserted}, updated ${pages.summary.updated}, deleted ${pages.summary.deleted} page(s), uploaded ${files.uploads.length} and deleted ${files.deletes.length} file(s).`);
      let merged = false;
      if (opts.merge) {
        const result = await api.call(routes.mergeChangeRequest, { params });
        if (result.result === 'conflicts') {
          if (ctx.out.json) {
            const conflicts = await describeConflicts(api, opts.space, cr.id, result.conflicts ?? []);
            ctx.out.raw({ ...pages.summary, uploaded: files.uploads.length, deletedFiles: files.deletes.length, reusableContents: summary.reusableContents, skipped, changeRequest: cr.number, merged: false, conflicts });
          } else await printConflicts(ctx, api, opts.space, cr.id, result.conflicts ?? []);
          throw new CliError(`change request #${cr.number} conflicts with the space on ${result.conflicts?.length ?? 0} page(s); it stays open`, EXIT.conflict);
        }
        merged = true;
        ctx.out.message(`Merged change request #${cr.number}.`);
      }
      if (ctx.out.json) ctx.out.raw({ ...pages.summary, uploaded: files.uploads.length, deletedFiles: files.deletes.length, reusableContents: summary.reusableContents, skipped, changeRequest: cr.number, merged });
    });
}

/**
 * Uploads each file's bytes (streamed from disk), `parallel` at a time, with a progress line on a
 * terminal: upload ids by path. On a failure no new upload starts, those under way finish, and the
 * first failure is thrown.
 */
async function uploadAll(ctx: Context, api: ApiClient, spaceId: string, uploads: LocalAsset[], where: (file: string) => string, parallel: number): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (!uploads.length) return ids;
  const progress = ctx.progress('Uploading');
  progress.setTotal(uploads.length);
  try {
    await eachInFlight(uploads, parallel, async (asset) => {
      try {
        const input = { params: { spaceId }, query: { name: asset.file.slice(-256) } };
        const answer = await api.upload(routes.createSpaceUpload, input, asset.diskPath ?? (await asset.read()));
        ids.set(asset.file, answer.id);
        progress.advance(1, asset.size);
      } catch (error) {
        throw error instanceof ApiError ? new ApiError(error.status, `${where(asset.file)}: ${error.message}`) : error;
      }
    });
  } finally {
    progress.done();
  }
  return ids;
}

/** `insert_files` changes of at most FILES_PER_CHANGE files (the API's limit) each, every file at its Git Sync path. */
function insertChanges(files: Array<{ asset: LocalAsset } & ({ upload: string } | { base64: string })>): Change[] {
  const changes: Change[] = [];
  for (let i = 0; i < files.length; i += FILES_PER_CHANGE) {
    const chunk = files.slice(i, i + FILES_PER_CHANGE);
    changes.push({ operation: 'insert_files', files: chunk.map(({ asset, ...bytes }) => ({ name: asset.name ?? asset.file, ...bytes, git: { path: asset.file } })) });
  }
  return changes;
}

/**
 * Adds the files to the change request (each at its Git Sync path): the uploaded ones by upload id,
 * then the small ones as base64, a group's bytes read just before its request (never the whole
 * folder at once); then deletes the gone ones. Answers every file's id by its path.
 */
async function writeFiles(
  ctx: Context,
  api: ApiClient,
  params: { spaceId: string; changeRequestId: string },
  files: FilePlan,
  { large, small }: { large: LocalAsset[]; small: LocalAsset[] },
  uploaded: Map<string, string>,
): Promise<Map<string, string>> {
  const known = new Map(files.kept);
  const answered = (change: Change, answer: { files?: string[] }) => {
    if (change.operation === 'insert_files') answer.files?.forEach((id, f) => known.set(change.files[f].git!.path, id));
  };
  await writeChanges(api, params, insertChanges(large.map((asset) => ({ asset, upload: uploaded.get(asset.file)! }))), { perWrite: FILE_CHANGES_PER_WRITE, answered });
  if (small.length) {
    const progress = ctx.progress('Uploading');
    progress.setTotal(small.length);
    try {
      for (const group of inlineGroups(small)) {
        const withBytes: Array<{ asset: LocalAsset; base64: string }> = [];
        for (const asset of group) withBytes.push({ asset, base64: (await asset.read()).toString('base64') });
        await writeChanges(api, params, insertChanges(withBytes), { perWrite: FILE_CHANGES_PER_WRITE, answered });
        progress.advance(group.length, group.reduce((sum, a) => sum + a.size, 0));
      }
    } finally {
      progress.done();
    }
  }
  const deletes: Change[] = [];
  for (let i = 0; i < files.deletes.length; i += FILES_PER_DELETE) deletes.push({ operation: 'delete_files', files: files.deletes.slice(i, i + FILES_PER_DELETE) });
  await writeChanges(api, params, deletes, { perWrite: FILE_CHANGES_PER_WRITE });
  return known;
}

/** Writes the reusable content's inserts, updates and deletes: every included file's reusable content id by its path. */
async function writeReusables(api: ApiClient, params: { spaceId: string; changeRequestId: string }, plan: ReusablePlan): Promise<Map<string, string>> {
  const known = new Map(plan.kept);
  await writeChanges(api, params, [...plan.changes, ...plan.deletes], {
    answered: (change, answer) => {
      if (change.operation === 'insert_reusable_content' && change.ref && answer.reusableContent) known.set(change.ref, answer.reusableContent);
    },
  });
  return known;
}

/**
 * A push that failed after opening its change request archives it (a retried CI job must not pile them
 * up): the error, saying so.
 */
async function abandoned(api: ApiClient, params: { spaceId: string; changeRequestId: string }, number: number, error: unknown): Promise<unknown> {
  const archived = await api.call(routes.updateChangeRequest, { params, body: { status: 'archived' } }).then(() => true, () => false);
  const note = archived ? `change request #${number} was archived; the space is unchanged` : `change request #${number} could not be archived; archive it with: docsctl cr update ${number} --space ${params.spaceId} --status archived`;
  if (error instanceof ApiError) return new ApiError(error.status, `${error.message} (${note})`);
  if (error instanceof Error) error.message = `${error.message} (${note})`;
  return error;
}
