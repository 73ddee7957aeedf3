import type { Column } from '../../output/render';
import { idColumn, timeColumn } from '../../output/column-kinds';
import type { AuditRecord } from '../../api/resources';

/** The ids a write was about, as `name=id` pairs. */
const targetsOf = (r: AuditRecord) => Object.entries(r.targets).map(([name, id]) => `${name.replace(/Id$/, '')}=${id}`).join(' ');
/** What the body held: field names, and list lengths (`changes:12`). */
const summaryOf = (r: AuditRecord) => [...r.summary.fields.filter((f) => !(f in r.summary.counts)), ...Object.entries(r.summary.counts).map(([k, n]) => `${k}:${n}`)].join(' ');

export const auditColumns: Column<AuditRecord>[] = [
  timeColumn('TIME', (r) => r.createdAt, 2),
  { header: 'ACTOR', value: (r) => r.actor.user, priority: 1 },
  { header: 'ACTION', value: (r) => r.action, priority: 1 },
  { header: 'TARGETS', value: targetsOf },
  { header: 'SUMMARY', value: summaryOf, priority: 3 },
  { header: 'STATUS', value: (r) => r.status },
  { ...idColumn((r) => r.requestId, 'REQUEST'), priority: 3 },
];
