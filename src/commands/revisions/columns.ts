import type { Column } from '../../output/render';
import { idColumn, timeColumn } from '../../output/column-kinds';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

export type RevisionSummary = ResultOf<Routes['listSpaceRevisions']>['items'][number];
export type DeletedPage = ResultOf<Routes['listSpaceDeletedPages']>['items'][number];

type Person = { displayName: string; email: string } | undefined;

/** A person as a table shows them: their name, or their e-mail when they have none (TSV and JSON keep the e-mail). */
export const personOf = (user: Person): string => (!user ? '' : user.displayName || user.email);

/** What a history entry was: the change request it merged, or a change of the content made otherwise. */
export function changeOf(r: RevisionSummary): string {
  if (r.changeRequest) return `#${r.changeRequest.number} ${r.changeRequest.subject || '(no subject)'}`;
  if (!r.parents.length) return '(first revision)';
  return '(live edit)';
}

/** Pages added, changed and removed: `+2 ~1 -0`. */
export const countsOf = (p: { added: number; changed: number; removed: number }) => `+${p.added} ~${p.changed} -${p.removed}`;

/** `revisions list`: when, who, what (the change request), how much; the revision's id to paste into `content diff` or `restore`. */
export const revisionColumns: Column<RevisionSummary>[] = [
  idColumn((r) => r.id, 'REVISION'),
  timeColumn('WHEN', (r) => r.createdAt, 1),
  { header: 'BY', value: (r) => r.createdBy?.email ?? '', show: (r) => personOf(r.createdBy), priority: 2 },
  { header: 'CHANGE', value: changeOf, priority: 2 },
  { header: 'PAGES', value: (r) => countsOf(r.pages), priority: 1, whole: true },
];

/** `content deleted`: the page, when and by whom, and the revision to restore it from. */
export const deletedPageColumns: Column<DeletedPage>[] = [
  idColumn((d) => d.page.id, 'PAGE'),
  { header: 'TITLE', value: (d) => d.page.title, priority: 1 },
  { header: 'PATH', value: (d) => d.page.path, priority: 3, overflow: 'wrap' },
  timeColumn('DELETED', (d) => d.deletedAt, 1),
  { header: 'BY', value: (d) => d.deletedBy?.email ?? '', show: (d) => personOf(d.deletedBy), priority: 2 },
  { header: 'CHANGE', value: (d) => (d.changeRequest ? `#${d.changeRequest.number} ${d.changeRequest.subject}` : ''), priority: 3 },
  idColumn((d) => d.lastRevision, 'RESTORE FROM'),
];
