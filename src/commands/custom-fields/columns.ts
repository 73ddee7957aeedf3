import type { Column } from '../../output/render';
import type { CustomField } from '../../api/resources';

export const customFieldColumns: Column<CustomField>[] = [
  { header: 'NAME', value: (f) => f.name },
  { header: 'TYPE', value: (f) => f.type },
  { header: 'TITLE', value: (f) => f.title },
  { header: 'OPTIONS', value: (f) => f.options.join(', ') },
];

export const customFieldDetail: Column<CustomField>[] = [
  ...customFieldColumns,
  { header: 'DESCRIPTION', value: (f) => f.description },
  { header: 'PLACEHOLDER', value: (f) => f.placeholder },
  { header: 'ID', value: (f) => f.id },
  { header: 'CREATED', value: (f) => f.createdAt },
  { header: 'UPDATED', value: (f) => f.updatedAt },
];
