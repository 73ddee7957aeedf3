import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError, EXIT, UsageError } from '../../errors';
import { nullable } from '../shared/nullable';
import { ROLES_AND_GUEST, type Role } from '../../domain/roles';
import { readInput } from '../shared/input';
import type { UserRow } from '../../bulk/user-file';
import { MemberDirectory } from '../../bulk/directory';
import { MAX_EMAIL_INVITES, planEmailInvites } from '../../bulk/invite-plan';
import { hasErrors } from '../../bulk/plan';
import { printReport } from '../../bulk/report';

interface Opts {
  file?: string;
  role?: string;
  dryRun?: boolean;
}

export function registerEmail(group: Command, ctx: Context): void {
  group
    .command('email')
    .argument('[emails...]', 'e-mail addresses')
    .description('invite people by e-mail (this instance sends no mail: accounts and memberships are created directly)')
    .option('-f, --file <file>', 'file of e-mails: one a line, or a CSV with an email column')
    .addOption(new Option('--role <role>', "role of the new members (default: the organization's default role, else read)").choices([...ROLES_AND_GUEST]))
    .option('--dry-run', 'print the per-row plan (who would be invited, who is a member already) and change nothing')
    .addHelpText('after', '\nExamples:\n  $ docsctl invites email ada@acme.com grace@acme.com --role edit\n  $ docsctl invites email --file new-hires.csv --dry-run\n  $ docsctl invites email --file new-hires.csv')
    .action(async (emails: string[], opts: Opts) => {
      const rows: UserRow[] = emails.map((ref) => ({ line: 0, ref }));
      if (opts.file) {
        const text = await readInput(ctx, '--file', opts.file);
        const { parseUserFile } = await import('../../bulk/user-file');
        rows.push(...parseUserFile(text, opts.file));
      }
      if (!rows.length) throw new UsageError('no e-mails given: pass addresses or --file FILE');
      const organizationId = await ctx.organizationId();
      const api = await ctx.client();
      if (opts.dryRun) return await dryRun(ctx, organizationId, rows, opts.role);
      const body = { emails: rows.map((r) => r.ref), ...(opts.role ? { role: nullable(opts.role) as Role | null } : {}) };
      const result = await api.call(routes.inviteUsersToOrganization, { params: { organizationId }, body });
      if (ctx.out.json) ctx.out.raw(result);
      else ctx.out.message(`Invited ${result.invited} new member(s); ${result.users.length - result.invited} already belonged.`);
    });
}

/** The per-row plan of an invitation: read only (members and the organization's default role). */
async function dryRun(ctx: Context, organizationId: string, rows: UserRow[], role: string | undefined): Promise<void> {
  const api = await ctx.client();
  const [directory, organization] = await ctx.spin(`Resolving ${rows.length} e-mail(s) against the organization`, () =>
    Promise.all([MemberDirectory.load(api, organizationId), api.call(routes.getOrganizationById, { params: { organizationId } })]),
  );
  const plan = planEmailInvites(rows, directory, role ?? organization.defaultRole ?? 'read');
  await printReport(ctx.out, plan.rows, false);
  if (hasErrors(plan.rows)) throw new CliError('some rows cannot be invited (see the report): the invitation would be refused as a whole', EXIT.error);
  if (plan.emails.length > MAX_EMAIL_INVITES) {
    throw new CliError(`${plan.emails.length} e-mails: an invitation takes at most ${MAX_EMAIL_INVITES}; split the file`, EXIT.error);
  }
}
