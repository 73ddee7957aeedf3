import { X509Certificate } from 'node:crypto';
import type { Actor, Core } from './core';
import { invalid, notFound } from './errors';
import { requireMember, requireRight, type Membership } from './access';
import { keysetPage, type PageRequest } from './pagination';
import { presentTeam, teamRow } from './teams';
import type { Role } from '../domain/roles';

interface SamlRow {
  id: string;
  organization_id: string;
  label: string;
  sso_url: string | null;
  entity_id: string | null;
  certificate: string | null;
  default_team_id: string | null;
  default_role: Role | null;
  created_at: string;
}

export interface SamlInput {
  label?: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  defaultTeam?: string;
  defaultRole?: Role | null;
}

/** Parses the certificate as X.509 PEM; anything else is a 400 that says so. */
function checkCertificate(pem: string): void {
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    throw invalid('certificate: must be an X.509 certificate in PEM form (-----BEGIN CERTIFICATE-----)');
  }
  try {
    new X509Certificate(pem);
  } catch (error) {
    throw invalid(`certificate: is not a valid X.509 PEM certificate (${(error as Error).message})`);
  }
}

export function samlModule(core: Core) {
  async function present(actor: Actor, caller: Membership, row: SamlRow) {
    const base = `/orgs/${row.organization_id}/saml/${row.id}`;
    const service = `${core.publicUrl}/sso/saml/${row.id}`;
    return {
      object: 'saml-provider' as const,
      id: row.id,
      label: row.label,
      ...(row.sso_url ? { ssoURL: row.sso_url } : {}),
      ...(row.entity_id ? { entityID: row.entity_id } : {}),
      ...(row.certificate ? { certificate: row.certificate } : {}),
      defaultTeam: row.default_team_id ? presentTeam(core, await teamRow(core, actor, row.organization_id, row.default_team_id), caller) : null,
      defaultRole: row.default_role,
      createdAt: row.created_at,
      // Usable for sign-in once the identity provider's three settings are known (docs/decisions.md).
      status: row.sso_url && row.entity_id && row.certificate ? 'active' as const : 'pending' as const,
      service: { acsURL: `${service}/acs`, startURL: `${service}/start`, entityID: `${service}/metadata` },
      urls: { location: core.apiUrl(base) },
    };
  }

  async function row(organizationId: string, id: string): Promise<SamlRow> {
    const found = await core.get<SamlRow>('SELECT * FROM saml_providers WHERE id = ? AND organization_id = ?', [id, organizationId]);
    if (!found) throw notFound(`SAML provider ${id} not found in organization ${organizationId}`);
    return found;
  }

  async function check(actor: Actor, organizationId: string, input: SamlInput): Promise<void> {
    if (input.certificate !== undefined) checkCertificate(input.certificate);
    if (input.defaultTeam !== undefined) {
      try {
        await teamRow(core, actor, organizationId, input.defaultTeam);
      } catch {
        throw invalid(`defaultTeam: no team ${input.defaultTeam} in this organization`);
      }
    }
  }

  return {
    async list(actor: Actor, organizationId: string, page: PageRequest) {
      const caller = await requireRight(core, actor, organizationId, 'admin');
      return await keysetPage<SamlRow, Awaited<ReturnType<typeof present>>>(
        core,
        {
          listing: 'saml',
          from: 'saml_providers',
          columns: '*',
          where: ['organization_id = ?'],
          args: [organizationId],
          orderBy: ['created_at', 'id'],
          direction: 'asc',
          keyOf: (r) => [r.created_at, r.id],
          present: async (r) => await present(actor, caller, r),
        },
        page,
      );
    },

    async get(actor: Actor, organizationId: string, id: string) {
      const caller = await requireRight(core, actor, organizationId, 'admin');
      return await present(actor, caller, await row(organizationId, id));
    },

    async create(actor: Actor, organizationId: string, input: SamlInput & { label: string }) {
      const caller = await requireRight(core, actor, organizationId, 'admin');
      await check(actor, organizationId, input);
      return await core.write(async () => {
        const id = core.newId();
        await core.run(
          `INSERT INTO saml_providers (id, organization_id, label, sso_url, entity_id, certificate, default_team_id, default_role, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [id, organizationId, input.label, input.ssoURL ?? null, input.entityID ?? null, input.certificate ?? null,
            input.defaultTeam ?? null, input.defaultRole ?? null, core.now()],
        );
        return await present(actor, caller, await row(organizationId, id));
      });
    },

    async update(actor: Actor, organizationId: string, id: string, patch: SamlInput) {
      const caller = await requireRight(core, actor, organizationId, 'admin');
      await row(organizationId, id);
      await check(actor, organizationId, patch);
      return await core.write(async () => {
        const columns: Record<keyof SamlInput, string> = {
          label: 'label', entityID: 'entity_id', certificate: 'certificate', ssoURL: 'sso_url',
          defaultTeam: 'default_team_id', defaultRole: 'default_role',
        };
        for (const [field, column] of Object.entries(columns) as [keyof SamlInput, string][]) {
          if (patch[field] !== undefined) await core.run(`UPDATE saml_providers SET ${column} = ? WHERE id = ?`, [patch[field], id]);
        }
        return await present(actor, caller, await row(organizationId, id));
      });
    },

    async remove(actor: Actor, organizationId: string, id: string): Promise<void> {
      await requireRight(core, actor, organizationId, 'admin');
      await core.write(async () => {
        await row(organizationId, id);
        await core.run('DELETE FROM saml_providers WHERE id = ?', [id]);
      });
    },

    /** What a sign-in page needs: each provider's label and where to start the SAML flow. */
    async loginInfo(actor: Actor, organizationId: string) {
      await requireMember(core, actor, organizationId);
      const rows = await core.all<SamlRow>('SELECT * FROM saml_providers WHERE organization_id = ? ORDER BY created_at, id', [organizationId]);
      return { items: rows.map((r) => ({ id: r.id, label: r.label, startURL: `${core.publicUrl}/sso/saml/${r.id}/start` })) };
    },
  };
}
