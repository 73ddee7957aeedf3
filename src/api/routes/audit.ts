import { route } from './route';
import { listOf } from '../schemas/common';
import { AuditQuery, AuditRecord } from '../schemas/audit';

const tag = 'Audit log';

/** docsctl's addition: the organization's audit trail (docs/api.md). */
export const listOrganizationAuditLog = route({
  operationId: 'listOrganizationAuditLog', tag, method: 'GET', path: '/v1/orgs/{organizationId}/audit-log', status: 200,
  summary: 'List the audit trail of an organization, newest first (admins only; filters actor, action, target, since, until)',
  query: AuditQuery, response: listOf(AuditRecord),
});
