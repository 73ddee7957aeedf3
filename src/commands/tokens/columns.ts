import type { Column } from '../../output/render';
import { idColumn, timeColumn } from '../../output/column-kinds';
import type { ApiToken } from '../../api/resources';

export const tokenColumns: Column<ApiToken>[] = [
  idColumn((t) => t.id),
  { header: 'NAME', value: (t) => t.name, priority: 1 },
  { header: 'USER', value: (t) => t.email, priority: 1 },
  timeColumn('CREATED', (t) => t.createdAt),
  timeColumn('LAST USED', (t) => t.lastUsedAt, 2),
  timeColumn('REVOKED', (t) => t.revokedAt, 2),
  { header: 'SCOPE', value: (t) => t.scope, priority: 3 },
  timeColumn('EXPIRES', (t) => t.expiresAt, 2),
];
