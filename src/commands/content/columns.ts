import type { Column } from '../../output/render';
import type { ContentFile } from '../../api/resources';

export const fileColumns: Column<ContentFile>[] = [
  { header: 'ID', value: (f) => f.id },
  { header: 'NAME', value: (f) => f.name },
  { header: 'TYPE', value: (f) => f.contentType },
  { header: 'SIZE', value: (f) => f.size },
  { header: 'DIMENSIONS', value: (f) => (f.dimensions ? `${f.dimensions.width}x${f.dimensions.height}` : '') },
];
