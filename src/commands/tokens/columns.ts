import type { Column } from '../../output/render';
import type { TokenInfo } from '../../engine/tokens';

export const tokenColumns: Column<TokenInfo>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'NAME', value: (t) => t.name },
  { header: 'USER', value: (t) => t.email },
  { header: 'CREATED', value: (t) => t.createdAt },
  { header: 'LAST USED', value: (t) => t.lastUsedAt },
  { header: 'REVOKED', value: (t) => t.revokedAt },
  { header: 'SCOPE', value: (t) => t.scope },
  { header: 'EXPIRES', value: (t) => t.expiresAt },
];
