import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { changeRequestColumns } from '../shared/columns';
import { pagingQuery, withPaging } from '../shared/paging';
import { printList } from '../shared/list';
import { resolveUserId } from '../shared/resolve';
import { CliError, UsageError, EXIT } from '../../errors';

const STATUSES = ['draft', 'open', 'archived', 'merged'];

/** Change requests of one space: `--space` on every verb, a change request by id or number. */
export function registerChangeRequests(program: Command, ctx: Context): void {
  const group = program.command('change-requests').alias('cr').description('change requests: branches of a space\'s content, merged when ready')
    .addHelpText('after', '\nExamples:\n  $ docsctl cr list --space SPACE_ID\n  $ docsctl cr create --space SPACE_ID --subject "Document the v2 API"');
  const space = (c: Command) => c.requiredOption('--space <id>', 'the space');

  withPaging(space(group.command('list').description('list change requests (open ones unless --status)')))
    .addOption(new Option('--status <status>', 'only change requests in this state').choices(STATUSES))
    .option('--contributor <user>', 'only those this user (id or e-mail) wrote to')
    .addHelpText('after', '\nExamples:\n  $ docsctl cr list --space SPACE_ID\n  $ docsctl cr list --space SPACE_ID --status merged --json')
    .action(async (opts: { space: string; status?: string; contributor?: string; limit?: string; page?: string }) => {
      const contributor = opts.contributor ? await resolveUserId(ctx, await ctx.organizationId(), opts.contributor) : undefined;
      await printList(ctx, opts, routes.listChangeRequests, { params: { spaceId: opts.space }, query: { ...pagingQuery(opts), status: opts.status, contributor } }, changeRequestColumns);
    });

  space(group.command('get').argument('<change-request>', 'id or number').description('show one change request'))
    .addHelpText('after', '\nExamples:\n  $ docsctl cr get 2 --space SPACE_ID')
    .action(async (changeRequestId: string, opts: { space: string }) => {
      const api = await ctx.client();
      await ctx.out.object(await api.call(routes.getChangeRequest, { params: { spaceId: opts.space, changeRequestId } }), changeRequestColumns);
    });

  space(group.command('create').description('open a change request from the space\'s current content'))
    .option('--subject <text>', 'what it changes (at most 100 characters)')
    .addHelpText('after', '\nExamples:\n  $ docsctl cr create --space SPACE_ID --subject "Document the v2 API"\n  $ CR=$(docsctl cr create --space SPACE_ID --json | jq -r .number)')
    .action(async (opts: { space: string; subject?: string }) => {
      const api = await ctx.client();
      const created = await api.call(routes.createChangeRequest, { params: { spaceId: opts.space }, body: { subject: opts.subject } });
      ctx.out.message(`Opened change request #${created.number} (${created.id}).`);
      await ctx.out.object(created, changeRequestColumns);
    });

  space(group.command('update').argument('<change-request>', 'id or number').description('change the subject or status (draft, open, archived)'))
    .option('--subject <text>', 'new subject')
    .addOption(new Option('--status <status>', 'the new state').choices(['draft', 'open', 'archived']))
    .addHelpText('after', '\nExamples:\n  $ docsctl cr update 5 --space SPACE_ID --status archived')
    .action(async (changeRequestId: string, opts: { space: string; subject?: string; status?: 'draft' | 'open' | 'archived' }) => {
      if (opts.subject === undefined && opts.status === undefined) throw new UsageError('nothing to change: pass --subject or --status');
      const api = await ctx.client();
      const updated = await api.call(routes.updateChangeRequest, {
        params: { spaceId: opts.space, changeRequestId },
        body: { subject: opts.subject, status: opts.status },
      });
      await ctx.out.object(updated, changeRequestColumns);
    });

  const mergeLike = (name: string, description: string, route: typeof routes.mergeChangeRequest | typeof routes.updateChangeRequestFromMain, done: string) =>
    space(group.command(name).argument('<change-request>', 'id or number').description(description))
      .addHelpText('after', `\nExamples:\n  $ docsctl cr ${name} ${name === 'merge' ? 2 : 3} --space SPACE_ID\n\nExit code 6 when pages conflict (they are listed); nothing is changed then.`)
      .action(async (changeRequestId: string, opts: { space: string }) => {
        const api = await ctx.client();
        const result = await api.call(route as typeof routes.mergeChangeRequest, { params: { spaceId: opts.space, changeRequestId } });
        if (ctx.out.json) ctx.out.raw(result);
        if (result.result === 'conflicts') {
          if (!ctx.out.json) for (const c of result.conflicts ?? []) ctx.out.text(c.page);
          throw new CliError(`conflicts on ${result.conflicts?.length ?? 0} page(s): nothing was changed`, EXIT.conflict);
        }
        ctx.out.message(`${done} (revision ${result.revision}).`);
      });
  space(group.command('pdf').argument('<change-request>', 'id or number').description('a PDF of the change request content (or one page)'))
    .option('--page <id>', 'only this page')
    .option('-o, --output <file>', 'download the PDF to this file (default: print its URL)')
    .addHelpText('after', '\nExamples:\n  $ docsctl cr pdf 2 --space SPACE_ID\n  $ docsctl cr pdf 2 --space SPACE_ID --page PAGE_ID -o page.pdf')
    .action(async (changeRequestId: string, opts: { space: string; page?: string; output?: string }) => {
      const api = await ctx.client();
      const { url } = await api.call(routes.getChangeRequestPdf, {
        params: { spaceId: opts.space, changeRequestId },
        query: opts.page ? { only: true, page: opts.page } : {},
      });
      if (!opts.output) {
        if (ctx.out.json) ctx.out.raw({ url });
        else ctx.out.text(url);
        return;
      }
      const target = new URL(url);
      const response = await api.raw('GET', target.pathname + target.search);
      if (response.status >= 400 || !Buffer.isBuffer(response.body)) throw new CliError(`could not download the PDF (HTTP ${response.status})`, EXIT.error);
      const { writeFile } = await import('node:fs/promises');
      const { resolve } = await import('node:path');
      await writeFile(resolve(ctx.io.cwd, opts.output), response.body);
      ctx.out.message(`Wrote ${response.body.length} bytes to ${opts.output}.`);
    });

  mergeLike('merge', 'merge into the space (three-way, page by page)', routes.mergeChangeRequest, 'Merged');
  mergeLike('update-from-main', "bring the space's current content into the change request", routes.updateChangeRequestFromMain, 'Updated');
}
