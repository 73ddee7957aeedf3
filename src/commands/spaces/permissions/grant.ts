import { Option, type Command } from 'commander';
import type { Context } from '../../../context';
import { routes } from '../../../api/routes/index';
import { UsageError } from '../../../errors';
import { ROLES, type Role } from '../../../domain/roles';
import { resolveTeamId, resolveUserId } from '../../shared/resolve';

export interface PrincipalOptions {
  user?: string[];
  team?: string[];
}

/** The users (ids or e-mails) and teams (ids or titles) of `--user`/`--team`, as ids. */
export async function resolvePrincipals(ctx: Context, opts: PrincipalOptions): Promise<{ users: string[]; teams: string[] }> {
  if (!opts.user?.length && !opts.team?.length) throw new UsageError('no one given: pass --user USER... and/or --team TEAM...');
  const organizationId = await ctx.organizationId();
  const users = [];
  for (const u of opts.user ?? []) users.push(await resolveUserId(ctx, organizationId, u));
  const teams = [];
  for (const t of opts.team ?? []) teams.push(await resolveTeamId(ctx, organizationId, t));
  return { users, teams };
}

export function registerGrant(group: Command, ctx: Context): void {
  group
    .command('grant')
    .argument('<id>', 'space id')
    .description('give users and teams a role on a space (replaces a role they already have there)')
    .addOption(new Option('--role <role>', 'role on the space').choices([...ROLES]).makeOptionMandatory())
    .option('--user <users...>', 'user ids or e-mails')
    .option('--team <teams...>', 'team ids or exact titles')
    .addHelpText('after', '\nExamples:\n  $ docsctl spaces permissions grant SPACE_ID --role edit --user ada@acme.com grace@acme.com\n  $ docsctl spaces permissions grant SPACE_ID --role read --team Support Design')
    .action(async (spaceId: string, opts: PrincipalOptions & { role: Role }) => {
      const { users, teams } = await resolvePrincipals(ctx, opts);
      const api = await ctx.client();
      await api.call(routes.grantSpacePermissions, { params: { spaceId }, body: { role: opts.role, users, teams } });
      ctx.out.message(`Gave ${users.length} user(s) and ${teams.length} team(s) the ${opts.role} role on space ${spaceId}.`);
    });
}
