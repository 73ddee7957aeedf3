import type { Context } from '../../context';
import { routes } from '../../api/routes/index';
import { CliError, EXIT } from '../../errors';

/** Accepts a user id or an e-mail address; e-mails are looked up among the organization's members. */
export async function resolveUserId(ctx: Context, organizationId: string, ref: string): Promise<string> {
  if (!ref.includes('@')) return ref;
  const api = await ctx.client();
  const found = await api.call(routes.listMembersInOrganizationById, {
    params: { organizationId },
    query: { search: ref, limit: 1000 },
  });
  const member = found.items.find((m) => m.user.email.toLowerCase() === ref.toLowerCase());
  if (!member) throw new CliError(`no member with e-mail ${ref} in organization ${organizationId}`, EXIT.notFound);
  return member.id;
}

/** Accepts a team id or an exact team title (case-insensitive). */
export async function resolveTeamId(ctx: Context, organizationId: string, ref: string): Promise<string> {
  const api = await ctx.client();
  const byTitle = await api.call(routes.listTeamsInOrganizationById, {
    params: { organizationId },
    query: { title: ref.slice(0, 64), limit: 1000 },
  });
  const matches = byTitle.items.filter((t) => t.title.toLowerCase() === ref.toLowerCase());
  if (matches.length === 1) return matches[0].id;
  if (matches.length > 1) throw new CliError(`several teams are titled "${ref}": use the team id (${matches.map((t) => t.id).join(', ')})`, EXIT.usage);
  return ref;
}
