import type { MemberDirectory } from './directory';
import type { ReportRow } from './plan';
import type { UserRow } from './user-file';
import { isEmailAddress } from '../domain/email';

/** Most e-mails `POST …/invites` takes in one request. */
export const MAX_EMAIL_INVITES = 1000;

/**
 * What `invites email` would do to each row: invite someone not in the organization (as `role`, the
 * role's name or `guest`), leave a member with their role, or refuse what is not an e-mail address.
 */
export function planEmailInvites(rows: UserRow[], directory: MemberDirectory, role: string): { rows: ReportRow[]; emails: string[] } {
  const report: ReportRow[] = [];
  const emails: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const at = (action: ReportRow['action'], status: ReportRow['status'], detail: string, email?: string) =>
      report.push({ line: row.line, user: row.ref, email, action, status, detail });
    if (!isEmailAddress(row.ref)) {
      at('invite', 'error', 'not an e-mail address');
      continue;
    }
    const key = row.ref.toLowerCase();
    if (seen.has(key)) {
      at('skip', 'skipped', 'listed twice; first line wins', row.ref);
      continue;
    }
    seen.add(key);
    emails.push(row.ref);
    const member = directory.find(row.ref);
    if (member) at('unchanged', 'skipped', `already a member (${member.role ?? 'guest'}); keeps that role`, member.user.email);
    else at('invite', 'ok', `invite as ${role}`, row.ref);
  }
  return { rows: report, emails };
}
