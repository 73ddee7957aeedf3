import type { Column } from '../../output/render';
import { idColumn, statusColumn } from '../../output/column-kinds';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

export type LinkItem = ResultOf<Routes['listSpaceLinks']>['items'][number];
export type Backlink = ResultOf<Routes['listSpaceFileBacklinks']>['items'][number];

/** What a link points at, as a person reads it: a path (with #anchor), a file name, a URL, or an included reusable content's title (its include path when it is missing). */
export function targetOf(reference: LinkItem['targetReference']): string {
  switch (reference.kind) {
    case 'url':
      return reference.url ?? '';
    case 'file':
      return reference.name ?? `/files/${reference.file}`;
    case 'anchor':
      return `${reference.path ?? ''}#${reference.anchor ?? ''}`;
    case 'reusable-content':
      return reference.name ?? `/reusable-contents/${reference.reusableContent ?? ''}`;
    case 'openapi-operation':
      return reference.name ?? '';
    default:
      return reference.path ?? reference.page ?? '';
  }
}

export const linkColumns: Column<LinkItem>[] = [
  statusColumn((i) => i.status),
  { header: 'KIND', value: (i) => i.targetReference.kind },
  { header: 'TARGET', value: (i) => targetOf(i.targetReference), priority: 1 },
  { header: 'LINKED FROM', value: (i) => i.locationReferences.map((l) => l.path).join(', ') },
];

export const backlinkColumns: Column<Backlink>[] = [
  idColumn((b) => b.page, 'PAGE'),
  { header: 'PATH', value: (b) => b.path, priority: 1 },
  { header: 'TITLE', value: (b) => b.title, priority: 1 },
];
