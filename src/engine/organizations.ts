import type { Actor, Core } from './core';
import { invalid, notFound, conflict } from './errors';
import { organizationPermissions, requireMember, requireRight } from './access';
import { keysetPage, type PageRequest } from './pagination';
import type { Role } from '../domain/roles';

export interface OrganizationRow {
  id: string;
  title: string;
  created_at: string;
  email_domains: string;
  hostname: string | null;
  type: string;
  use_case: string | null;
  community_type: string | null;
  default_role: Role | null;
  default_content: string | null;
  sso: number;
  ai: number;
  invite_links: number;
  plan: string;
  logo: string | null;
  custom_hostname: string | null;
}

export interface OrganizationPatch {
  title?: string;
  emailDomains?: string[];
  hostname?: string;
  defaultRole?: Role | null;
  defaultContent?: { type: 'site'; site: string } | null;
  logo?: string | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
}

export function presentOrganization(core: Core, row: OrganizationRow, role: Role | null | undefined) {
  return {
    object: 'organization' as const,
    id: row.id,
    title: row.title,
    createdAt: row.created_at,
    emailDomains: JSON.parse(row.email_domains) as string[],
    ...(row.hostname ? { hostname: row.hostname } : {}),
    type: row.type,
    ...(row.use_case ? { useCase: row.use_case } : {}),
    ...(row.community_type ? { communityType: row.community_type } : {}),
    defaultRole: row.default_role,
    defaultContent: row.default_content ? (JSON.parse(row.default_content) as { type: 'site'; site: string }) : null,
    sso: row.sso === 1,
    ai: row.ai === 1,
    inviteLinks: row.invite_links === 1,
    plan: row.plan,
    // No billing here: no period ends (docs/decisions.md, contract test).
    billing: { interval: 'monthly', endDate: null, hasPaymentFailed: false, isScheduledToCancel: false },
    // Change requests merge without reviews or checks: the platform's "no merge rules".
    mergeRules: { type: 'none' as const },
    urls: {
      location: core.apiUrl(`/orgs/${row.id}`),
      app: core.appUrl(`/o/${row.id}`),
      ...(row.logo ? { logo: row.logo } : {}),
    },
    trial: { status: 'notapplicable' },
    ...(row.custom_hostname ? { customHostname: row.custom_hostname } : {}),
    internal_isOnNewTrial: true as const,
    permissions: organizationPermissions(role),
  };
}

export type Organization = ReturnType<typeof presentOrganization>;

export async function organizationRow(core: Core, organizationId: string): Promise<OrganizationRow> {
  const row = await core.get<OrganizationRow>('SELECT * FROM organizations WHERE id = ?', [organizationId]);
  if (!row) throw notFound(`organization ${organizationId} not found`);
  return row;
}

/** Creates an organization with `adminUserId` as its first admin. Not an API operation (see docs). */
export async function insertOrganization(core: Core, input: { title: string; adminUserId: string; hostname?: string }): Promise<string> {
  const id = core.newId();
  const now = core.now();
  await core.run('INSERT INTO organizations (id, title, created_at, hostname) VALUES (?, ?, ?, ?)', [
    id, input.title, now, input.hostname ?? null,
  ]);
  await core.run('INSERT INTO members (organization_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)', [
    id, input.adminUserId, 'admin', now,
  ]);
  return id;
}

export function organizationsModule(core: Core) {
  return {
    async list(actor: Actor, page: PageRequest) {
      return await keysetPage<OrganizationRow & { member_role: Role | null }, Organization>(
        core,
        {
          listing: 'orgs',
          from: 'organizations o JOIN members m ON m.organization_id = o.id',
          columns: 'o.*, m.role AS member_role',
          where: ['m.user_id = ?', 'm.disabled = 0'],
          args: [actor.userId],
          orderBy: ['o.created_at', 'o.id'],
          direction: 'asc',
          keyOf: (row) => [row.created_at, row.id],
          present: (row) => presentOrganization(core, row, row.member_role),
        },
        page,
      );
    },

    /** A new organization with the caller as its admin (docsctl's addition: `docsctl import --new-org`). */
    async create(actor: Actor, input: { title: string }): Promise<Organization> {
      const id = await core.write(async () => await insertOrganization(core, { title: input.title, adminUserId: actor.userId }));
      return await this.get(actor, id);
    },

    async get(actor: Actor, organizationId: string): Promise<Organization> {
      const { role } = await requireMember(core, actor, organizationId);
      return presentOrganization(core, await organizationRow(core, organizationId), role);
    },

    async update(actor: Actor, organizationId: string, patch: OrganizationPatch): Promise<Organization> {
      const { role } = await requireRight(core, actor, organizationId, 'admin');
      return await core.write(async () => {
        const sets: string[] = [];
        const args: unknown[] = [];
        const set = (column: string, value: unknown) => {
          sets.push(`${column} = ?`);
          args.push(value);
        };
        if (patch.title !== undefined) set('title', patch.title);
        if (patch.emailDomains !== undefined) set('email_domains', JSON.stringify([...new Set(patch.emailDomains.map((d) => d.toLowerCase()))]));
        if (patch.hostname !== undefined) {
          const taken = await core.get('SELECT 1 FROM organizations WHERE hostname = ? AND id <> ?', [patch.hostname, organizationId]);
          if (taken) throw conflict(`hostname: "${patch.hostname}" is already used by another organization`);
          set('hostname', patch.hostname);
        }
        if (patch.defaultRole !== undefined) set('default_role', patch.defaultRole);
        if (patch.defaultContent !== undefined) {
          if (patch.defaultContent !== null && !await core.get('SELECT 1 FROM sites WHERE id = ? AND organization_id = ?', [patch.defaultContent.site, organizationId])) {
            throw invalid(`defaultContent.site: no site ${patch.defaultContent.site} in this organization`);
          }
          set('default_content', patch.defaultContent === null ? null : JSON.stringify({ type: 'site', site: patch.defaultContent.site }));
        }
        if (patch.logo !== undefined) set('logo', patch.logo);
        if (patch.sso !== undefined) set('sso', patch.sso ? 1 : 0);
        if (patch.ai !== undefined) set('ai', patch.ai ? 1 : 0);
        if (patch.inviteLinks !== undefined) set('invite_links', patch.inviteLinks ? 1 : 0);
        if (sets.length) await core.run(`UPDATE organizations SET ${sets.join(', ')} WHERE id = ?`, [...args, organizationId]);
        return presentOrganization(core, await organizationRow(core, organizationId), role);
      });
    },

    /**
     * Organizations that accept e-mail addresses of a domain. Only callers whose own address is in that
     * domain, or who are members, see an organization: the listing must not reveal others.
     */
    async byEmailDomain(actor: Actor, domain: string) {
      const wanted = domain.toLowerCase();
      const user = await core.get<{ email: string }>('SELECT email FROM users WHERE id = ?', [actor.userId]);
      const ownDomain = user?.email.split('@')[1]?.toLowerCase();
      const rows = await core.all<OrganizationRow & { member_role: Role | null; is_member: number }>(
        `SELECT o.*, m.role AS member_role, CASE WHEN m.user_id IS NULL THEN 0 ELSE 1 END AS is_member
         FROM organizations o CROSS JOIN json_each(o.email_domains) d
         LEFT JOIN members m ON m.organization_id = o.id AND m.user_id = ?
         WHERE d.value = ? ORDER BY o.created_at, o.id`,
        [actor.userId, wanted],
      );
      return {
        organizations: rows
          .filter((row) => row.is_member === 1 || ownDomain === wanted)
          .map((row) => presentOrganization(core, row, row.is_member ? row.member_role : undefined)),
      };
    },
  };
}
