import * as z from 'zod/mini';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { ROLES } from '../domain/roles';
import { formatIssues } from '../api/format-issues';
import { CliError, EXIT } from '../errors';

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

/** The file's content, and the line of each entry so reports point into the file. */
export type SyncSpec = z.output<typeof SyncFile> & {
  lines?: { members: number[]; teams: { title: number; members: number[] }[] };
};

function lineOf(doc: Document, counter: LineCounter, path: (string | number)[]): number {
  const node = doc.getIn(path, true) as { range?: [number, number, number] } | undefined;
  return node?.range ? counter.linePos(node.range[0]).line : 0;
}

/** Reads a teams.yaml (or JSON) sync file; errors name the file, the entry's path and the rule. */
export function parseSyncFile(text: string, name: string): SyncSpec {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter });
  if (doc.errors.length) throw new CliError(`${name}: not valid YAML: ${doc.errors[0].message}`, EXIT.error);
  const data: unknown = doc.toJS();
  const result = SyncFile.safeParse(data ?? {}, { reportInput: true });
  if (!result.success) throw new CliError(`${name}: ${formatIssues(result.error.issues)}`, EXIT.error);
  const titles = new Set<string>();
  for (const team of result.data.teams ?? []) {
    const key = team.title.toLowerCase();
    if (titles.has(key)) throw new CliError(`${name}: team "${team.title}" is listed twice`, EXIT.error);
    titles.add(key);
  }
  const lines = {
    members: (result.data.members ?? []).map((_, i) => lineOf(doc, counter, ['members', i])),
    teams: (result.data.teams ?? []).map((team, j) => ({
      title: lineOf(doc, counter, ['teams', j, 'title']),
      members: team.members.map((_, k) => lineOf(doc, counter, ['teams', j, 'members', k])),
    })),
  };
  return { ...result.data, lines };
}
