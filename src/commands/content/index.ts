import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { fileColumns } from '../shared/columns';
import { pagingQuery, withPaging } from '../shared/paging';
import { printList } from '../shared/list';
import { UsageError } from '../../errors';
import { registerPush } from './push';
import { registerPull } from './pull';
import { registerImport } from './import';

interface Where {
  space: string;
  cr?: string;
}

interface TreePage {
  title: string;
  path: string;
  id: string;
  pages: TreePage[];
}

/** Content of a space, or of one of its change requests with `--change-request`. */
export function registerContent(program: Command, ctx: Context): void {
  const group = program.command('content').description("a space's pages and files (or a change request's)")
    .addHelpText('after', '\nExamples:\n  $ docsctl content tree --space SPACE_ID\n  $ docsctl content pull ./docs --space SPACE_ID\n  $ docsctl content push ./docs --space SPACE_ID --dry-run');
  const where = (c: Command) =>
    c.requiredOption('--space <id>', 'the space').option('--change-request <id>', 'read the content of this change request (id or number)');
  const params = (w: Where & { changeRequest?: string }) => ({ spaceId: w.space, changeRequestId: w.changeRequest ?? '' });

  where(group.command('tree').description('the page tree, one page a line with its path'))
    .addHelpText('after', '\nExamples:\n  $ docsctl content tree --space SPACE_ID\n  $ docsctl content tree --space SPACE_ID --change-request 3 --json')
    .action(async (opts: Where & { changeRequest?: string }) => {
      const api = await ctx.client();
      const result = opts.changeRequest
        ? await api.call(routes.listChangeRequestPages, { params: params(opts) })
        : await api.call(routes.listSpacePages, { params: { spaceId: opts.space } });
      if (ctx.out.json) return ctx.out.raw(result);
      const lines: string[] = [];
      const walk = (pages: TreePage[], depth: number) => {
        for (const p of pages) {
          lines.push(ctx.out.tty ? `${'  '.repeat(depth)}${p.title}  (${p.path})` : `${p.id}\t${p.path}\t${p.title}`);
          walk(p.pages, depth + 1);
        }
      };
      walk(result.pages as unknown as TreePage[], 0);
      if (lines.length) ctx.out.text(lines.join('\n'));
      else ctx.out.message('No pages.');
    });

  where(group.command('page').argument('<page>', 'page id, or a path with --path').description("a page's content: markdown, or the structured document with --json"))
    .option('--path', 'the argument is a page path (e.g. guides/install)')
    .addHelpText('after', '\nExamples:\n  $ docsctl content page authentication --path --space SPACE_ID\n  $ docsctl content page PAGE_ID --space SPACE_ID --json')
    .action(async (page: string, opts: Where & { changeRequest?: string; path?: boolean }) => {
      const api = await ctx.client();
      const format = ctx.out.json ? 'document' : 'markdown';
      const query = { format };
      const result = opts.path
        ? opts.changeRequest
          ? await api.call(routes.getChangeRequestPageByPath, { params: { ...params(opts), pagePath: page }, query })
          : await api.call(routes.getSpacePageByPath, { params: { spaceId: opts.space, pagePath: page }, query })
        : opts.changeRequest
          ? await api.call(routes.getChangeRequestPage, { params: { ...params(opts), pageId: page }, query })
          : await api.call(routes.getSpacePage, { params: { spaceId: opts.space, pageId: page }, query });
      if (ctx.out.json) ctx.out.raw(result);
      else ctx.io.stdout.write(result.markdown ?? '');
    });

  withPaging(where(group.command('files').description('files of the content')))
    .addHelpText('after', '\nExamples:\n  $ docsctl content files --space SPACE_ID')
    .action(async (opts: Where & { changeRequest?: string; limit?: string; page?: string }) => {
      const query = pagingQuery(opts);
      if (opts.changeRequest) await printList(ctx, opts, routes.listChangeRequestFiles, { params: params(opts), query }, fileColumns);
      else await printList(ctx, opts, routes.listSpaceFiles, { params: { spaceId: opts.space }, query }, fileColumns);
    });

  registerPush(group, ctx);
  registerPull(group, ctx);
  registerImport(group, ctx);

  group
    .command('download')
    .argument('<file>', 'file id')
    .requiredOption('--space <id>', 'the space')
    .option('-o, --output <path>', 'write to this file (default: the file name; - for stdout)')
    .description("download a file's bytes")
    .addHelpText('after', '\nExamples:\n  $ docsctl content download FILE_ID --space SPACE_ID -o logo.png\n  $ docsctl content download FILE_ID --space SPACE_ID -o - | file -')
    .action(async (fileId: string, opts: { space: string; output?: string }) => {
      const api = await ctx.client();
      const meta = await api.call(routes.getSpaceFile, { params: { spaceId: opts.space, fileId } }).catch(() => undefined);
      const bytes = (await api.call(routes.downloadSpaceFile, { params: { spaceId: opts.space, fileId } })) as unknown as Buffer;
      const output = opts.output ?? meta?.name;
      if (!output) throw new UsageError('--output: give a file name (the file is not in the current content)');
      if (output === '-') {
        ctx.io.stdout.write(bytes as unknown as string);
        return;
      }
      await writeFile(resolve(ctx.io.cwd, output), bytes);
      ctx.out.message(`Wrote ${bytes.length} bytes to ${output}.`);
    });
}
