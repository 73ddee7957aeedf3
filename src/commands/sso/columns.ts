import type { Column } from '../../output/render';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

/** One way to sign in, as `sso list` shows it. */
export type SsoOption = ResultOf<Routes['getOrganizationSsoLoginInfo']>['items'][number];

export const ssoOptionColumns: Column<SsoOption>[] = [
  { header: 'ID', value: (i) => i.id },
  { header: 'LABEL', value: (i) => i.label },
  { header: 'START URL', value: (i) => i.startURL },
];
