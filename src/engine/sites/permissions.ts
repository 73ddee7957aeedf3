import type { Role } from '../../domain/roles';
import { canManageSites } from './rows';

/**
 * The platform's site `permissions`, computed for the caller from docsctl's one rule for sites: members
 * with a role read a site and its adaptive schema; organization admins change anything of it (settings,
 * structure, adaptive schema, publishing). `role` null: someone without a role (a published site's
 * visitor), who may do none of these. docsctl has no integrations: `installIntegration` is false.
 */
export function sitePermissionsFor(role: Role | null) {
  const reads = role !== null;
  const manages = canManageSites(role);
  return {
    view: reads,
    access: reads,
    edit: manages,
    create: manages,
    admin: manages,
    installIntegration: false,
    viewAdaptiveSchema: reads,
    editAdaptiveSchema: manages,
  };
}
