import { parse } from 'csv-parse/sync';
import { CliError, EXIT } from '../errors';

export interface UserRow {
  /** Line in the file (1-based), or 0 for a command-line argument. */
  line: number;
  /** User id or e-mail address as written. */
  ref: string;
  /** Team role from a `role` column, if any. */
  role?: string;
}

const REF_COLUMNS = ['email', 'e-mail', 'mail', 'user', 'id', 'userid', 'user_id'];

/**
 * Reads a list of users: either one id or e-mail per line, or a CSV with a header naming an `email`,
 * `user` or `id` column (and optionally `role`). Blank lines and lines starting with # are ignored.
 */
export function parseUserFile(text: string, name: string): UserRow[] {
  const records = parse(text, {
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
    comment: '#',
    info: true,
  }) as { record: string[]; info: { lines: number } }[];
  if (!records.length) return [];
  const header = records[0].record.map((h) => h.toLowerCase());
  const refColumn = header.findIndex((h) => REF_COLUMNS.includes(h));
  const hasHeader = refColumn !== -1;
  if (!hasHeader && records.some((r) => r.record.length > 1)) {
    throw new CliError(`${name}: a CSV with several columns needs a header with an "email", "user" or "id" column`, EXIT.error);
  }
  const roleColumn = header.indexOf('role');
  const rows: UserRow[] = [];
  for (const { record, info } of hasHeader ? records.slice(1) : records) {
    const ref = record[hasHeader ? refColumn : 0]?.trim();
    if (!ref) continue;
    const role = hasHeader && roleColumn !== -1 ? record[roleColumn]?.trim() || undefined : undefined;
    rows.push({ line: info.lines, ref, ...(role ? { role } : {}) });
  }
  return rows;
}
