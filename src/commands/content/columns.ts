import type { Column } from '../../output/render';
import { idColumn } from '../../output/column-kinds';
import type { ContentFile } from '../../api/resources';

export const fileColumns: Column<ContentFile>[] = [
  idColumn((f) => f.id),
  { header: 'NAME', value: (f) => f.name, priority: 1 },
  { header: 'TYPE', value: (f) => f.contentType },
  { header: 'SIZE', value: (f) => f.size },
  { header: 'DIMENSIONS', priority: 3, value: (f) => (f.dimensions ? `${f.dimensions.width}x${f.dimensions.height}` : '') },
];
