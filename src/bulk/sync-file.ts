import * as z from 'zod/mini';
import { parse } from 'yaml';
import { ROLES } from '../engine/roles';
import { formatIssues } from '../api/format-issues';
import { CliError } from '../errors';

const UserRef = z.string().check(z.minLength(1), z.maxLength(320));
const TeamMember = z.union([UserRef, z.strictObject({ user: UserRef, role: z.optional(z.enum(['owner', 'member'])) })]);

export const SyncFile = z.strictObject({
  /** Organization roles to enforce for listed members (unlisted members are left alone). */
  members: z.optional(
    z.array(z.strictObject({ user: UserRef, role: z.nullable(z.enum([...ROLES, 'guest'])) })),
  ),
  /** Teams whose membership is made exactly what is listed. Missing teams are created. */
  teams: z.optional(
    z.array(z.strictObject({ title: z.string().check(z.minLength(1), z.maxLength(64)), members: z.array(TeamMember) })),
  ),
});

export type SyncSpec = z.output<typeof SyncFile>;

/** Reads a teams.yaml (or JSON) sync file; errors name the file, the line's path and the rule. */
export function parseSyncFile(text: string, name: string): SyncSpec {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    throw new CliError(`${name}: not valid YAML: ${(error as Error).message}`, 1);
  }
  const result = SyncFile.safeParse(data ?? {}, { reportInput: true });
  if (!result.success) throw new CliError(`${name}: ${formatIssues(result.error.issues)}`, 1);
  const titles = new Set<string>();
  for (const team of result.data.teams ?? []) {
    const key = team.title.toLowerCase();
    if (titles.has(key)) throw new CliError(`${name}: team "${team.title}" is listed twice`, 1);
    titles.add(key);
  }
  return result.data;
}
