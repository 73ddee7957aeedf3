import type { PlannedFile, PlannedInclude, PlannedPage } from '../../content-tree/push';
import type { ChangeRow } from '../shared/content-diff';

/** What `content push --dry-run --json` lists beside the counts (docs/cli.md, "What a dry run lists"). */
export interface PushListing {
  pages: PlannedPage[];
  files: PlannedFile[];
  includes: PlannedInclude[];
}

const PAGE_ORDER: PlannedPage['change'][] = ['added', 'changed', 'moved', 'deleted'];

const quoted = (title: string) => JSON.stringify(title);
const where = (p: { path: string; from?: string }) => (p.from !== undefined ? `${p.from} → ${p.path}` : p.path);
const positionText = (p: PlannedPage) => (p.position ? `position ${p.position.from + 1} → ${p.position.to + 1}` : '');

/** What an update does to a page, as a person reads it: `content, title "A" → "B", position 2 → 3`. */
function pageNotes(p: PlannedPage): string {
  return [
    ...(p.content ? ['content'] : []),
    ...(p.titleBefore !== undefined ? [`title ${quoted(p.titleBefore)} → ${quoted(p.title)}`] : []),
    ...(p.file ? [`file ${p.file.from ?? '(none)'} → ${p.file.to ?? '(none)'}`] : []),
    ...(p.position ? [positionText(p)] : []),
  ].join(', ');
}

/**
 * The lines `content push --dry-run` prints, one per page, file and included file the push adds,
 * changes, moves or deletes (pages by kind of change, each kind in the tree's order), in the layout
 * of `content diff`.
 */
export function listingRows(listing: PushListing): ChangeRow[] {
  const rows: ChangeRow[] = [];
  for (const kind of PAGE_ORDER) {
    for (const p of listing.pages.filter((page) => page.change === kind)) {
      if (kind === 'added') rows.push(['added', 'good', p.path, p.title, p.type === 'document' ? '' : `${p.type} page`]);
      else if (kind === 'changed') rows.push(['changed', undefined, where(p), p.title, pageNotes(p)]);
      else if (kind === 'moved') rows.push(['moved', 'warn', where(p), p.title, positionText(p)]);
      else rows.push(['deleted', 'bad', p.path, p.title, p.deletedWith !== undefined ? `with ${p.deletedWith}` : '']);
    }
  }
  for (const f of listing.files) {
    if (f.change === 'added') rows.push(['file added', 'good', f.path, '', `${f.size} bytes`]);
    else if (f.change === 'changed') rows.push(['file changed', undefined, f.path, '', `${f.size} bytes`]);
    else rows.push(['file deleted', 'bad', f.path, '', '']);
  }
  for (const r of listing.includes) {
    if (r.change === 'added') rows.push(['include added', 'good', r.path, r.title, '']);
    else if (r.change === 'changed') rows.push(['include changed', undefined, r.path, r.title, r.titleBefore !== undefined ? `title ${quoted(r.titleBefore)} → ${quoted(r.title)}` : '']);
    else rows.push(['include deleted', 'bad', r.path, r.title, '']);
  }
  return rows;
}
