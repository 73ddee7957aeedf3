import type { Column } from '../../output/render';
import { idColumn, roleColumn, timeColumn } from '../../output/column-kinds';
import type { Invite } from '../../api/resources';

export const inviteColumns: Column<Invite>[] = [
  idColumn((i) => i.id),
  roleColumn((i) => i.role),
  { header: 'REDUNDANT', value: (i) => i.redundant, priority: 3 },
  timeColumn('CREATED', (i) => i.createdAt, 2),
  { header: 'LINK', value: (i) => i.urls?.app, whole: true, overflow: 'line' },
];
