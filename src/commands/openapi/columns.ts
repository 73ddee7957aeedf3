import type { Column } from '../../output/render';
import { idColumn, statusColumn, timeColumn } from '../../output/column-kinds';
import type { ResultOf } from '../../api/routes/route';
import type { routes } from '../../api/routes/index';

export type Spec = ResultOf<typeof routes.getOpenAPISpecBySlug>;
export type SpecVersion = ResultOf<typeof routes.getOpenAPISpecVersionById>;

export const specColumns: Column<Spec>[] = [
  { header: 'SLUG', value: (s) => s.slug, priority: 1, whole: true },
  statusColumn((s) => s.processingState, 'STATE'),
  { header: 'ERROR', value: (s) => s.lastProcessErrorCode },
  { header: 'LAST VERSION', value: (s) => s.lastVersion, whole: true },
  timeColumn('PROCESSED', (s) => s.lastProcessedAt, 2),
  { header: 'SOURCE URL', value: (s) => s.sourceURL, priority: 3 },
];

export const specDetail: Column<Spec>[] = [
  idColumn((s) => s.id),
  ...specColumns,
  { header: 'ERROR MESSAGE', value: (s) => s.lastProcessError },
  timeColumn('CREATED', (s) => s.createdAt),
  timeColumn('UPDATED', (s) => s.updatedAt),
  { header: 'URL', value: (s) => s.urls.app },
];

export const versionColumns: Column<SpecVersion>[] = [
  idColumn((v) => v.id),
  { header: 'NUMBER', value: (v) => v.number, priority: 1 },
  { header: 'TITLE', value: (v) => v.title, priority: 1 },
  { header: 'API VERSION', value: (v) => v.apiVersion },
  timeColumn('CREATED', (v) => v.createdAt, 2),
];
