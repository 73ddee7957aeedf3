import type { Engine } from './index';
import { createUserRow } from './users';
import type { Role } from '../domain/roles';
import { mapInOrder } from './in-order';

/** A real X.509 certificate (self-signed, for the sample identity provider only). */
export const SAMPLE_CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIDPTCCAiWgAwIBAgIUVavGBUFiWvMmj7bwn/EFqMtpRtgwDQYJKoZIhvcNAQEL
BQAwLjEZMBcGA1UEAwwQaWRwLmFjbWUuZXhhbXBsZTERMA8GA1UECgwIQWNtZSBJ
ZFAwHhcNMjYxMTIyMDQxMDI2WhcNMzYxMTE5MDQxMDI2WjAuMRkwFwYDVQQDDBBp
ZHAuYWNtZS5leGFtcGxlMREwDwYDVQQKDAhBY21lIElkUDCCASIwDQYJKoZIhvcN
AQEBBQADggEPADCCAQoCggEBAKhX6W+e4Bg7gCMCstCXArri5OGtJ5nnKEDGqK86
K+mPDhfQT0wl0r9wI8rKwkcHSnCDY4Lu/F9onkyHK/9Vi2iuEDpuJGLhB52u0mUw
HyKsdCtO1q6DnUwba9H5WkYiT+QYy1K5DLT1DbZEW6FxBSAg5SYyCbDW4u5O8S6q
jwJyOk3JzszB9m/20EuMn0GyWZTxNuETmBEcYkaNaQrliXL8XT0gyRtriixrXD1H
v+I20E0EfZlyhq47q38qJGFwwLQ3MUmV1MCde2h7KKlVgrLkYwFeegxGQvGm6xl6
VFaEngiidWHjcfhVoeBzcnyQ50Zoj9qJ94Y0tje/DYpD8fcCAwEAAaNTMFEwHQYD
VR0OBBYEFMRIVvhtsZMDqSvdjpQQQqr2VwfLMB8GA1UdIwQYMBaAFMRIVvhtsZMD
qSvdjpQQQqr2VwfLMA8GA1UdEwEB/wQFMAMBAf8wDQYJKoZIhvcNAQELBQADggEB
AD245gLyWIhH+riGUx55CQeL4q+gjoB7SGB1W8XpQK3w43SV6J7b/kzu678TEKyW
xtW0ZRz7hYvxcTNR9mCcUEgnBSLbjazI1aHDdGOglJK4KGGWNq26WVHhz+aqT4fX
tOI3nqBqvoB+Skozc1lqadlhsd7mqrz7LxxJPNFwkth+s/OD/99C3eJR7IHMxI3V
jha9++aLncpPvDUN9AOFSqs2+NPiuTcy0biognixqUxWk1x7HTXMSDLbq3d4G64V
hEtXNvuth1TkQ4oI3vs/+PwGyeUMHn757bSfT55nshT/PBhlQKeNGECDTNHEzLHr
V4kCwdGpbFKgLRaYqqTYb90=
-----END CERTIFICATE-----
`;

const PEOPLE: [string, Role | null][] = [
  ['Ada Lovelace', 'admin'], ['Grace Hopper', 'admin'], ['Alan Turing', 'create'], ['Katherine Johnson', 'create'],
  ['Linus Torvalds', 'edit'], ['Margaret Hamilton', 'review'], ['Dennis Ritchie', 'edit'], ['Barbara Liskov', 'review'],
  ['Ken Thompson', 'edit'], ['Frances Allen', 'create'], ['Tim Berners-Lee', 'comment'], ['Radia Perlman', 'edit'],
  ['Donald Knuth', 'read'], ['Edsger Dijkstra', 'read'], ['Hedy Lamarr', 'comment'], ['John McCarthy', 'read'],
  ['Shafi Goldwasser', 'edit'], ['Leslie Lamport', 'review'], ['Annie Easley', 'edit'], ['Guido van Rossum', 'create'],
  ['Bjarne Stroustrup', 'read'], ['Sophie Wilson', 'edit'], ['Jean Sammet', 'comment'], ['Adele Goldberg', 'edit'],
  ['Vint Cerf', 'read'], ['Joan Clarke', 'review'], ['Carol Shaw', 'edit'], ['Whitfield Diffie', 'read'],
  ['Evelyn Boyd Granville', 'comment'], ['Ward Cunningham', 'edit'], ['Lynn Conway', 'create'], ['Bob Kahn', null],
  ['Mary Allen Wilkes', 'read'], ['Niklaus Wirth', 'read'], ['Ida Rhodes', null], ['Yukihiro Matsumoto', 'edit'],
];

const TEAMS: [string, number[], number[]][] = [
  // title, member indexes, owner indexes
  ['Engineering', [2, 4, 6, 8, 11, 16, 19, 21, 23, 29, 35], [2]],
  ['Documentation', [3, 5, 7, 9, 12, 18, 26], [3]],
  ['Design', [14, 22, 23, 30], [30]],
  ['Support', [10, 13, 15, 20, 24, 27, 28, 32], [10]],
  ['Leadership', [0, 1, 9], [0]],
];

const email = (name: string) => `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@acme.example`;

/**
 * Fills the first organization with a realistic company: people with roles, teams with owners, a SAML
 * provider and invite links. Runs once per database; later features add their own sample data here.
 */
export async function loadSample(engine: Engine): Promise<{ loaded: boolean; members: number; teams: number; spaces: number; deletedSpaces: number }> {
  const { core } = engine;
  const installation = await engine.install();
  const actor = { userId: installation.userId };
  const orgId = installation.organizationId;
  if (await core.get("SELECT 1 FROM meta WHERE key = 'sample_loaded'")) return { loaded: false, members: 0, teams: 0, spaces: 0, deletedSpaces: 0 };
  await core.write(async () => {
    await engine.organizations.update(actor, orgId, { title: 'Acme Docs', emailDomains: ['acme.example'], hostname: 'acme', defaultRole: 'read' });
    const now = core.clock.now().getTime();
    const ids = await mapInOrder(PEOPLE, async ([name, role], i) => {
      const user = await createUserRow(core, { email: email(name), displayName: name });
      const joined = new Date(now - (400 - i * 9) * 86_400_000).toISOString();
      const seen = i % 5 === 4 ? null : new Date(now - (i % 7) * 3_600_000 - i * 60_000).toISOString();
      await core.run('INSERT INTO members (organization_id, user_id, role, joined_at, last_seen_at) VALUES (?, ?, ?, ?, ?)', [orgId, user.id, role, joined, seen]);
      return user.id;
    });
    const teamIds = await mapInOrder(TEAMS, async ([title, members, owners]) => {
      const team = await engine.teams.create(actor, orgId, { title, members: members.map((i) => ids[i]) });
      await engine.teams.changeMembers(actor, orgId, team.id, { memberships: Object.fromEntries(owners.map((i) => [ids[i], { role: 'owner' as const }])) });
      return team.id;
    });
    await engine.saml.create(actor, orgId, {
      label: 'Acme Okta',
      ssoURL: 'https://acme.okta.example/app/docs/sso/saml',
      entityID: 'http://www.okta.com/exk1acmedocs',
      certificate: SAMPLE_CERTIFICATE,
      defaultTeam: teamIds[1],
      defaultRole: 'read',
    });
    await loadSampleSpaces(engine, actor, orgId, ids, teamIds);
    await loadSampleSite(engine, actor, orgId);
    await engine.invites.createLink(actor, orgId, { role: 'read' });
    await engine.invites.createLink(actor, orgId, { role: 'edit' });
    await core.run("INSERT INTO meta (key, value) VALUES ('sample_loaded', ?)", [core.now()]);
  });
  // Members as `members list` counts them: the sample's people and the admin (and anyone added before).
  const members = (await core.get<{ n: number }>('SELECT COUNT(*) AS n FROM members WHERE organization_id = ?', [orgId]))!.n;
  return { loaded: true, members: Number(members), teams: TEAMS.length, spaces: SAMPLE_SPACES.length, deletedSpaces: SAMPLE_DELETED.length };
}

const SAMPLE_SPACES: [string, string, 'root' | 'guides' | 'reference' | 'v2', 'internal' | 'customers' | 'partners', number][] = [
  // title, emoji, collection, audience, index of the team with edit rights
  ['Employee handbook', '📘', 'root', 'internal', 3],
  ['Onboarding', '👋', 'guides', 'internal', 3],
  ['Support playbook', '🛟', 'guides', 'internal', 3],
  ['REST API', '🔌', 'reference', 'customers', 0],
  ['Webhooks', '🪝', 'v2', 'customers', 0],
  ['Partner portal', '🤝', 'root', 'partners', 1],
  ['Changelog', '📝', 'root', 'customers', 0],
];
const SAMPLE_DELETED = [['Old roadmap', 3], ['Q3 planning (draft)', 1]] as const;

/** Collections, spaces with team permissions and custom fields, and a few recently deleted spaces. */
async function loadSampleSpaces(engine: Engine, actor: { userId: string }, orgId: string, people: string[], teams: string[]): Promise<void> {
  const { core } = engine;
  const guides = await engine.collections.create(actor, orgId, { title: 'Guides' });
  const reference = await engine.collections.create(actor, orgId, { title: 'API reference' });
  const v2 = await engine.collections.create(actor, orgId, { title: 'v2', parent: reference.id });
  await engine.collections.update(actor, reference.id, { description: 'Public APIs and SDKs', defaultLevel: 'read' });
  await engine.customFields.create(actor, orgId, { name: 'audience', type: 'select:single', title: 'Audience', options: ['internal', 'customers', 'partners'] });
  await engine.customFields.create(actor, orgId, { name: 'owner', type: 'text', title: 'Owning team' });
  await engine.customFields.create(actor, orgId, { name: 'tags', type: 'tags', title: 'Tags' });
  const parents: Record<string, string | undefined> = { root: undefined, guides: guides.id, reference: reference.id, v2: v2.id };
  for (const [title, emoji, where, audience, team] of SAMPLE_SPACES) {
    const space = await engine.spaces.create(actor, orgId, { title, emoji, parent: parents[where] });
    await engine.spacePermissions.grant(actor, space.id, { role: 'edit', teams: [teams[team]] });
    await engine.customFields.setValues(actor, space.id, { audience: { value: audience }, owner: { value: ['Engineering', 'Documentation', 'Design', 'Support'][team] } });
    if (title === 'REST API') await loadSampleContent(engine, actor, space.id);
  }
  // Support staff see these in `docsctl spaces deleted`: deleted by Grace Hopper 1 and 3 days ago.
  for (const [title, daysAgo] of SAMPLE_DELETED) {
    const space = await engine.spaces.create(actor, orgId, { title, emoji: '🗂️' });
    const at = new Date(core.clock.now().getTime() - daysAgo * 86_400_000).toISOString();
    await core.run('UPDATE spaces SET deleted_at = ?, deleted_by = ? WHERE id = ?', [at, people[1], space.id]);
  }
}

/** Pages in the REST API space, merged through a change request, and two open change requests, one outdated. */
async function loadSampleContent(engine: Engine, actor: { userId: string }, spaceId: string): Promise<void> {
  const crs = engine.changeRequests;
  const first = await crs.create(actor, spaceId, { subject: 'First version of the API docs' });
  const written = await crs.write(actor, spaceId, first.id, [
    { operation: 'insert_page', document: { markdown: '# Overview\n\nThe Acme REST API speaks JSON over HTTPS.\n\n* Base URL: `https://api.acme.example/v2`\n* Authentication: bearer tokens\n' } },
    { operation: 'insert_page', document: { markdown: '# Authentication\n\nSend `Authorization: Bearer <token>` with every request.\n' } },
    { operation: 'insert_page', document: { markdown: '# Errors\n\n| Status | Meaning |\n| --- | --- |\n| 400 | Bad input |\n| 404 | Not found |\n' } },
  ]);
  await crs.merge(actor, spaceId, first.id);
  const overview = written.changes[0].page!;
  const pending = await crs.create(actor, spaceId, { subject: 'Document rate limits' });
  await crs.write(actor, spaceId, pending.id, [{ operation: 'insert_page', document: { markdown: '# Rate limits\n\n1000 requests a minute per token.\n' } }]);
  // Both are opened before the pagination change below is merged; only this one is not brought up to date.
  const outdated = await crs.create(actor, spaceId, { subject: 'Describe webhooks' });
  await crs.write(actor, spaceId, outdated.id, [{ operation: 'insert_page', document: { markdown: '# Webhooks\n\nWe POST events to your endpoint.\n' } }]);
  const pagination = await crs.create(actor, spaceId, { subject: 'Mention pagination' });
  await crs.write(actor, spaceId, pagination.id, [
    { operation: 'update_page', page: overview, document: { markdown: '# Overview\n\nThe Acme REST API speaks JSON over HTTPS. Lists are paginated with cursors.\n' } },
  ]);
  await crs.merge(actor, spaceId, pagination.id);
  await crs.updateFromMain(actor, spaceId, pending.id);
}

/**
 * A published public developer site with a section group and two sections over the customer-facing
 * spaces, plus an unpublished share-link partner site, built through the sites and structure modules.
 */
async function loadSampleSite(engine: Engine, actor: { userId: string }, orgId: string): Promise<void> {
  const { core } = engine;
  const space = async (title: string) => (await core.get<{ id: string }>('SELECT id FROM spaces WHERE organization_id = ? AND title = ? AND deleted_at IS NULL', [orgId, title]))!.id;
  const site = await engine.sites.create(actor, orgId, { title: 'Acme Developers', type: 'premium', visibility: 'public' });
  const api = await engine.structure.addSection(actor, orgId, site.id, { spaceId: await space('REST API'), title: 'API' });
  await engine.structure.addSiteSpace(actor, orgId, site.id, { spaceId: await space('Webhooks'), sectionId: api.id });
  const changelog = await engine.structure.addSection(actor, orgId, site.id, { spaceId: await space('Changelog'), title: 'Changelog' });
  const group = await engine.structure.createGroup(actor, orgId, site.id, { title: 'Developers', sections: [api.id] });
  await engine.structure.moveGroup(actor, orgId, site.id, group.id, { position: { before: { type: 'site-section', id: changelog.id } } });
  await engine.sites.setAdaptiveSchema(actor, orgId, site.id, {
    jsonSchema: {
      type: 'object',
      properties: { isBetaUser: { type: 'boolean', description: 'Signed up for the beta programme' } },
      additionalProperties: false,
    },
  });
  await engine.sites.update(actor, orgId, site.id, { basename: 'developers', adaptiveContent: { enabled: true }, published: true });
  // Customizations and the icon have no operation yet; the sample shows what they look like.
  await core.run('UPDATE sites SET icon = ?, customizations = ? WHERE id = ?', [
    JSON.stringify({ icon: { light: 'https://acme.example/logo-light.svg', dark: 'https://acme.example/logo-dark.svg' } }),
    JSON.stringify({ styling: { primaryColor: { light: '#E2542C', dark: '#F07A52' }, tint: { color: { light: '#E2542C', dark: '#F07A52' } } } }),
    site.id,
  ]);
  await engine.sites.create(actor, orgId, { title: 'Acme Partner Portal', visibility: 'share-link', spaces: [await space('Partner portal')] });
}
