import type { Column } from '../../output/render';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

export type SiteSectionGroup = ResultOf<Routes['createSiteSectionGroup']>;

export const groupColumns: Column<SiteSectionGroup>[] = [
  { header: 'ID', value: (g) => g.id },
  { header: 'TITLE', value: (g) => g.title },
  { header: 'ICON', value: (g) => g.icon },
  { header: 'SECTIONS', value: (g) => g.sections.map((s) => `${s.title} (${s.id})`).join(', ') },
];
