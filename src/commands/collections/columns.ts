import type { Column } from '../../output/render';
import type { Collection } from '../../api/resources';

export const collectionColumns: Column<Collection>[] = [
  { header: 'ID', value: (c) => c.id },
  { header: 'TITLE', value: (c) => c.title },
  { header: 'PARENT', value: (c) => c.parent },
  { header: 'DEFAULT LEVEL', value: (c) => c.defaultLevel ?? 'guest' },
  { header: 'CREATED', value: (c) => c.createdAt },
];

export const collectionDetail: Column<Collection>[] = [
  ...collectionColumns,
  { header: 'DESCRIPTION', value: (c) => c.description },
  { header: 'UPDATED', value: (c) => c.updatedAt },
  { header: 'URL', value: (c) => c.urls.app },
];
