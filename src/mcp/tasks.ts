import type { ApiClient } from '../api/client';
import { routes } from '../api/routes/index';
import { readPageByPath } from './pages';

/**
 * Task tools (issue 36): one call for what takes an assistant several operations. Each answers
 * text; a failure throws with the API's message, which `docsctl mcp` answers as a tool error.
 */
export const TASK_TOOLS = [
  {
    name: 'read_page',
    description: 'A page of a space by its path (guides/install), as markdown (getSpacePageByPath with format markdown)',
    inputSchema: { type: 'object' as const, properties: { spaceId: { type: 'string' }, path: { type: 'string', description: 'the page path, as the page tree lists it' } }, required: ['spaceId', 'path'], additionalProperties: false },
  },
  {
    name: 'search_and_read',
    description: 'Search every space the caller can read (in one organization, or all of them) and answer the best pages as markdown, best first',
    inputSchema: {
      type: 'object' as const,
      properties: { query: { type: 'string' }, organizationId: { type: 'string' }, pages: { type: 'integer', minimum: 1, maximum: 5, description: 'how many pages to read (default 3)' } },
      required: ['query'], additionalProperties: false,
    },
  },
  {
    name: 'propose_changes',
    description: 'Open a change request that replaces the markdown of pages by path, and answer its diff (nothing is opened when a path has no page); writes: offered with --allow-writes',
    inputSchema: {
      type: 'object' as const,
      properties: {
        spaceId: { type: 'string' },
        subject: { type: 'string', description: 'the change request subject (at most 100 characters)' },
        pages: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'object', properties: { path: { type: 'string' }, markdown: { type: 'string' } }, required: ['path', 'markdown'], additionalProperties: false } },
      },
      required: ['spaceId', 'pages'], additionalProperties: false,
    },
    writes: true,
  },
  {
    name: 'team_members',
    description: "A team's members with their e-mail, name, organization role and team role, every page of them",
    inputSchema: { type: 'object' as const, properties: { organizationId: { type: 'string' }, teamId: { type: 'string' } }, required: ['organizationId', 'teamId'], additionalProperties: false },
  },
];

/** A page read for an answer is cut past this many characters. */
const PAGE_CHARS = 20_000;

const stringArg = (args: Record<string, unknown>, name: string, required = true): string | undefined => {
  const value = args[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !value) throw new Error(`${name}: is required (a string)`);
  return value;
};

/** Runs the task tool `name`: its answer, or undefined when `name` is no task tool. */
export async function runTask(api: ApiClient, name: string, args: Record<string, unknown>): Promise<string | undefined> {
  if (name === 'read_page') return await readPageByPath(api, stringArg(args, 'spaceId')!, stringArg(args, 'path')!);
  if (name === 'search_and_read') return await searchAndRead(api, args);
  if (name === 'propose_changes') return await proposeChanges(api, args);
  if (name === 'team_members') return await teamMembers(api, stringArg(args, 'organizationId')!, stringArg(args, 'teamId')!);
  return undefined;
}

async function searchAndRead(api: ApiClient, args: Record<string, unknown>): Promise<string> {
  const query = stringArg(args, 'query')!;
  const wanted = args.pages === undefined ? 3 : Number(args.pages);
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > 5) throw new Error('pages: must be a whole number from 1 to 5');
  const given = stringArg(args, 'organizationId', false);
  const orgs = given ? [given] : (await api.call(routes.listOrganizations, { query: { limit: 100 } })).items.map((org) => org.id);
  const found: { spaceId: string; space: string; path: string; title: string; score: number }[] = [];
  for (const organizationId of orgs) {
    const results = await api.call(routes.searchOrganizationContent, { params: { organizationId }, query: { query, limit: 20 } });
    for (const space of results.items) {
      for (const page of space.pages) found.push({ spaceId: space.id, space: space.title, path: page.path, title: page.title, score: page.score ?? 0 });
    }
  }
  if (!found.length) return `Nothing found for "${query}".`;
  const best = found.sort((a, b) => b.score - a.score).slice(0, wanted);
  const read: string[] = [];
  // One after the other: at most five pages, and no async callback in an array method (test/async-callbacks).
  for (const page of best) {
    const markdown = await readPageByPath(api, page.spaceId, page.path);
    const cut = markdown.length > PAGE_CHARS ? `${markdown.slice(0, PAGE_CHARS)}\n… (cut at ${PAGE_CHARS} characters: read_page reads it whole)` : markdown;
    read.push(`## ${page.title}\n(space ${page.space}, ${page.spaceId}; path ${page.path})\n\n${cut}`);
  }
  return `${found.length} page(s) match "${query}"; the best ${best.length}:\n\n${read.join('\n\n')}`;
}

async function teamMembers(api: ApiClient, organizationId: string, teamId: string): Promise<string> {
  const lines: string[] = [];
  for await (const page of api.pages(routes.listTeamMembersInOrganizationById, { params: { organizationId, teamId }, query: { limit: 100 } })) {
    for (const member of page.items) {
      const user = member.organization.user as { email?: string; displayName?: string };
      lines.push(`${user.email ?? '(no e-mail)'}\t${user.displayName ?? ''}\torganization role ${member.organization.role ?? 'guest'}\tteam role ${member.team.role}`);
    }
  }
  return lines.length ? `${lines.length} member(s):\n${lines.join('\n')}` : 'The team has no members.';
}

/**
 * Every path is found before anything is opened, so a mistaken path leaves no empty change request;
 * a write that fails after the opening archives it again.
 */
async function proposeChanges(api: ApiClient, args: Record<string, unknown>): Promise<string> {
  const spaceId = stringArg(args, 'spaceId')!;
  const subject = stringArg(args, 'subject', false);
  const pages = args.pages;
  if (!Array.isArray(pages) || !pages.length || pages.length > 100) throw new Error('pages: must be a list of 1 to 100 { path, markdown }');
  const changes = [];
  for (const [i, entry] of pages.entries()) {
    const { path, markdown } = (entry ?? {}) as { path?: unknown; markdown?: unknown };
    if (typeof path !== 'string' || typeof markdown !== 'string') throw new Error(`pages[${i}]: must have a path and a markdown (strings)`);
    const page = await api.call(routes.getSpacePageByPath, { params: { spaceId, pagePath: path.replace(/^\/+|\/+$/g, '') } }).catch((error: Error) => {
      throw new Error(`pages[${i}].path: ${error.message}`);
    });
    changes.push({ operation: 'update_page' as const, page: page.id, document: { markdown } });
  }
  const cr = await api.call(routes.createChangeRequest, { params: { spaceId }, body: subject ? { subject } : {} });
  const params = { spaceId, changeRequestId: cr.id };
  try {
    await api.call(routes.writeChangeRequestContent, { params, body: { changes } } as never);
  } catch (error) {
    await api.call(routes.updateChangeRequest, { params, body: { status: 'archived' } }).catch(() => undefined);
    throw error;
  }
  const diff = await api.call(routes.getChangeRequestDiff, { params });
  return `Change request #${cr.number} (${cr.id}) opened in space ${spaceId}; its diff:\n${JSON.stringify(diff, null, 1)}`;
}
