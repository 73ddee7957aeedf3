import type { Column } from '../../output/render';
import { idColumn } from '../../output/column-kinds';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

export type SiteSection = ResultOf<Routes['addSiteSection']>;

export const sectionColumns: Column<SiteSection>[] = [
  idColumn((s) => s.id),
  { header: 'TITLE', value: (s) => s.title, priority: 1 },
  { header: 'PATH', value: (s) => s.path, priority: 1 },
  { header: 'DEFAULT', value: (s) => Boolean(s.default) },
  { header: 'GROUP', value: (s) => s.sectionGroup, priority: 3, whole: true },
  { header: 'SPACES', value: (s) => s.siteSpaces.length, priority: 3 },
  { header: 'CONDITION', value: (s) => s.condition, priority: 3 },
];

export const sectionDetail: Column<SiteSection>[] = [
  ...sectionColumns,
  { header: 'DESCRIPTION', value: (s) => s.description },
  { header: 'ICON', value: (s) => s.icon },
  { header: 'SITE SPACES', value: (s) => s.siteSpaces.map((ss) => `${ss.title} (${ss.id})${ss.default ? ' default' : ''}`).join(', ') },
  { header: 'URL', value: (s) => s.urls.published },
];
