import type { Column } from '../../output/render';
import { idColumn, timeColumn } from '../../output/column-kinds';
import type { ResultOf } from '../../api/routes/route';
import type { routes } from '../../api/routes/index';

export type Translation = ResultOf<typeof routes.getTranslationById>;

export const translationColumns: Column<Translation>[] = [
  idColumn((t) => t.id),
  { header: 'TITLE', value: (t) => t.title, priority: 1 },
  { header: 'LANGUAGES', value: (t) => t.languages.join(', ') },
  timeColumn('UPDATED', (t) => t.updatedAt, 2),
];

export const translationDetail: Column<Translation>[] = [...translationColumns, timeColumn('CREATED', (t) => t.createdAt)];
