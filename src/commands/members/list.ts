import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { memberColumns } from './columns';
import { ROLES_AND_GUEST } from '../../domain/roles';

interface Opts extends PagingOptions {
  role?: string;
  search?: string;
  sort?: string;
  order?: string;
}

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description('list members'))
    .addOption(new Option('--role <role>', 'only members with this role (guest: those without one)').choices([...ROLES_AND_GUEST]))
    .option('--search <text>', 'match name or e-mail')
    .addOption(new Option('--sort <field>', 'sort key; lastSeenAt lists only active members').choices(['joinedAt', 'lastSeenAt']))
    .addOption(new Option('--order <order>', 'sort order').choices(['asc', 'desc']))
    .addHelpText('after', '\nExamples:\n  $ docsctl members list --role admin\n  $ docsctl members list --role guest --all --format csv\n  $ docsctl members list --search @acme.com --sort lastSeenAt\n  $ docsctl members list --json --limit 1000')
    .action(async (opts: Opts) => {
      const organizationId = await ctx.organizationId();
      // A table shows a member's teams by title: the server adds them to each page in one query.
      const query = { ...pagingQuery(opts), role: opts.role, search: opts.search, sort: opts.sort, order: opts.order, expand: ctx.out.tty ? ('teams' as const) : undefined };
      await printList(ctx, opts, routes.listMembersInOrganizationById, { params: { organizationId }, query }, memberColumns);
    });
}
