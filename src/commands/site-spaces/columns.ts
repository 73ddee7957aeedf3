import type { Column } from '../../output/render';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

export type SiteSpace = ResultOf<Routes['addSiteSpace']>;

export const siteSpaceColumns: Column<SiteSpace>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'SPACE', value: (s) => s.title },
  { header: 'PATH', value: (s) => s.path },
  { header: 'SECTION', value: (s) => s.section },
  { header: 'DEFAULT', value: (s) => Boolean(s.default) },
  { header: 'CONDITION', value: (s) => s.condition },
];

export const siteSpaceDetail: Column<SiteSpace>[] = [
  ...siteSpaceColumns,
  { header: 'SPACE ID', value: (s) => s.space.id },
  { header: 'URL', value: (s) => s.urls.published },
];
