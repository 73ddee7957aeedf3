import type { Column } from '../../output/render';
import type { AuditRecord } from '../../api/resources';

/** The ids a write was about, as `name=id` pairs. */
const targetsOf = (r: AuditRecord) => Object.entries(r.targets).map(([name, id]) => `${name.replace(/Id$/, '')}=${id}`).join(' ');
/** What the body held: field names, and list lengths (`changes:12`). */
const summaryOf = (r: AuditRecord) => [...r.summary.fields.filter((f) => !(f in r.summary.counts)), ...Object.entries(r.summary.counts).map(([k, n]) => `${k}:${n}`)].join(' ');

export const auditColumns: Column<AuditRecord>[] = [
  { header: 'TIME', value: (r) => r.createdAt },
  { header: 'ACTOR', value: (r) => r.actor.user },
  { header: 'ACTION', value: (r) => r.action },
  { header: 'TARGETS', value: targetsOf },
  { header: 'SUMMARY', value: summaryOf },
  { header: 'STATUS', value: (r) => r.status },
  { header: 'REQUEST', value: (r) => r.requestId },
];
