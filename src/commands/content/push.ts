import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError, EXIT } from '../../errors';
import { readTree } from '../../content-tree/local-tree';
import { readRemote } from './remote-tree';
import { fileIdsByPath, planPages, planUploads, uploadRequests } from '../../content-tree/push';
import { rewriteLinks } from '../../content-tree/asset-links';
import { writeChanges } from '../shared/write-changes';

interface Opts {
  space: string;
  subject?: string;
  merge?: boolean;
  dryRun?: boolean;
}

export function registerPush(group: Command, ctx: Context): void {
  group
    .command('push')
    .argument('<dir>', 'folder of markdown files (folders are page groups, README.md a folder\'s page, SUMMARY.md the order)')
    .requiredOption('--space <id>', 'the space')
    .option('--subject <text>', 'subject of the change request', 'Update from docsctl content push')
    .option('--merge', 'merge the change request right away')
    .option('--dry-run', 'print what would change and change nothing')
    .description('open a change request with exactly the difference between a folder and the space (and merge it)')
    .addHelpText('after', `
Examples:
  $ docsctl content push ./docs --space SPACE_ID --dry-run
  $ docsctl content push ./docs --space SPACE_ID --subject "Release 2.4" --merge

Exit codes: 0 merged or nothing to change, 6 conflicts (the pages are listed), 1 other errors.`)
    .action(async (dir: string, opts: Opts) => {
      const local = await readTree(resolve(ctx.io.cwd, dir)).catch((e: Error) => {
        throw new CliError(`${dir}: cannot read the folder: ${e.message}`, EXIT.error);
      });
      const api = await ctx.client();
      const remote = await ctx.spin('Reading the space', () => readRemote(api, opts.space));
      const skipped = local.skipped ?? [];
      for (const line of skipped) ctx.out.message(`Skipped ${line}`);
      const known = new Map([...remote.files].map(([name, f]) => [name, f.id]));
      const pagesFor = (ids: Map<string, string>) => {
        const idOf = fileIdsByPath(local, ids);
        return { ...local, pages: local.pages.map((p) => (p.git ? { ...p, markdown: rewriteLinks(p.markdown, p.file, idOf) } : p)) };
      };
      const uploads = planUploads(local, remote.files);
      let pages = planPages(pagesFor(known), remote.pages);
      const summary = { ...pages.summary, uploaded: uploads.length, skipped };
      if (!uploads.length && !pages.changes.length && !pages.deletes.length) {
        if (ctx.out.json) ctx.out.raw({ ...summary, changeRequest: undefined, merged: false });
        else ctx.out.message('Nothing to push: the space already matches the folder.');
        return;
      }
      if (opts.dryRun) {
        if (ctx.out.json) ctx.out.raw({ ...summary, changeRequest: undefined, merged: false, dryRun: true });
        else ctx.out.message(`Would insert ${summary.inserted}, update ${summary.updated}, delete ${summary.deleted} page(s) and upload ${summary.uploaded} file(s).`);
        return;
      }
      const cr = await api.call(routes.createChangeRequest, { params: { spaceId: opts.space }, body: { subject: opts.subject } });
      const write = (changes: unknown[]) =>
        api.call(routes.writeChangeRequestContent, { params: { spaceId: opts.space, changeRequestId: cr.id }, body: { changes } as never });
      if (uploads.length) {
        // Files first, in requests of bounded size: pages link to them by the ids these answer.
        for (const request of uploadRequests(uploads)) {
          const result = await write(request.map((files) => ({ operation: 'insert_files', files: files.map((u) => ({ name: u.file, base64: u.base64 })) })));
          result.changes.forEach((change, c) => change.files?.forEach((id, i) => known.set(request[c][i].file, id)));
        }
        pages = planPages(pagesFor(known), remote.pages);
      }
      // Page changes in batches the API takes (a few for a very large folder), parents first; the space
      // changes only when the change request is merged.
      await writeChanges(api, { spaceId: opts.space, changeRequestId: cr.id }, [...pages.changes, ...pages.deletes]);
      ctx.out.message(`Change request #${cr.number}: inserted ${pages.summary.inserted}, updated ${pages.summary.updated}, deleted ${pages.summary.deleted} page(s), uploaded ${uploads.length} file(s).`);
      let merged = false;
      if (opts.merge) {
        const result = await api.call(routes.mergeChangeRequest, { params: { spaceId: opts.space, changeRequestId: cr.id } });
        if (result.result === 'conflicts') {
          for (const c of result.conflicts ?? []) ctx.out.text(c.page);
          throw new CliError(`change request #${cr.number} conflicts with the space on ${result.conflicts?.length ?? 0} page(s); it stays open`, EXIT.conflict);
        }
        merged = true;
        ctx.out.message(`Merged change request #${cr.number}.`);
      }
      if (ctx.out.json) ctx.out.raw({ ...pages.summary, uploaded: uploads.length, skipped, changeRequest: cr.number, merged });
    });
}
