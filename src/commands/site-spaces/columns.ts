import type { Column } from '../../output/render';
import { idColumn } from '../../output/column-kinds';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

export type SiteSpace = ResultOf<Routes['addSiteSpace']>;

export const siteSpaceColumns: Column<SiteSpace>[] = [
  idColumn((s) => s.id),
  { header: 'SPACE', value: (s) => s.title, priority: 1 },
  { header: 'PATH', value: (s) => s.path, priority: 1 },
  { header: 'SECTION', value: (s) => s.section, whole: true },
  { header: 'DEFAULT', value: (s) => Boolean(s.default) },
  { header: 'CONDITION', value: (s) => s.condition, priority: 3 },
];

export const siteSpaceDetail: Column<SiteSpace>[] = [
  ...siteSpaceColumns,
  idColumn((s) => s.space.id, 'SPACE ID'),
  { header: 'URL', value: (s) => s.urls.published },
];
