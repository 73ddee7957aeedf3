import type { Column } from '../../output/render';
import { idColumn, roleColumn, timeColumn } from '../../output/column-kinds';
import type { Organization } from '../../api/resources';

export const organizationColumns: Column<Organization>[] = [
  idColumn((o) => o.id),
  { header: 'TITLE', value: (o) => o.title, priority: 1 },
  { header: 'HOSTNAME', value: (o) => o.hostname },
  roleColumn((o) => o.defaultRole, 'DEFAULT ROLE', 3),
  { header: 'ADMIN', value: (o) => o.permissions.admin },
  timeColumn('CREATED', (o) => o.createdAt),
];

export const organizationDetail: Column<Organization>[] = [
  ...organizationColumns,
  { header: 'EMAIL DOMAINS', value: (o) => o.emailDomains.join(', ') },
  { header: 'SSO', value: (o) => o.sso },
  { header: 'AI', value: (o) => o.ai },
  { header: 'INVITE LINKS', value: (o) => o.inviteLinks },
  { header: 'PLAN', value: (o) => o.plan },
  { header: 'URL', value: (o) => o.urls.app },
];
