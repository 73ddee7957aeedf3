import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import { resolveUserId } from '../shared/resolve';
import { auditColumns } from './columns';

interface Opts extends PagingOptions {
  actor?: string;
  action?: string;
  target?: string;
  since?: string;
  until?: string;
}

export function registerList(group: Command, ctx: Context): void {
  withPaging(
    group
      .command('list')
      .description('who wrote what, when: the audit trail of the organization, newest first (admins only)')
      .option('--actor <user>', 'only writes by this user (id or e-mail)')
      .option('--action <operationId>', 'only this operation (deleteSpaceById, updateMemberInOrganizationById…)')
      .option('--target <id>', 'only writes about this id (a space, a user, a team…)')
      .option('--since <time>', 'from this date or time on (2026-11-20, 2026-11-20T09:00:00Z)')
      .option('--until <time>', 'before this date or time'),
  )
    .addHelpText('after', `
Records are kept 90 days. Each names the user and token, the operation, the ids it was about, the
body's field names and list lengths (never values), the status and the request id.

Examples:
  $ docsctl audit list
  $ docsctl audit list --action deleteSpaceById --since 2026-11-01
  $ docsctl audit list --actor admin@example.com --json`)
    .action(async (opts: Opts) => {
      const organizationId = await ctx.organizationId();
      const actor = opts.actor === undefined ? undefined : await resolveUserId(ctx, organizationId, opts.actor);
      const query = { ...pagingQuery(opts), actor, action: opts.action, target: opts.target, since: opts.since, until: opts.until };
      await printList(ctx, opts, routes.listOrganizationAuditLog, { params: { organizationId }, query }, auditColumns);
    });
}
