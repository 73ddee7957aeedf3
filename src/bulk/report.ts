import type { Output } from '../output/output';
import type { Column } from '../output/render';
import { statusColumn } from '../output/column-kinds';
import type { ReportRow } from './plan';

const columns: Column<ReportRow>[] = [
  { header: 'LINE', value: (r) => (r.line ? r.line : '') },
  { header: 'USER', value: (r) => r.user, priority: 1 },
  { header: 'EMAIL', value: (r) => r.email, priority: 3 },
  { header: 'TEAM', value: (r) => r.team, priority: 1 },
  { header: 'ACTION', value: (r) => r.action, priority: 1 },
  statusColumn((r) => r.status),
  { header: 'DETAIL', value: (r) => r.detail, overflow: 'line' },
];

/**
 * A table leaves out LINE when no row came from a file's line (users given as arguments) and TEAM when no
 * row is about a team (organization roles, invites): empty, they would take the room of the detail, and
 * a detail below its row would look like a row of its own. TSV and CSV keep every column.
 */
const tableColumns = (rows: ReportRow[]) => columns.filter((c) => (c.header !== 'LINE' || rows.some((r) => r.line)) && (c.header !== 'TEAM' || rows.some((r) => r.team)));

/** Prints the per-row report (JSON: `{ applied, rows }`) and a summary line on stderr. */
export async function printReport(out: Output, rows: ReportRow[], applied: boolean): Promise<void> {
  if (out.json) out.raw({ applied, rows });
  else await out.list(rows, out.tty ? tableColumns(rows) : columns);
  const count = (status: ReportRow['status']) => rows.filter((r) => r.status === status).length;
  const changes = count('ok');
  const invites = rows.filter((r) => r.action === 'invite' && r.status === 'ok').length;
  const invited = invites ? ` (${invites} ${applied ? 'invited' : 'to invite'} to the organization)` : '';
  out.message(
    `${applied ? 'Applied' : 'Planned'}: ${changes} change${changes === 1 ? '' : 's'}${invited}, ${count('skipped')} unchanged or skipped, ${count('error')} error${count('error') === 1 ? '' : 's'}.` +
      (applied || !changes ? '' : ' Nothing was applied.'),
  );
}
