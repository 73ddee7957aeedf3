import type { Column } from '../../output/render';
import { idColumn, roleColumn, timeColumn } from '../../output/column-kinds';
import type { SamlProvider } from '../../api/resources';

export const samlColumns: Column<SamlProvider>[] = [
  idColumn((p) => p.id),
  { header: 'LABEL', value: (p) => p.label, priority: 1 },
  { header: 'SSO URL', value: (p) => p.ssoURL },
  { header: 'ENTITY ID', value: (p) => p.entityID, priority: 3 },
  roleColumn((p) => p.defaultRole, 'DEFAULT ROLE', 3),
  { header: 'DEFAULT TEAM', value: (p) => p.defaultTeam?.title, priority: 3 },
  timeColumn('CREATED', (p) => p.createdAt),
];

export const samlDetail: Column<SamlProvider>[] = [
  ...samlColumns,
  { header: 'ACS URL', value: (p) => p.service.acsURL },
  { header: 'START URL', value: (p) => p.service.startURL },
  { header: 'SP ENTITY ID', value: (p) => p.service.entityID },
];
