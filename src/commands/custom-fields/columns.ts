import type { Column } from '../../output/render';
import { idColumn, timeColumn } from '../../output/column-kinds';
import type { CustomField } from '../../api/resources';

export const customFieldColumns: Column<CustomField>[] = [
  { header: 'NAME', value: (f) => f.name, priority: 1, whole: true },
  { header: 'TYPE', value: (f) => f.type },
  { header: 'TITLE', value: (f) => f.title, priority: 1 },
  { header: 'OPTIONS', value: (f) => f.options.join(', '), priority: 3 },
];

export const customFieldDetail: Column<CustomField>[] = [
  ...customFieldColumns,
  { header: 'DESCRIPTION', value: (f) => f.description },
  { header: 'PLACEHOLDER', value: (f) => f.placeholder },
  idColumn((f) => f.id),
  timeColumn('CREATED', (f) => f.createdAt),
  timeColumn('UPDATED', (f) => f.updatedAt),
];
