import type { Column } from '../../output/render';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

export type SiteSection = ResultOf<Routes['addSiteSection']>;

export const sectionColumns: Column<SiteSection>[] = [
  { header: 'ID', value: (s) => s.id },
  { header: 'TITLE', value: (s) => s.title },
  { header: 'PATH', value: (s) => s.path },
  { header: 'DEFAULT', value: (s) => Boolean(s.default) },
  { header: 'GROUP', value: (s) => s.sectionGroup },
  { header: 'SPACES', value: (s) => s.siteSpaces.length },
  { header: 'CONDITION', value: (s) => s.condition },
];

export const sectionDetail: Column<SiteSection>[] = [
  ...sectionColumns,
  { header: 'DESCRIPTION', value: (s) => s.description },
  { header: 'ICON', value: (s) => s.icon },
  { header: 'SITE SPACES', value: (s) => s.siteSpaces.map((ss) => `${ss.title} (${ss.id})${ss.default ? ' default' : ''}`).join(', ') },
  { header: 'URL', value: (s) => s.urls.published },
];
