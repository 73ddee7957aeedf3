import type { Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { pagingQuery, withPaging, type PagingOptions } from '../shared/paging';
import { printList } from '../shared/list';
import type { AuditRecord } from '../../api/resources';
import { hiddenNote, type Page } from '../../output/output';
import { auditColumns, auditTableColumns } from './columns';

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
      .option('--actor <user>', 'only writes by this user (id or e-mail; people who have left are found too)')
      .option('--action <operationId>', 'only this operation (deleteSpaceById, updateMemberInOrganizationById…)')
      .option('--target <id>', 'only writes about this id (a space, a user, a team…)')
      .option('--since <time>', 'from this date or time on (2026-11-20, 2026-11-20T09:00:00Z)')
      .option('--until <time>', 'before this date or time'),
  )
    .addHelpText('after', `
Records are kept 90 days. Each names the user and token, the operation, the ids it was about, the
body's field names and list lengths (never values), the status and the request id; and, as they
were when it was written, the user's name and e-mail, the token's name and the titles of what it
was about. On a terminal each record reads as a line: '2 hours ago  Grace Hopper <grace@…>  deleted
space "Employee handbook"', the ids it was about beside it, or whole on the line below when the
terminal is narrow. Piped (TSV, CSV) the ids come first, then the names and the action in words.
--actor finds people who have left the organization too.

Examples:
  $ docsctl audit list
  $ docsctl audit list --action deleteSpaceById --since 2026-11-01
  $ docsctl audit list --actor admin@example.com --json`)
    .action(async (opts: Opts) => {
      const organizationId = await ctx.organizationId();
      // An e-mail goes as it is: the instance finds its user among members and among people who have
      // left but are in the trail (shared/resolve.ts looks among members only).
      const query = { ...pagingQuery(opts), actor: opts.actor, action: opts.action, target: opts.target, since: opts.since, until: opts.until };
      const input = { params: { organizationId }, query };
      const route = routes.listOrganizationAuditLog;
      if (!ctx.out.tty) return void (await printList(ctx, opts, route, input, auditColumns));
      // A table: which columns it has depends on its rows (the story first, ids where they fit).
      const api = await ctx.client();
      let page: Page<AuditRecord>;
      if (opts.all) {
        const items: AuditRecord[] = [];
        for await (const next of api.pages(route, input)) items.push(...next.items);
        page = { items, count: items.length };
      } else page = await api.call(route, input);
      const view = { now: ctx.now(), paint: (text: string) => text, width: ctx.out.width };
      const { columns, hidden } = auditTableColumns(page.items, view);
      await ctx.out.list(page, columns, route.response);
      // Below the table, as other tables say what they left out (output.ts).
      if (hidden.length && page.items.length) ctx.out.message(hiddenNote(hidden));
    });
}
