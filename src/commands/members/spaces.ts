import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { resolveUserId } from '../shared/resolve';

export function registerSpaces(group: Command, ctx: Context): void {
  withPaging(group.command('spaces').argument('<user>', 'user id or e-mail').description('spaces a member can access'))
    .addHelpText('after', '\nExamples:\n  $ docsctl members spaces ada@acme.com')
    .action(async (user: string, opts: PagingOptions) => {
      const organizationId = await ctx.organizationId();
      const userId = await resolveUserId(ctx, organizationId, user);
      await printList(ctx, opts, routes.listSpacesForMemberInOrganization, { params: { organizationId, userId }, query: pagingQuery(opts) }, [
        { header: 'SPACE', value: (i) => i.space.id },
        { header: 'PERMISSION', value: (i) => i.permission },
      ]);
    });
}
