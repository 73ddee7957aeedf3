import type { Column } from '../../output/render';
import type { ResultOf } from '../../api/routes/route';
import type { routes } from '../../api/routes/index';

export type Translation = ResultOf<typeof routes.getTranslationById>;

export const translationColumns: Column<Translation>[] = [
  { header: 'ID', value: (t) => t.id },
  { header: 'TITLE', value: (t) => t.title },
  { header: 'LANGUAGES', value: (t) => t.languages.join(', ') },
  { header: 'UPDATED', value: (t) => t.updatedAt },
];

export const translationDetail: Column<Translation>[] = [...translationColumns, { header: 'CREATED', value: (t) => t.createdAt }];
