import type { ApiClient } from '../../api/client';
import { routes } from '../../api/routes/index';
import type { ResultOf } from '../../api/routes/route';
import type { OrgArchive } from '../../org-archive/archive';
import type { ArchivedOrganization, ArchivedSection, ArchivedSite, ArchivedSiteSpace, ArchivedSpace, ArchivedSpec, Role } from '../../org-archive/model';
import type { Progress } from '../../output/progress';
import { archiveComments, archiveContent } from './read-content';

const LIMIT = 1000;

/** Every item of a list operation (a small helper: the archive reads whole lists). */
async function all<T>(listing: AsyncGenerator<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of listing) items.push(item);
  return items;
}

/** Orders by a text key: sets whose listing order is their creation time (ties broken by id) get an order of their own, so an archive does not depend on ids or times. */
const by = <T>(key: (item: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
const byEmail = by<{ email: string }>((x) => x.email);

/** Parents before children, siblings in the listing's order. */
function parentsFirst<T extends { id: string; parent?: string }>(items: T[]): T[] {
  const ids = new Set(items.map((i) => i.id));
  const out: T[] = [];
  const visit = (parent: string | undefined) => {
    for (const item of items) if ((item.parent !== undefined && ids.has(item.parent) ? item.parent : undefined) === parent) {
      out.push(item);
      visit(item.id);
    }
  };
  visit(undefined);
  return out;
}

async function readOrganization(api: ApiClient, organizationId: string, progress: Progress): Promise<ArchivedOrganization> {
  const params = { organizationId };
  const org = await api.call(routes.getOrganizationById, { params });
  const members = await all(api.paginate(routes.listMembersInOrganizationById, { params, query: { limit: LIMIT } }));
  const teams = [];
  for (const team of await all(api.paginate(routes.listTeamsInOrganizationById, { params, query: { limit: LIMIT } }))) {
    const teamMembers = await all(api.paginate(routes.listTeamMembersInOrganizationById, { params: { ...params, teamId: team.id }, query: { limit: LIMIT } }));
    teams.push({ id: team.id, title: team.title, members: teamMembers.map((m) => ({ email: m.organization.user.email, role: m.team.role })).sort(byEmail) });
  }
  const invites = await all(api.paginate(routes.listOrganizationInvites, { params, query: { limit: LIMIT } }));
  const saml = await all(api.paginate(routes.listOrganizationSamlProviders, { params, query: { limit: LIMIT } }));
  const fields = await all(api.paginate(routes.listCustomFields, { params, query: { limit: LIMIT } }));
  const collections = await all(api.paginate(routes.listCollections, { params, query: { limit: LIMIT, nested: true } }));
  const translations = await all(api.paginate(routes.listTranslations, { params, query: { limit: LIMIT } }));
  const archived: ArchivedOrganization = {
    // Fields the organization does not have stay undefined: JSON leaves them out of the archive.
    settings: {
      title: org.title,
      emailDomains: org.emailDomains,
      hostname: org.hostname,
      defaultRole: org.defaultRole,
      defaultContent: org.defaultContent,
      logo: org.urls.logo,
      sso: org.sso,
      ai: org.ai,
      inviteLinks: org.inviteLinks,
    },
    members: members.map((m) => ({ email: m.user.email, role: m.role, sso: m.sso })).sort(byEmail),
    teams: teams.sort(by((t) => t.title)),
    // Links to a space or a collection name what an organization-wide link cannot carry: their level.
    invites: invites.filter((i) => !i.space && !i.collection).map((i) => ({ id: i.id, role: i.role })).sort(by((i) => i.role)),
    samlProviders: saml.map((p) => ({
      id: p.id, label: p.label,
      ...(p.ssoURL ? { ssoURL: p.ssoURL } : {}),
      ...(p.entityID ? { entityID: p.entityID } : {}),
      ...(p.certificate ? { certificate: p.certificate } : {}),
      ...(p.defaultTeam ? { defaultTeam: p.defaultTeam.id } : {}),
      defaultRole: p.defaultRole,
    })).sort(by((p) => p.label)),
    customFields: fields.map((f) => ({ name: f.name, type: f.type, title: f.title, description: f.description, placeholder: f.placeholder, options: f.options })).sort(by((f) => f.name)),
    collections: parentsFirst(collections.map((c) => ({
      id: c.id, title: c.title,
      ...(c.description ? { description: c.description } : {}),
      ...(c.parent ? { parent: c.parent } : {}),
      defaultLevel: c.defaultLevel,
    }))),
    translations: translations.map((t) => ({ id: t.id, title: t.title, languages: t.languages })).sort(by((t) => t.title)),
  };
  progress.advance(1 + members.length + teams.length + invites.length + saml.length + fields.length + collections.length + translations.length);
  return archived;
}

type Space = ResultOf<typeof routes.getSpaceById>;

async function readSpace(api: ApiClient, space: Space, blobs: Map<string, Buffer>, progress: Progress): Promise<ArchivedSpace> {
  const params = { spaceId: space.id };
  const users = await all(api.paginate(routes.listSpaceUserPermissions, { params, query: { limit: LIMIT } }));
  const teams = await all(api.paginate(routes.listSpaceTeamPermissions, { params, query: { limit: LIMIT } }));
  const fields = await api.call(routes.listSpaceCustomFields, { params });
  const changeRequests = [];
  for (const status of ['open', 'draft'] as const) {
    for await (const cr of api.paginate(routes.listChangeRequests, { params, query: { status, limit: LIMIT } })) {
      const root = { spaceId: space.id, changeRequestId: cr.id };
      changeRequests.push({
        id: cr.id, number: cr.number, subject: cr.subject, status,
        content: await archiveContent(api, root, blobs, progress),
        comments: await archiveComments(api, root, progress),
      });
      progress.advance(1);
    }
  }
  changeRequests.sort((a, b) => a.number - b.number);
  const archived: ArchivedSpace = {
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.visibility,
    editMode: space.editMode,
    defaultLevel: space.defaultLevel,
    parent: space.parent,
    permissions: {
      users: users.map((u) => ({ email: u.user.email, role: u.role as Role })).sort(byEmail),
      teams: teams.sort(by((t) => t.team.title)).map((t) => ({ team: t.team.id, role: t.role as Role })),
    },
    fields: Object.fromEntries((fields as { customField: { name: string }; value: ArchivedSpace['fields'][string] }[]).filter((f) => f.value !== null && f.value !== undefined).map((f) => [f.customField.name, f.value])),
    content: await archiveContent(api, params, blobs, progress),
    changeRequests,
    comments: await archiveComments(api, params, progress),
  };
  progress.advance(1);
  return archived;
}

type SiteSpace = ResultOf<typeof routes.addSiteSpace>;
type Section = ResultOf<typeof routes.addSiteSection>;

const siteSpaceOf = (s: SiteSpace): ArchivedSiteSpace => ({
  id: s.id, space: s.space.id, path: s.path, ...(s.condition ? { condition: s.condition } : {}), default: Boolean(s.default),
});
const sectionOf = (s: Section): ArchivedSection => ({
  id: s.id, title: s.title, path: s.path,
  ...(s.description ? { description: s.description } : {}),
  ...(s.condition ? { condition: s.condition } : {}),
  ...(s.icon ? { icon: s.icon } : {}),
  default: Boolean(s.default),
  siteSpaces: s.siteSpaces.map(siteSpaceOf),
});

async function readSite(api: ApiClient, organizationId: string, site: ResultOf<typeof routes.getSiteById>): Promise<ArchivedSite> {
  const params = { organizationId, siteId: site.id };
  const sections = await all(api.paginate(routes.listSiteSections, { params, query: { limit: LIMIT } }));
  const groups = await all(api.paginate(routes.listSiteSectionGroups, { params, query: { limit: LIMIT } }));
  const structure: ArchivedSite['structure'] = [];
  if (sections.length) {
    // Sections come in display order, a group's together where the group stands.
    const placed = new Set<string>();
    for (const section of sections) {
      const group = section.sectionGroup ? groups.find((g) => g.id === section.sectionGroup) : undefined;
      if (!group) structure.push({ kind: 'section', section: sectionOf(section) });
      else if (!placed.has(group.id)) {
        placed.add(group.id);
        structure.push({ kind: 'group', id: group.id, title: group.title, ...(group.icon ? { icon: group.icon } : {}), sections: group.sections.map(sectionOf) });
      }
    }
    for (const group of groups) if (!placed.has(group.id)) structure.push({ kind: 'group', id: group.id, title: group.title, ...(group.icon ? { icon: group.icon } : {}), sections: [] });
  } else {
    for await (const siteSpace of api.paginate(routes.listSiteSpaces, { params, query: { limit: LIMIT } })) structure.push({ kind: 'site-space', siteSpace: siteSpaceOf(siteSpace) });
  }
  const schema = await api.call(routes.getSiteAdaptiveSchema, { params }).catch(() => undefined);
  return {
    id: site.id,
    type: site.type,
    title: site.title,
    visibility: site.visibility,
    published: site.published,
    basename: site.basename,
    hostname: site.hostname,
    // The proxy's origin is `<proxy>` as it is set (a docsctl before issue 18 answered `https://<proxy>`).
    proxy: site.proxy?.origin.replace(/^https?:\/\//, ''),
    adaptiveContent: site.adaptiveContent.enabled,
    adaptiveSchema: schema?.jsonSchema,
    structure,
  };
}

async function readSpec(api: ApiClient, organizationId: string, spec: ResultOf<typeof routes.getOpenAPISpecBySlug>): Promise<ArchivedSpec> {
  const params = { organizationId, specSlug: spec.slug };
  const versions = (await all(api.paginate(routes.listOpenAPISpecVersions, { params, query: { limit: LIMIT } }))).sort((a, b) => a.number - b.number);
  const archived = [];
  for (const version of versions) {
    const content = await api.call(routes.getOpenAPISpecVersionContentById, { params: { ...params, versionId: version.id } });
    archived.push({ id: version.id, filesystem: content.filesystem });
  }
  return { slug: spec.slug, ...(spec.sourceURL ? { sourceURL: spec.sourceURL } : {}), versions: archived };
}

/** Reads a whole organization through the API: what `export` writes. */
export async function readOrganizationArchive(api: ApiClient, organizationId: string, progress: Progress): Promise<{ archive: OrgArchive; title: string }> {
  const params = { organizationId };
  const blobs = new Map<string, Buffer>();
  const organization = await readOrganization(api, organizationId, progress);
  // The listing orders spaces by their parent's id: the archive orders them by their collection's place instead, so it does not depend on ids.
  const place = new Map(organization.collections.map((c, i) => [c.id, i]));
  const listed = (await all(api.paginate(routes.listSpaces, { params, query: { limit: LIMIT } })))
    .map((space, i) => ({ space, key: [space.parent ? place.get(space.parent) ?? -1 : -1, i] }))
    .sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1]);
  const spaces = [];
  for (const { space } of listed) spaces.push(await readSpace(api, space, blobs, progress));
  const sites = [];
  for (const site of await all(api.paginate(routes.listSites, { params, query: { limit: LIMIT } }))) {
    sites.push(await readSite(api, organizationId, site));
    progress.advance(1);
  }
  const specs = [];
  for (const spec of await all(api.paginate(routes.listOpenAPISpecs, { params, query: { limit: LIMIT } }))) {
    specs.push(await readSpec(api, organizationId, spec));
    progress.advance(1);
  }
  return { archive: { organization, spaces, sites: sites.sort(by((s) => s.title)), specs: specs.sort(by((s) => s.slug)), blobs }, title: organization.settings.title };
}
