import { expectOk } from '../helpers/app';
import { signJwt, signingSecret } from '../../src/engine/jwt';
import { sitesSetup } from './sites-setup';

export const SCHEMA = {
  type: 'object',
  properties: {
    beta: { type: 'boolean', description: 'A beta tester' },
    staff: { type: 'boolean', description: 'Works here' },
    unsigned: { type: 'object', properties: { dark: { type: 'boolean' } } },
  },
  additionalProperties: false,
};

/**
 * A published public site with adaptive content on and two sections: "Guides" (the default, showing
 * the Guides space and, as its default, a Beta space) and "Labs" (the Labs space). Helpers set
 * conditions, sign visitor tokens with claims and read what a caller sees.
 */
export async function conditionsSetup(options: { schema?: boolean } = {}) {
  const s = await sitesSetup();
  const guidesSpace = await s.createSpace('Guides');
  const betaSpace = await s.createSpace('Beta');
  const labsSpace = await s.createSpace('Labs');
  const site = await s.createSite({ title: 'Docs', spaces: [guidesSpace] });
  const siteId = site.id as string;
  await s.patchOk(siteId, { published: true, adaptiveContent: { enabled: true } });
  const base = `${s.site(siteId)}`;
  const ok = async (operationId: Parameters<typeof expectOk>[1], method: string, path: string, body?: unknown) => {
    const res = await s.api.request(method, `${base}${path}`, { as: s.adminId, body });
    expectOk(res, operationId);
    return res.body;
  };
  const guides = await ok('addSiteSection', 'POST', '/sections', { spaceId: guidesSpace, title: 'Guides' });
  const beta = await ok('addSiteSpace', 'POST', '/site-spaces', { spaceId: betaSpace, sectionId: guides.id });
  await ok('updateSiteSection', 'PATCH', `/sections/${guides.id}`, { defaultSiteSpace: beta.id });
  const labs = await ok('addSiteSection', 'POST', '/sections', { spaceId: labsSpace, title: 'Labs' });
  if (options.schema !== false) await ok('updateSiteAdaptiveSchema', 'PUT', '/adaptive-schema', { jsonSchema: SCHEMA });

  const patchSection = async (sectionId: string, body: unknown, as = s.adminId) => await s.api.request('PATCH', `${base}/sections/${sectionId}`, { as, body });
  const patchSiteSpace = async (siteSpaceId: string, body: unknown, as = s.adminId) => await s.api.request('PATCH', `${base}/site-spaces/${siteSpaceId}`, { as, body });
  const putSchema = async (jsonSchema: unknown) => await s.api.request('PUT', `${base}/adaptive-schema`, { as: s.adminId, body: { jsonSchema } });
  /** A visitor JWT carrying `claims`, signed with the instance's key for the organization. */
  const tokenWith = async (claims: Record<string, unknown>) => {
    const now = Math.floor(s.engine.core.clock.now().getTime() / 1000);
    return signJwt({ sub: s.outsider, org: s.orgId, iat: now, exp: now + 600, ...claims }, await signingSecret(s.engine.core));
  };
  /** What `as` sees, as `section*[siteSpace*, …]` (starred when default), and the raw body. */
  const seen = async (as: string, query: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    const res = await s.published(siteId, as, search ? `?${search}` : '');
    expectOk(res, 'getPublishedContentSite');
    type Item = { title: string; default?: boolean; condition?: string; siteSpaces?: Item[] };
    const star = (item: Item) => `${item.title}${item.default ? '*' : ''}`;
    const outline = (res.body.structure.structure as Item[]).map((x) => (x.siteSpaces ? `${star(x)}[${x.siteSpaces.map(star).join(', ')}]` : star(x)));
    return { outline, body: res.body };
  };
  return { ...s, siteId, guides, beta, labs, patchSection, patchSiteSpace, putSchema, tokenWith, seen };
}
