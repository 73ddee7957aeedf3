import type { Column } from '../../output/render';
import type { Organization } from '../../api/resources';

export const organizationColumns: Column<Organization>[] = [
  { header: 'ID', value: (o) => o.id },
  { header: 'TITLE', value: (o) => o.title },
  { header: 'HOSTNAME', value: (o) => o.hostname },
  { header: 'DEFAULT ROLE', value: (o) => o.defaultRole ?? 'guest' },
  { header: 'ADMIN', value: (o) => o.permissions.admin },
  { header: 'CREATED', value: (o) => o.createdAt },
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
