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

const meta = (core: Core, key: string) => core.get<{ value: string }>('SELECT value FROM meta WHERE key = ?', [key])?.value;

/** The first organization and the admin user of the database, once it is installed. */
export function installationOf(core: Core): { organizationId?: string; userId?: string } {
  return { organizationId: meta(core, 'first_organization_id'), userId: meta(core, 'admin_user_id') };
}

/** First use of a database: creates the first organization and its admin user. Idempotent. */
export function ensureInstallation(core: Core, options: BootstrapOptions = {}): Installation {
  const existing = installationOf(core);
  if (existing.organizationId && existing.userId) return { organizationId: existing.organizationId, userId: existing.userId, created: false };
  return core.write(() => {
    const user = createUserRow(core, {
      email: options.adminEmail ?? 'admin@example.com',
      displayName: options.adminName ?? 'Admin',
    });
    const organizationId = insertOrganization(core, { title: options.organizationTitle ?? 'My Organization', adminUserId: user.id });
    core.run("INSERT INTO meta (key, value) VALUES ('admin_user_id', ?), ('first_organization_id', ?)", [user.id, organizationId]);
    return { organizationId, userId: user.id, created: true };
  });
}
