import type { Column } from '../../output/render';
import { idColumn } from '../../output/column-kinds';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

/** One way to sign in, as `sso list` shows it. */
export type SsoOption = ResultOf<Routes['getOrganizationSsoLoginInfo']>['items'][number];

export const ssoOptionColumns: Column<SsoOption>[] = [
  idColumn((i) => i.id),
  { header: 'LABEL', value: (i) => i.label, priority: 1 },
  { header: 'START URL', value: (i) => i.startURL, whole: true, overflow: 'line' },
];
