import { parse } from 'csv-parse/sync';
import { CliError, EXIT } from '../errors';

export interface UserRow {
  /** Line in the file (1-based), or 0 for a command-line argument. */
  line: number;
  /** User id or e-mail address as written. */
  ref: string;
  /** The role from the file's role column (the first of `roleColumns` the header has), if any. */
  role?: string;
}

/**
 * The columns a team file's role is read from, first found wins: `team_role`, else (as before it had
 * a name of its own) `role`. An `org_role` column (what `members list --format csv` writes) is not one.
 */
export const TEAM_ROLE_COLUMNS = ['team_role', 'role'] as const;
/** The columns an organization-role file's role is read from: `org_role`, else `role`. */
export const ORG_ROLE_COLUMNS = ['org_role', 'role'] as const;

/** Columns naming the user, the e-mail first: it is the same in every organization, an id is not. */
const REF_COLUMNS = ['email', 'e_mail', 'mail', 'user', 'user_id', 'userid', 'id'];

/**
 * A header cell as a column name: lower case, blanks and hyphens as `_`, so the headers docsctl's own
 * CSV writes (`TEAM ROLE`, `ORG ROLE`) read as `team_role` and `org_role`, and `E-Mail` as `e_mail`.
 */
export function columnName(header: string): string {
  return header.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

export interface UserFileOptions {
  /** Where the role comes from (default TEAM_ROLE_COLUMNS). */
  roleColumns?: readonly string[];
}

/**
 * Reads a list of users: either one id or e-mail per line, or a CSV with a header naming an `email`,
 * `user` or `id` column (an e-mail wins when a row has both) and optionally a role column (see
 * `roleColumns`). Blank lines and lines starting with # are ignored; other columns are ignored too, so
 * a CSV that `members list` or `teams members list` wrote reads back as it is.
 */
export function parseUserFile(text: string, name: string, options: UserFileOptions = {}): UserRow[] {
  const records = parse(text, {
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
    comment: '#',
    info: true,
  }) as { record: string[]; info: { lines: number } }[];
  if (!records.length) return [];
  const header = records[0].record.map(columnName);
  const refColumns = REF_COLUMNS.map((c) => header.indexOf(c)).filter((i) => i !== -1);
  const hasHeader = refColumns.length > 0;
  if (!hasHeader && records.some((r) => r.record.length > 1)) {
    throw new CliError(`${name}: a CSV with several columns needs a header with an "email", "user" or "id" column`, EXIT.error);
  }
  const roleColumn = hasHeader ? (options.roleColumns ?? TEAM_ROLE_COLUMNS).map((c) => header.indexOf(c)).find((i) => i !== -1) : undefined;
  const rows: UserRow[] = [];
  for (const { record, info } of hasHeader ? records.slice(1) : records) {
    const ref = (hasHeader ? refColumns.map((i) => record[i]?.trim()).find(Boolean) : record[0]?.trim());
    if (!ref) continue;
    const role = roleColumn !== undefined ? record[roleColumn]?.trim() || undefined : undefined;
    rows.push({ line: info.lines, ref, ...(role ? { role } : {}) });
  }
  return rows;
}
