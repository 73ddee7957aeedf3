import type { Column } from '../../output/render';
import { idColumn } from '../../output/column-kinds';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

export type SiteSectionGroup = ResultOf<Routes['createSiteSectionGroup']>;

export const groupColumns: Column<SiteSectionGroup>[] = [
  idColumn((g) => g.id),
  { header: 'TITLE', value: (g) => g.title, priority: 1 },
  { header: 'ICON', value: (g) => g.icon, priority: 3 },
  { header: 'SECTIONS', value: (g) => g.sections.map((s) => `${s.title} (${s.id})`).join(', '), overflow: 'wrap' },
];
