import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import type { ApiToken } from '../../api/resources';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { tokenColumns } from './columns';

export function registerList(group: Command, ctx: Context): void {
  withPaging(group.command('list').description("list the tokens of the organization's members (never their values)"))
    .option('--user <user>', 'only the tokens of this member (id or e-mail)')
    .addHelpText('after', '\nExamples:\n  $ docsctl tokens list\n  $ docsctl tokens list --user ada.lovelace@acme.example --json')
    .action(async (opts: PagingOptions & { user?: string }) => {
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      const query = { ...pagingQuery(opts), ...(opts.user ? { user: opts.user } : {}) };
      const route = routes.listOrganizationTokens;
      let page: { next?: { page: string }; count: number; items: ApiToken[] };
      if (opts.all) {
        // Few tokens: every page is read, then printed, so the warning below sees them all.
        const items: ApiToken[] = [];
        for await (const token of api.paginate(route, { params: { organizationId }, query })) items.push(token);
        page = { count: items.length, items };
      } else page = await api.call(route, { params: { organizationId }, query });
      await ctx.out.list(page, tokenColumns, route.response);
      const forever = page.items.filter((t) => !t.revokedAt && !t.expiresAt);
      if (forever.length) ctx.out.message(`${forever.length} token(s) never expire (${forever.map((t) => t.name).join(', ')}): prefer tokens create --expires 90d, and revoke the old ones.`);
    });
}
