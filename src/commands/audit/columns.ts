import { shown, type Column, type View } from '../../output/render';
import { displayWidth, truncate } from '../../output/display-width';
import { GAP } from '../../output/fit';
import { naturalWidth } from '../../output/table';
import { idColumn, timeColumn } from '../../output/column-kinds';
import type { AuditRecord } from '../../api/resources';
import { actorOf, phraseOf } from './phrases';

/** The ids a write was about, as `name=id` pairs (`organization` left out where it says nothing new). */
const targetsOf = (r: AuditRecord, all = true) =>
  Object.entries(r.targets)
    .filter(([name]) => all || name !== 'organizationId')
    .map(([name, id]) => `${name.replace(/Id$/, '')}=${id}`)
    .join(' ');
/** What the body held: field names, and list lengths (`changes:12`). */
const summaryOf = (r: AuditRecord) => [...r.summary.fields.filter((f) => !(f in r.summary.counts)), ...Object.entries(r.summary.counts).map(([k, n]) => `${k}:${n}`)].join(' ');
/** The targets' titles as they were then, as `name="title"` pairs (the title in JSON quotes). */
const titlesOf = (r: AuditRecord) =>
  (r.targetDetails ?? []).filter((d) => d.title !== undefined).map((d) => `${d.name.replace(/Id$/, '')}=${JSON.stringify(d.title)}`).join(' ');

/** The narrowest the actor gets when the line is short: a name and the start of an e-mail. */
const ACTOR_MIN = 24;

/**
 * The actor in at most `width` columns: whole when it fits, else the e-mail's end gives way inside its
 * brackets (`Grace Hopper <grace.hop…>`), else the name is cut.
 */
export function actorIn(r: AuditRecord, width: number): string {
  const whole = actorOf(r);
  if (displayWidth(whole) <= width || !r.actorUser || !whole.endsWith('>')) return truncate(whole, width);
  const name = r.actorUser.displayName;
  const room = width - displayWidth(name) - 3; // ' <' and '>'
  return room >= 4 ? `${name} <${truncate(r.actorUser.email, room)}>` : truncate(name, width);
}

const time = timeColumn<AuditRecord>('TIME', (r) => r.createdAt, 1);
const actor = (width: number): Column<AuditRecord> => ({ header: 'ACTOR', value: (r) => r.actor.user, show: (r) => actorIn(r, width), priority: 1, whole: true });
const action: Column<AuditRecord> = { header: 'ACTION', value: (r) => r.action, show: phraseOf, priority: 1, overflow: 'wrap' };
const asides: Column<AuditRecord>[] = [
  { header: 'TARGETS', value: (r) => targetsOf(r), show: (r) => targetsOf(r, false), priority: 3, whole: true, overflow: 'line' },
  { header: 'TOKEN', value: (r) => r.actor.tokenName ?? r.actor.token, priority: 3 },
];

/**
 * On a terminal, a record reads as a line of a story: when, who (`Grace Hopper <grace@example.com>`,
 * as they were then) and what (`deleted space "Employee handbook"`, phrases.ts). Short of room, the
 * actor's e-mail gives way first (down to ACTOR_MIN), then the action wraps onto the lines below;
 * neither is dropped or cut. Then the ids it was about (whole, to paste): beside the story where it
 * fits whole beside them, else on a line of their own below the record, indented; and the token's name
 * where there is room. `hidden` names the columns left out for want of room (not those with nothing to
 * show).
 */
export function auditTableColumns(rows: AuditRecord[], view: View & { width: number }): { columns: Column<AuditRecord>[]; hidden: string[] } {
  const widthOf = (c: Column<AuditRecord>) => naturalWidth(c, rows, view);
  const [timeWidth, actorWidth, actionWidth] = [time, actor(Infinity), action].map(widthOf);
  const room = view.width - timeWidth - 2 * GAP;
  const actorFits = actorWidth + actionWidth <= room ? actorWidth : Math.max(Math.min(actorWidth, ACTOR_MIN), room - actionWidth);
  const columns = [time, actor(actorFits), action];
  const hidden: string[] = [];
  let used = timeWidth + actorWidth + actionWidth + 2 * GAP;
  for (const aside of asides) {
    if (rows.every((r) => shown(aside, r, view) === '')) continue;
    const width = widthOf(aside);
    if (used + GAP + width > view.width) {
      // The targets go below the record (the table moves a `line` column's cells there); the rest is left out.
      if (aside.overflow === 'line') columns.push(aside);
      else hidden.push(aside.header);
      continue;
    }
    columns.push(aside);
    used += GAP + width;
  }
  return { columns, hidden };
}

/**
 * TSV and CSV: the ids and the operation id, in the columns scripts have always read, then the names as
 * they were then (empty on records written before docsctl kept them) and the action in words.
 */
export const auditColumns: Column<AuditRecord>[] = [
  timeColumn('TIME', (r) => r.createdAt, 2),
  { header: 'ACTOR', value: (r) => r.actor.user, priority: 1 },
  { header: 'ACTION', value: (r) => r.action, priority: 1 },
  { header: 'TARGETS', value: (r) => targetsOf(r) },
  { header: 'SUMMARY', value: summaryOf, priority: 3 },
  { header: 'STATUS', value: (r) => r.status },
  { ...idColumn((r) => r.requestId, 'REQUEST'), priority: 3 },
  { header: 'ACTOR NAME', value: (r) => r.actorUser?.displayName },
  { header: 'ACTOR EMAIL', value: (r) => r.actorUser?.email },
  { header: 'TOKEN NAME', value: (r) => r.actor.tokenName },
  { header: 'TARGET TITLES', value: titlesOf },
  { header: 'DESCRIPTION', value: phraseOf },
];
