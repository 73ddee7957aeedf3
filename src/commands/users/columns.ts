import type { Column } from '../../output/render';
import type { User } from '../../api/resources';

export const userColumns: Column<User>[] = [
  { header: 'ID', value: (u) => u.id },
  { header: 'NAME', value: (u) => u.displayName },
  { header: 'EMAIL', value: (u) => u.email },
];
