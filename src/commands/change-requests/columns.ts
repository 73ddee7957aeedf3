import type { Column } from '../../output/render';
import { idColumn, statusColumn, timeColumn } from '../../output/column-kinds';
import type { ChangeRequest } from '../../api/resources';

export const changeRequestColumns: Column<ChangeRequest>[] = [
  idColumn((c) => c.number, 'NUMBER'),
  { ...idColumn((c) => c.id), priority: 3 },
  statusColumn((c) => c.status),
  { header: 'SUBJECT', value: (c) => c.subject, priority: 1 },
  { header: 'AUTHOR', value: (c) => c.createdBy?.email, show: (c) => c.createdBy?.displayName || c.createdBy?.email || '' },
  { header: 'OUTDATED', value: (c) => c.outdated, tone: (c) => (c.outdated ? 'warn' : undefined), priority: 3 },
  timeColumn('UPDATED', (c) => c.updatedAt, 2),
];
