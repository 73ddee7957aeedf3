import type { Column } from '../../output/render';
import type { SamlProvider } from '../../api/resources';

export const samlColumns: Column<SamlProvider>[] = [
  { header: 'ID', value: (p) => p.id },
  { header: 'LABEL', value: (p) => p.label },
  { header: 'SSO URL', value: (p) => p.ssoURL },
  { header: 'ENTITY ID', value: (p) => p.entityID },
  { header: 'DEFAULT ROLE', value: (p) => p.defaultRole ?? 'guest' },
  { header: 'DEFAULT TEAM', value: (p) => p.defaultTeam?.title },
  { header: 'CREATED', value: (p) => p.createdAt },
];

export const samlDetail: Column<SamlProvider>[] = [
  ...samlColumns,
  { header: 'ACS URL', value: (p) => p.service.acsURL },
  { header: 'START URL', value: (p) => p.service.startURL },
  { header: 'SP ENTITY ID', value: (p) => p.service.entityID },
];
