import type { Column } from '../../output/render';
import type { Invite } from '../../api/resources';

export const inviteColumns: Column<Invite>[] = [
  { header: 'ID', value: (i) => i.id },
  { header: 'ROLE', value: (i) => i.role },
  { header: 'REDUNDANT', value: (i) => i.redundant },
  { header: 'CREATED', value: (i) => i.createdAt },
  { header: 'LINK', value: (i) => i.urls?.app },
];
