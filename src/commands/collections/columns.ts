import type { Column } from '../../output/render';
import { idColumn, roleColumn, timeColumn } from '../../output/column-kinds';
import type { Collection } from '../../api/resources';

export const collectionColumns: Column<Collection>[] = [
  idColumn((c) => c.id),
  { header: 'TITLE', value: (c) => c.title, priority: 1 },
  { header: 'PARENT', value: (c) => c.parent, whole: true },
  { ...roleColumn((c) => c.defaultLevel, 'DEFAULT LEVEL'), priority: 3 },
  timeColumn('CREATED', (c) => c.createdAt),
];

export const collectionDetail: Column<Collection>[] = [
  ...collectionColumns,
  { header: 'DESCRIPTION', value: (c) => c.description },
  timeColumn('UPDATED', (c) => c.updatedAt),
  { header: 'URL', value: (c) => c.urls.app },
];
