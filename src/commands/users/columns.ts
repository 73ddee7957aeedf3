import type { Column } from '../../output/render';
import { idColumn } from '../../output/column-kinds';
import type { User } from '../../api/resources';

export const userColumns: Column<User>[] = [
  idColumn((u) => u.id),
  { header: 'NAME', value: (u) => u.displayName, priority: 1 },
  { header: 'EMAIL', value: (u) => u.email, priority: 1 },
];
