import type { Context } from '../../context';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';
import type { Tone } from '../../output/palette';
import { displayWidth } from '../../output/display-width';

export type ContentDiff = ResultOf<Routes['getRevisionDiff']>;

type Attribute = { before?: unknown; after?: unknown };

/** An attribute's change, as a person reads it: `title "A" → "Alpha"`. */
const attributeText = (name: string, a: Attribute) => `${name} ${a.before === undefined ? '(none)' : JSON.stringify(a.before)} → ${a.after === undefined ? '(none)' : JSON.stringify(a.after)}`;

/**
 * `content diff` and `cr diff` on a terminal or piped (--json prints the API's answer): one line per page
 * added, removed, moved or changed (and per file and reusable content), then the unified diff of each
 * changed page's markdown, as `git diff` prints it (coloured on a terminal). Answers whether anything differs.
 */
export function printContentDiff(ctx: Context, diff: ContentDiff): boolean {
  const paint = ctx.out.paint;
  const rows: ChangeRow[] = [];
  const { pages, files, reusableContents: reusables } = diff;
  for (const p of pages.added) rows.push(['added', 'good', p.path, p.title, '']);
  for (const p of pages.removed) rows.push(['removed', 'bad', p.path, p.title, '']);
  for (const p of pages.moved) rows.push(['moved', 'warn', `${p.from.path} → ${p.to.path}`, p.title, `position ${p.from.position + 1} → ${p.to.position + 1}`]);
  for (const p of pages.changed) {
    const notes = [
      ...(p.lines ? [`+${p.lines.added} -${p.lines.removed}`] : []),
      ...Object.entries(p.attributes).map(([name, a]) => attributeText(name, a)),
      ...(p.omitted ? [p.omitted] : []),
    ];
    rows.push(['changed', undefined, p.path, p.title, notes.join(', ')]);
  }
  for (const f of files.added) rows.push(['file added', 'good', f.git?.path ?? f.name, f.id, `${f.size} bytes`]);
  for (const f of files.removed) rows.push(['file removed', 'bad', f.git?.path ?? f.name, f.id, `${f.size} bytes`]);
  for (const f of files.changed) rows.push(['file changed', undefined, f.git?.path ?? f.name, f.id, `${f.size} bytes`]);
  for (const r of reusables.added) rows.push(['include added', 'good', r.title, r.id, '']);
  for (const r of reusables.removed) rows.push(['include removed', 'bad', r.title, r.id, '']);
  for (const r of reusables.changed) rows.push(['include changed', undefined, r.title, r.id, [...(r.lines ? [`+${r.lines.added} -${r.lines.removed}`] : []), ...(r.omitted ? [r.omitted] : [])].join(', ')]);
  if (!rows.length) return false;
  printChangeRows(ctx, rows);

  const diffs = [...pages.changed, ...reusables.changed].filter((p) => p.diff).map((p) => p.diff!);
  for (const text of diffs) {
    ctx.out.text('');
    ctx.out.text(text.replace(/\n$/, '').split('\n').map((line) => {
      if (line.startsWith('--- ') || line.startsWith('+++ ')) return paint(line, 'strong');
      if (line.startsWith('@@')) return paint(line, 'done');
      if (line.startsWith('+')) return paint(line, 'good');
      if (line.startsWith('-')) return paint(line, 'bad');
      return line;
    }).join('\n'));
  }
  for (const p of [...pages.changed, ...reusables.changed]) if (p.note) ctx.out.message(`${'path' in p ? p.path : p.title}: ${p.note}`);
  if (diff.truncated) ctx.out.message(diff.truncated);
  return true;
}

/** One line of a list of changes: what happened (in a tone), where, the title, and notes. */
export type ChangeRow = [kind: string, tone: Tone | undefined, where: string, title: string, notes: string];

/**
 * Lines of changes, aligned (`content diff`, `cr diff`, `content push --dry-run`): the same lines on a
 * terminal and piped, coloured only where colour is on.
 */
export function printChangeRows(ctx: Context, rows: ChangeRow[]): void {
  if (!rows.length) return;
  const paint = ctx.out.paint;
  const width = (i: 0 | 2 | 3) => Math.max(...rows.map((r) => displayWidth(r[i])));
  const [kindWidth, whereWidth, titleWidth] = [width(0), width(2), width(3)];
  const pad = (text: string, to: number) => text + ' '.repeat(Math.max(0, to - displayWidth(text)));
  const lines = rows.map(([kind, tone, where, title, notes]) =>
    `${paint(pad(kind, kindWidth), tone)}  ${pad(where, whereWidth)}  ${notes ? `${pad(title, titleWidth)}  ${notes}` : title}`.trimEnd());
  ctx.out.text(lines.join('\n'));
}
