import { CliError, EXIT } from '../errors';
import { ORG_ROLE_COLUMNS, parseUserFile, type UserRow } from './user-file';
import { parseSyncFile } from './sync-file';

/** A YAML or JSON file by its name, or (standard input) by its first line that says something. */
function isYaml(text: string, name: string): boolean {
  if (/\.(ya?ml|json)$/i.test(name)) return true;
  if (name !== '-') return false;
  const first = text.split(/\r?\n/).find((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  return first !== undefined && /^\s*(members\s*:|\{)/.test(first);
}

/**
 * The file of `members update --file`: a CSV (or one id or e-mail a line) whose role column is
 * `org_role` (what `members list --format csv` writes) or `role`; or a YAML/JSON file with the
 * `members:` list of a sync file (`- { user: ada@acme.com, role: edit }`).
 */
export function parseRoleFile(text: string, name: string): UserRow[] {
  if (!isYaml(text, name)) return parseUserFile(text, name, { roleColumns: ORG_ROLE_COLUMNS });
  const spec = parseSyncFile(text, name);
  if (spec.teams?.length) {
    throw new CliError(`${name}: members update reads only the members list; teams: is for docsctl teams sync -f ${name}`, EXIT.usage);
  }
  return (spec.members ?? []).map((entry, i) => ({ line: spec.lines?.members[i] ?? i + 1, ref: entry.user, role: entry.role ?? 'guest' }));
}
