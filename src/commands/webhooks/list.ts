import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { printList } from '../shared/list';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { webhookColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description("list the organization's webhooks (never their secrets)"))
    .addHelpText('after', '\nExamples:\n  $ docsctl webhooks list\n  $ docsctl webhooks list --json')
    .action(async (opts: PagingOptions) => {
      const organizationId = await ctx.organizationId();
      await printList(ctx, opts, routes.listWebhooks, { params: { organizationId }, query: pagingQuery(opts) }, webhookColumns);
    });
}
