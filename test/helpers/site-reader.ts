import { expect } from 'vitest';
import { contentSetup } from './content';
import { expectOk } from './app';
import { siteReader } from '../../src/server/site/reader';

/** What a visitor's browser gets: status, headers and the page's text. */
export interface Visit {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * An organization with a space of pages and a site publishing it, and `visit` reading it as `serve`
 * does: the site reader first, the API for anything else (server/site/reader.ts).
 */
export async function publishedSiteSetup(options: { pages?: string[]; visibility?: string } = {}) {
  const t = await contentSetup();
  const pageIds = await t.seed(options.pages ?? ['# Welcome\n\nHello, visitor.', '# Install\n\n## Requirements\n\nNode.']);
  const created = await t.api.request('POST', `/v1/orgs/${t.orgId}/sites`, { as: t.adminId, body: { title: 'Acme Docs', visibility: options.visibility ?? 'public', spaces: [t.spaceId] } });
  expectOk(created, 'createSite');
  const siteId = created.body.id as string;
  const patchSite = async (body: Record<string, unknown>) => {
    const res = await t.api.request('PATCH', `/v1/orgs/${t.orgId}/sites/${siteId}`, { as: t.adminId, body });
    expectOk(res, 'updateSiteById');
    return res.body;
  };
  const site = await patchSite({ published: true });
  const read = siteReader(t.engine);
  /** GET `url` (a path, or a whole URL whose host is the Host header) as a browser with `cookie`. */
  const visitBytes = async (url: string, headers: Record<string, string> = {}, method = 'GET', body?: string) => {
    const whole = new URL(url, 'http://docs.test');
    const req = { method, url: `${whole.pathname}${whole.search}`, headers: { host: whole.host, ...headers }, ...(body === undefined ? {} : { body }) };
    const answer = (await read(req)) ?? (await t.api.app.handleAsync(req));
    const chunks: Buffer[] = [];
    if (answer.stream) for await (const chunk of answer.stream.chunks) chunks.push(Buffer.from(chunk));
    else if (answer.body !== undefined) chunks.push(Buffer.from(answer.body));
    return { status: answer.status, headers: answer.headers, body: Buffer.concat(chunks) };
  };
  const visit = async (url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Visit> => {
    const answer = await visitBytes(url, headers, method, body);
    return { ...answer, body: answer.body.toString(answer.headers['content-type']?.startsWith('text/') || answer.headers['content-type']?.startsWith('application/') ? 'utf8' : 'latin1') };
  };
  const base = `/o/${t.orgId}/sites/${siteId}`;
  expect(site.urls.published.split('?')[0]).toBe(`http://docs.test${base}`);
  return { ...t, pageIds, siteId, site, patchSite, visit, visitBytes, base };
}
