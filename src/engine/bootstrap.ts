import type { Core } from './core';
import { insertOrganization } from './organizations';
import { createUserRow } from './users';

export interface Installation {
  organizationId: string;
  userId: string;
  created: boolean;
}

export interface BootstrapOptions {
  organizationTitle?: string;
  adminEmail?: string;
  adminName?: string;
}

const meta = async (core: Core, key: string) => (await core.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key]))?.value;

/** The first organization and the admin user of the database, once it is installed. */
export async function installationOf(core: Core): Promise<{ organizationId?: string; userId?: string }> {
  return { organizationId: await meta(core, 'first_organization_id'), userId: await meta(core, 'admin_user_id') };
}

/** First use of a database: creates the first organization and its admin user. Idempotent. */
export async function ensureInstallation(core: Core, options: BootstrapOptions = {}): Promise<Installation> {
  const existing = await installationOf(core);
  if (existing.organizationId && existing.userId) return { organizationId: existing.organizationId, userId: existing.userId, created: false };
  return await core.write(async () => {
    // Replicas started together on an empty database race here: writes are serialized, so the one that
    // comes second finds what the first created instead of creating it again.
    const now = await installationOf(core);
    if (now.organizationId && now.userId) return { organizationId: now.organizationId, userId: now.userId, created: false };
    const user = await createUserRow(core, {
      email: options.adminEmail ?? 'admin@example.com',
      displayName: options.adminName ?? 'Admin',
    });
    const organizationId = await insertOrganization(core, { title: options.organizationTitle ?? 'My Organization', adminUserId: user.id });
    await core.run("INSERT INTO meta (key, value) VALUES ('admin_user_id', ?), ('first_organization_id', ?)", [user.id, organizationId]);
    return { organizationId, userId: user.id, created: true };
  });
}
