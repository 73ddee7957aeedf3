import type { Column } from '../../output/render';
import type { ResultOf } from '../../api/routes/route';
import type { routes } from '../../api/routes/index';

export type Spec = ResultOf<typeof routes.getOpenAPISpecBySlug>;
export type SpecVersion = ResultOf<typeof routes.getOpenAPISpecVersionById>;

export const specColumns: Column<Spec>[] = [
  { header: 'SLUG', value: (s) => s.slug },
  { header: 'STATE', value: (s) => s.processingState },
  { header: 'ERROR', value: (s) => s.lastProcessErrorCode },
  { header: 'LAST VERSION', value: (s) => s.lastVersion },
  { header: 'PROCESSED', value: (s) => s.lastProcessedAt },
  { header: 'SOURCE URL', value: (s) => s.sourceURL },
];

export const specDetail: Column<Spec>[] = [
  { header: 'ID', value: (s) => s.id },
  ...specColumns,
  { header: 'ERROR MESSAGE', value: (s) => s.lastProcessError },
  { header: 'CREATED', value: (s) => s.createdAt },
  { header: 'UPDATED', value: (s) => s.updatedAt },
  { header: 'URL', value: (s) => s.urls.app },
];

export const versionColumns: Column<SpecVersion>[] = [
  { header: 'ID', value: (v) => v.id },
  { header: 'NUMBER', value: (v) => v.number },
  { header: 'TITLE', value: (v) => v.title },
  { header: 'API VERSION', value: (v) => v.apiVersion },
  { header: 'CREATED', value: (v) => v.createdAt },
];
