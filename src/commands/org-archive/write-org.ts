import { routes } from '../../api/routes/index';
import type { Role } from '../../org-archive/model';
import type { Importer } from './importer';

const LIMIT = 1000;
/** The most e-mails one invitation request takes (the API's limit). */
const INVITE_BATCH = 1000;

const groupBy = <T, K>(items: T[], key: (item: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

/** Title, e-mail domains, default role, logo, SSO, AI and invite links (hostname and default content come last). */
export async function importSettings(im: Importer): Promise<void> {
  const { settings } = im.archive.organization;
  await im.step('settings', 'organization settings', async () => {
    await im.api.call(routes.updateOrganizationById, {
      params: { organizationId: im.organizationId },
      // What the archive lacks is undefined, which the request's JSON leaves out.
      body: {
        title: settings.title,
        emailDomains: settings.emailDomains,
        defaultRole: settings.defaultRole,
        logo: settings.logo,
        sso: settings.sso,
        ai: settings.ai,
        inviteLinks: settings.inviteLinks,
      },
    });
  });
}

/** The hostname (unique on an instance, so it may be taken) and the default content (a site of the archive). */
export async function importLastSettings(im: Importer): Promise<void> {
  const { settings } = im.archive.organization;
  const params = { organizationId: im.organizationId };
  if (settings.hostname) {
    await im.step('hostname', `organization hostname ${settings.hostname}`, async () => {
      await im.api.call(routes.updateOrganizationById, { params, body: { hostname: settings.hostname } });
    });
  }
  const content = settings.defaultContent;
  if (content) {
    await im.step('default-content', 'organization default content', async () => {
      const site = im.map.id('site', content.site);
      if (!site) throw new Error(`its site ${content.site} was not imported`);
      await im.api.call(routes.updateOrganizationById, { params, body: { defaultContent: { type: 'site', site } } });
    });
  }
}

/** The target's members by e-mail (lower case) with their role. */
export async function targetMembers(im: Pick<Importer, 'api' | 'organizationId'>): Promise<Map<string, { id: string; role: Role | null }>> {
  const members = new Map<string, { id: string; role: Role | null }>();
  for await (const m of im.api.paginate(routes.listMembersInOrganizationById, { params: { organizationId: im.organizationId }, query: { limit: LIMIT } })) {
    members.set(m.user.email.toLowerCase(), { id: m.user.id, role: m.role });
  }
  return members;
}

/**
 * Members matched by e-mail: people already members keep their id; the others are invited by e-mail
 * (on a docsctl instance that makes the account and the membership at once). Then each gets the
 * archived role, except the person importing, whose own role is never lowered.
 */
export async function importMembers(im: Importer): Promise<void> {
  const { members } = im.archive.organization;
  const params = { organizationId: im.organizationId };
  const existing = await targetMembers(im);
  for (const [email, m] of existing) im.users.set(email, m.id);
  const missing = members.filter((m) => !existing.has(m.email.toLowerCase()));
  for (const [role, group] of groupBy(missing, (m) => m.role)) {
    for (let i = 0; i < group.length; i += INVITE_BATCH) {
      const batch = group.slice(i, i + INVITE_BATCH);
      try {
        const result = await im.api.call(routes.inviteUsersToOrganization, { params, body: { emails: batch.map((m) => m.email), role } });
        // The answer lists the users in the order of the (lower-cased, de-duplicated) e-mails sent.
        const emails = [...new Set(batch.map((m) => m.email.toLowerCase()))];
        emails.forEach((email, n) => result.users[n] && im.users.set(email, result.users[n]));
        im.created.set('members', (im.created.get('members') ?? 0) + result.invited);
      } catch (error) {
        for (const m of batch) im.fail(`member ${m.email}`, error);
      }
    }
  }
  for (const member of members) {
    const email = member.email.toLowerCase();
    const id = im.users.get(email);
    if (!id) continue;
    await im.step(`member:${email}`, `member ${member.email}`, async () => {
      if (email === im.callerEmail.toLowerCase()) {
        if (member.role !== 'admin') im.note(`member ${member.email}`, `is the person importing: kept as ${existing.get(email)?.role ?? 'admin'}, not ${member.role ?? 'guest'}`);
      } else if (existing.get(email)?.role !== member.role) {
        await im.api.call(routes.updateMemberInOrganizationById, { params: { ...params, userId: id }, body: { role: member.role } });
      }
      if (member.sso) await im.api.call(routes.updateMemberSsoInOrganizationById, { params: { ...params, userId: id } });
    });
  }
}

export async function importTeams(im: Importer): Promise<void> {
  const params = { organizationId: im.organizationId };
  for (const team of im.archive.organization.teams) {
    await im.step(`team:${team.id}`, `team "${team.title}"`, async () => {
      const members = team.members.map((m) => ({ ...m, id: im.user(m.email) }));
      for (const m of members) if (!m.id) im.note(`team "${team.title}"`, `${m.email} is not a member of the target organization`);
      const teamId = await im.ensure('team', team.id, async () =>
        (await im.api.call(routes.createOrganizationTeam, { params, body: { title: team.title, members: members.flatMap((m) => (m.id ? [m.id] : [])) } })).id);
      const owners = members.filter((m) => m.id && m.role === 'owner');
      await im.api.call(routes.updateMembersInOrganizationTeam, {
        params: { ...params, teamId },
        body: { add: members.flatMap((m) => (m.id ? [m.id] : [])), memberships: Object.fromEntries(owners.map((m) => [m.id!, { role: 'owner' as const }])) },
      });
    });
  }
}

export async function importCustomFields(im: Importer): Promise<void> {
  const params = { organizationId: im.organizationId };
  for (const field of im.archive.organization.customFields) {
    await im.step(`field:${field.name}`, `custom field ${field.name}`, async () => {
      await im.ensure('field', field.name, async () => {
        const created = await im.api.call(routes.createCustomField, {
          params,
          body: {
            name: field.name, type: field.type as never, title: field.title, description: field.description, placeholder: field.placeholder,
            ...(field.options.length ? { options: field.options } : {}),
          },
        });
        return created.id;
      });
    });
  }
}

export async function importCollections(im: Importer): Promise<void> {
  const params = { organizationId: im.organizationId };
  for (const collection of im.archive.organization.collections) {
    await im.step(`collection:${collection.id}`, `collection "${collection.title}"`, async () => {
      const parent = collection.parent ? im.map.id('collection', collection.parent) : undefined;
      if (collection.parent && !parent) throw new Error('its parent collection was not imported');
      const id = await im.ensure('collection', collection.id, async () =>
        (await im.api.call(routes.createCollection, { params, body: { title: collection.title, ...(parent ? { parent } : {}) } })).id);
      await im.api.call(routes.updateCollectionById, {
        params: { collectionId: id },
        body: { defaultLevel: collection.defaultLevel, ...(collection.description ? { description: collection.description } : {}) },
      });
    });
  }
}

export async function importTranslations(im: Importer): Promise<void> {
  const params = { organizationId: im.organizationId };
  for (const t of im.archive.organization.translations) {
    await im.step(`translation:${t.id}`, `translation settings "${t.title}"`, async () => {
      await im.ensure('translation', t.id, async () => (await im.api.call(routes.createTranslation, { params, body: { title: t.title, languages: t.languages } })).id);
    });
  }
}

/** SAML providers: the certificate and URLs the API shows; nothing secret is ever answered, so nothing secret is carried. */
export async function importSamlProviders(im: Importer): Promise<void> {
  const params = { organizationId: im.organizationId };
  for (const p of im.archive.organization.samlProviders) {
    await im.step(`saml:${p.id}`, `SAML provider "${p.label}"`, async () => {
      const defaultTeam = p.defaultTeam ? im.map.id('team', p.defaultTeam) : undefined;
      if (p.defaultTeam && !defaultTeam) im.note(`SAML provider "${p.label}"`, 'its default team was not imported');
      await im.ensure('saml', p.id, async () => (await im.api.call(routes.createOrganizationSamlProvider, {
        params,
        body: {
          label: p.label,
          ...(p.ssoURL ? { ssoURL: p.ssoURL } : {}),
          ...(p.entityID ? { entityID: p.entityID } : {}),
          ...(p.certificate ? { certificate: p.certificate } : {}),
          ...(defaultTeam ? { defaultTeam } : {}),
          defaultRole: p.defaultRole,
        },
      })).id);
    });
  }
}

export async function importInvites(im: Importer): Promise<void> {
  const params = { organizationId: im.organizationId };
  for (const invite of im.archive.organization.invites) {
    await im.step(`invite:${invite.id}`, `invite link (${invite.role})`, async () => {
      await im.ensure('invite', invite.id, async () => (await im.api.call(routes.createOrganizationInvite, { params, body: { role: invite.role } })).id);
    });
  }
}

/** Each spec with every version, oldest first, as documents (the instance need not reach the source URL). */
export async function importSpecs(im: Importer): Promise<void> {
  const params = { organizationId: im.organizationId };
  for (const spec of im.archive.specs) {
    for (const [n, version] of spec.versions.entries()) {
      await im.step(`spec-version:${spec.slug}:${version.id}`, `OpenAPI spec ${spec.slug}, version ${n + 1}`, async () => {
        const text = Object.values(version.filesystem)[0];
        if (text === undefined) throw new Error('the version holds no document');
        if (n === 0) await im.api.call(routes.createOpenAPISpec, { params, body: { slug: spec.slug, source: { text } } });
        else await im.api.call(routes.createOrUpdateOpenAPISpecBySlug, { params: { ...params, specSlug: spec.slug }, body: { source: { text } } });
        im.created.set('openapiVersions', (im.created.get('openapiVersions') ?? 0) + 1);
      });
    }
    if (spec.sourceURL) im.note(`OpenAPI spec ${spec.slug}`, `its source URL ${spec.sourceURL} is not set: the versions were imported as documents`);
  }
}
