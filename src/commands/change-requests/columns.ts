import type { Column } from '../../output/render';
import type { ChangeRequest } from '../../api/resources';

export const changeRequestColumns: Column<ChangeRequest>[] = [
  { header: 'NUMBER', value: (c) => c.number },
  { header: 'ID', value: (c) => c.id },
  { header: 'STATUS', value: (c) => c.status },
  { header: 'SUBJECT', value: (c) => c.subject },
  { header: 'AUTHOR', value: (c) => c.createdBy?.email },
  { header: 'OUTDATED', value: (c) => c.outdated },
  { header: 'UPDATED', value: (c) => c.updatedAt },
];
