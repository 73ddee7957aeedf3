import { Option, type Command } from 'commander';
import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { memberColumns } from './columns';
import { resolveUserId } from '../shared/resolve';
import { nullable } from '../shared/nullable';
import { readInput } from '../shared/input';
import { ROLES_AND_GUEST, rankOf, type Role } from '../../domain/roles';
import { CliError, EXIT, UsageError } from '../../errors';
import type { UserRow } from '../../bulk/user-file';
import { MemberDirectory } from '../../bulk/directory';
import { hasErrors } from '../../bulk/plan';
import { planRoleChanges } from '../../bulk/role-plan';
import { printReport } from '../../bulk/report';
import { MAX_MEMBER_CHANGES } from '../../api/schemas/member';

interface Opts {
  role?: string;
  file?: string;
  dryRun?: boolean;
  yes?: boolean;
}

const EXAMPLES = `
One user: the member as it is afterwards. Several users, --file or --dry-run: a per-row plan (--dry-run
changes nothing), then every change in one transaction (all or none, at most ${MAX_MEMBER_CHANGES}) and the
per-row report. A file is a CSV with an email (or user, id) column and an org_role (or role) column,
such as \`members list --format csv\` writes, or one id or e-mail a line (then --role gives the role), or
a YAML/JSON file with a members list as in \`teams sync\`; a row's own role wins over --role.
Lowering your own role asks first on a terminal, and needs --yes anywhere else.

Examples:
  $ docsctl members update ada@acme.com --role admin
  $ docsctl members update USER_ID --role guest
  $ docsctl members update ada@acme.com grace@acme.com --role read --dry-run
  $ docsctl members update --file roles.csv --dry-run
  $ docsctl members update --file roles.csv`;

/** The question asked before the caller lowers their own role (only an admin changes roles). */
export function selfDemotionQuestion(from: Role | null, to: Role | null): string {
  return `Lower your own role from ${from ?? 'guest'} to ${to ?? 'guest'}${from === 'admin' ? ' (only another admin can give the admin role back)' : ''}?`;
}

export function registerUpdate(group: Command, ctx: Context): void {
  group
    .command('update')
    .argument('[users...]', 'user ids or e-mails')
    .description("change the organization role of one or several members (several: in one transaction)")
    .addOption(new Option('--role <role>', 'new role (guest = no role); with --file, for rows without their own').choices([...ROLES_AND_GUEST]))
    .option('-f, --file <file>', 'CSV (email and org_role columns), one id or e-mail a line, or YAML with a members list (- for stdin)')
    .option('--dry-run', 'print the per-row plan and change nothing')
    .option('-y, --yes', 'do not ask before lowering your own role')
    .addHelpText('after', EXAMPLES)
    .action(async (users: string[], opts: Opts) => {
      if (!users.length && !opts.file) throw new UsageError('no users given: pass user ids or e-mails, or --file FILE');
      if (!opts.file && !opts.role) throw new UsageError("required option '--role <role>' not specified (or give a --file whose rows carry their role)");
      if (users.length === 1 && !opts.file && !opts.dryRun) return await updateOne(ctx, users[0], opts.role!, opts.yes);
      await updateMany(ctx, users, opts);
    });
}

/** The member is the organization's only admin (who cannot be demoted or removed: the instance answers 409). */
export async function isLastAdmin(ctx: Context, organizationId: string, userId: string, role?: Role | null): Promise<boolean> {
  const api = await ctx.client();
  // Asked about the caller: a guest may not list members, and only an admin can be the last one. `role`: their role, when the caller read it already.
  const current = role !== undefined ? role : (await api.call(routes.getMemberInOrganizationById, { params: { organizationId, userId } })).role;
  if (current !== 'admin') return false;
  const admins = await api.call(routes.listMembersInOrganizationById, { params: { organizationId }, query: { role: 'admin', limit: 2 } });
  const active = admins.items.filter((m) => !m.disabled);
  return admins.count <= 2 && active.length === 1 && active[0].id === userId;
}

/** One member: the platform's `PATCH …/members/{userId}`, answered with the member. */
async function updateOne(ctx: Context, user: string, role: string, yes: boolean | undefined): Promise<void> {
  const organizationId = await ctx.organizationId();
  const userId = await resolveUserId(ctx, organizationId, user);
  const api = await ctx.client();
  const to = nullable(role) as Role | null;
  const me = await api.call(routes.getAuthenticatedUser);
  if (me.id === userId) {
    const { role: from } = await api.call(routes.getMemberInOrganizationById, { params: { organizationId, userId } });
    // The last admin is not asked: the instance refuses that change anyway (exit 6).
    if (rankOf(to) < rankOf(from) && !(await isLastAdmin(ctx, organizationId, userId, from))) await ctx.confirm(selfDemotionQuestion(from, to), yes);
  }
  const member = await api.call(routes.updateMemberInOrganizationById, { params: { organizationId, userId }, body: { role: to } });
  ctx.out.message(`${member.user.email} is now ${member.role ?? 'a guest'}.`);
  await ctx.out.object(member, memberColumns);
}

async function readRows(ctx: Context, users: string[], file: string | undefined): Promise<UserRow[]> {
  const rows: UserRow[] = users.map((ref) => ({ line: 0, ref }));
  if (file) {
    const text = await readInput(ctx, '--file', file);
    // The CSV and YAML parsers load only when a file is given.
    const { parseRoleFile } = await import('../../bulk/role-file');
    rows.push(...parseRoleFile(text, file));
  }
  if (!rows.length) throw new UsageError(`${file}: no users in the file`);
  return rows;
}

/**
 * Several members: planned row by row against the organization's members, reported, and applied in one
 * `PATCH …/members` (one transaction) unless it is a dry run or some row cannot be applied.
 */
async function updateMany(ctx: Context, users: string[], opts: Opts): Promise<void> {
  const rows = await readRows(ctx, users, opts.file);
  const organizationId = await ctx.organizationId();
  const api = await ctx.client();
  const [directory, me] = await ctx.spin(`Resolving ${rows.length} user(s) against the organization`, () =>
    Promise.all([MemberDirectory.load(api, organizationId), api.call(routes.getAuthenticatedUser)]),
  );
  const plan = planRoleChanges(rows, directory, { defaultRole: opts.role, callerId: me.id });
  const invalid = hasErrors(plan.rows);
  if (opts.dryRun || invalid || plan.refusal) {
    await printReport(ctx.out, plan.rows, false);
    if (plan.refusal) throw new CliError(`refusing: ${plan.refusal}`, EXIT.conflict);
    if (invalid) throw new CliError('some rows cannot be applied (see the report); fix them, nothing was changed', EXIT.error);
    if (plan.selfDemotion) ctx.out.message(`This lowers your own role (${plan.selfDemotion.from ?? 'guest'} -> ${plan.selfDemotion.to ?? 'guest'}): the real run asks first, or needs --yes.`);
    return;
  }
  if (plan.changes.length > MAX_MEMBER_CHANGES) {
    throw new UsageError(`${plan.changes.length} role changes: at most ${MAX_MEMBER_CHANGES} are applied in one transaction; split the file`);
  }
  if (plan.selfDemotion) await ctx.confirm(selfDemotionQuestion(plan.selfDemotion.from, plan.selfDemotion.to), opts.yes);
  if (plan.changes.length) {
    await api.call(routes.updateMembersInOrganizationById, { params: { organizationId }, body: { members: plan.changes } });
  }
  await printReport(ctx.out, plan.rows, true);
}
