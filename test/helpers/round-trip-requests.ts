/**
 * The requests whose round trips to PostgreSQL are measured (issue 59: the ceilings test, the bench's
 * `postgres-network` group and docs/performance.md's table), on the sample organization (`init
 * --sample`) as its admin, with a webhook told of the measured writes' events. Each is found through the
 * API itself, so a test and the bench send the same.
 */
export type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface MeasuredRequest {
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT';
  path: string;
  /** The body of the `n`th sending: a write alternates its value, so that each sending changes something. */
  body?: (n: number) => unknown;
}

/**
 * What another replica's write does to this one, as a statement sent beside it: every organization's
 * change version moves, so what a replica remembers of one is read again at its next request.
 */
export const ANOTHER_REPLICAS_WRITE = `INSERT INTO docsctl_org_changes (organization_id, version) SELECT id, 1 FROM organizations
  ON CONFLICT (organization_id) DO UPDATE SET version = docsctl_org_changes.version + 1`;

/** The events of the measured writes, to which the sample organization gets a webhook (`measuredRequests`). */
export const MEASURED_EVENTS = ['member_role_updated', 'comment_created', 'space_created'];

export async function measuredRequests(call: Call): Promise<MeasuredRequest[]> {
  const read = async (path: string) => {
    const answer = await call('GET', path);
    if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  const org = (await read('/v1/orgs')).items[0].id as string;
  const members = (await read(`/v1/orgs/${org}/members?limit=100`)).items as { id: string; role: string | null }[];
  const member = members.find((m) => m.role === 'read')!.id;
  const spaces = (await read(`/v1/orgs/${org}/spaces?limit=100`)).items as { id: string; title: string }[];
  const space = spaces.find((s) => s.title === 'REST API')!.id;
  const pages = (await read(`/v1/spaces/${space}/content/pages`)).pages as { id: string }[];
  const team = (await read(`/v1/orgs/${org}/teams`)).items[0].id as string;
  const changeRequest = (await read(`/v1/spaces/${space}/change-requests`)).items[0].id as string;
  const site = (await read(`/v1/orgs/${org}/sites`)).items[0].id as string;
  // A webhook told of the measured writes' events: their outbox rows are part of what is counted.
  const hook = await call('POST', `/v1/orgs/${org}/webhooks`, { url: 'https://hooks.example.com/docsctl', events: MEASURED_EVENTS });
  if (hook.status !== 201) throw new Error(`POST a webhook: ${hook.status} ${JSON.stringify(hook.body)}`);
  const flip = <T>(a: T, b: T) => (n: number) => (n % 2 ? a : b);
  return [
    { name: 'GET a member', method: 'GET', path: `/v1/orgs/${org}/members/${member}` },
    { name: 'PATCH a member\'s role', method: 'PATCH', path: `/v1/orgs/${org}/members/${member}`, body: flip({ role: 'comment' }, { role: 'read' }) },
    { name: 'GET a page\'s content', method: 'GET', path: `/v1/spaces/${space}/content/page/${pages[0].id}` },
    { name: 'list spaces', method: 'GET', path: `/v1/orgs/${org}/spaces` },
    { name: 'GET a space', method: 'GET', path: `/v1/spaces/${space}` },
    { name: 'POST a comment', method: 'POST', path: `/v1/spaces/${space}/comments`, body: (n) => ({ body: { markdown: `Comment ${n}` } }) },
    { name: 'PATCH a space\'s title', method: 'PATCH', path: `/v1/spaces/${space}`, body: flip({ title: 'REST API v2' }, { title: 'REST API' }) },
    { name: 'GET the organization', method: 'GET', path: `/v1/orgs/${org}` },
    { name: 'GET the authenticated user', method: 'GET', path: '/v1/user' },
    { name: 'list members (37)', method: 'GET', path: `/v1/orgs/${org}/members` },
    { name: 'list teams', method: 'GET', path: `/v1/orgs/${org}/teams` },
    { name: 'GET a team', method: 'GET', path: `/v1/orgs/${org}/teams/${team}` },
    { name: 'PATCH a team\'s title', method: 'PATCH', path: `/v1/orgs/${org}/teams/${team}`, body: flip({ title: 'Engineers' }, { title: 'Engineering' }) },
    { name: 'list a space\'s pages', method: 'GET', path: `/v1/spaces/${space}/content/pages` },
    { name: 'list a space\'s comments', method: 'GET', path: `/v1/spaces/${space}/comments` },
    { name: 'list change requests', method: 'GET', path: `/v1/spaces/${space}/change-requests` },
    { name: 'GET a change request', method: 'GET', path: `/v1/spaces/${space}/change-requests/${changeRequest}` },
    { name: 'search a space', method: 'GET', path: `/v1/spaces/${space}/search?query=token` },
    { name: 'GET a site', method: 'GET', path: `/v1/orgs/${org}/sites/${site}` },
    { name: 'list the audit log', method: 'GET', path: `/v1/orgs/${org}/audit-log` },
    { name: 'POST a space', method: 'POST', path: `/v1/orgs/${org}/spaces`, body: (n) => ({ title: `Measured ${n}` }) },
  ];
}
