import { EXIT } from '../../errors';

/** What each exit code means; keyed by EXIT's names so a new code cannot go undocumented. */
const MEANINGS: Record<keyof typeof EXIT, string> = {
  ok: 'success (an empty list is a success)',
  error: 'error: invalid input (API 400), rows that cannot be applied, server unreachable, --fail-on-broken/--fail-on-breaking found something, openapi validate found a problem',
  usage: 'usage error (an unknown command or flag, with --help too), or a confirmation refused or impossible (no --yes without a terminal)',
  auth: 'authentication or authorization failed (401, 403)',
  notFound: 'not found (404, 410)',
  conflict: 'conflict or refused precondition (409, 412, 423; the last admin; a bulk removal over the allowed fraction; merge conflicts)',
  rateLimited: 'rate limited (429) after the retries',
};

/** `docsctl help exit-codes`, built from EXIT in src/errors.ts. */
export function exitCodes(): string {
  const rows = (Object.keys(EXIT) as (keyof typeof EXIT)[]).map((name) => `  ${String(EXIT[name]).padEnd(4)}${MEANINGS[name]}`);
  return `Exit codes

${rows.join('\n')}

Errors are printed on stderr as "error: <field>: <rule>"; data goes to stdout.

Examples:
  $ docsctl teams get Engineering > /dev/null && echo "Engineering exists"
  $ docsctl links --space SPACE_ID --fail-on-broken || echo "broken links"
`;
}
