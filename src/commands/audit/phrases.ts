import type { AuditRecord } from '../../api/resources';

/**
 * What each write did, as a person says it: ONE table, keyed by operation id, of verb phrases in which
 * `{name}` is a target of the record (its key in `targets`: `{spaceId}`, `{created}`), shown by its
 * name as it was then (`space "Employee handbook"`, `Grace Hopper <grace@example.com>`, `change request
 * #3 "Fix typos"`) or, on records written before names were kept, by its id. An operation missing here
 * still reads as its id in words (`rotateSiteShareLink` → `rotated site share link`), but a test walks
 * the route table so that none is.
 */
export const PHRASES: Record<string, string> = {
  // Organizations and people.
  createOrganization: 'created organization {created}',
  updateOrganizationById: 'updated organization {organizationId}',
  pingOrganization: 'pinged organization {organizationId}',
  updateMemberInOrganizationById: 'updated member {userId}',
  updateMembersInOrganizationById: 'changed the roles of members',
  removeMemberFromOrganizationById: 'removed member {userId}',
  updateMemberSsoInOrganizationById: 'turned on SSO for member {userId}',
  inviteUsersToOrganization: 'invited people by e-mail',
  createOrganizationInvite: 'created an invite link',
  updateOrganizationInviteById: 'updated an invite link',
  deleteOrganizationInviteById: 'deleted an invite link',
  createOrganizationSamlProvider: 'added SAML provider {created}',
  updateOrganizationSamlProvider: 'updated SAML provider {samlProviderId}',
  deleteOrganizationSamlProvider: 'deleted SAML provider {samlProviderId}',
  createOrganizationToken: 'created token {created}',
  revokeOrganizationToken: 'revoked token {tokenId}',
  createWebhook: 'created webhook {created}',
  updateWebhook: 'updated webhook {webhookId}',
  deleteWebhook: 'deleted webhook {webhookId}',
  redeliverWebhookDelivery: 'redelivered delivery {deliveryId} of webhook {webhookId}',
  pingWebhook: 'pinged webhook {webhookId}',
  // Teams.
  createOrganizationTeam: 'created team {created}',
  updateTeamInOrganizationById: 'updated team {teamId}',
  deleteTeamInOrganizationById: 'deleted team {teamId}',
  addMemberToOrganizationTeamById: 'added {userId} to team {teamId}',
  deleteMemberFromOrganizationTeamById: 'removed {userId} from team {teamId}',
  updateMembersInOrganizationTeam: 'changed the members of team {teamId}',
  // Spaces, their access and fields.
  createSpace: 'created space {created}',
  updateSpaceById: 'updated space {spaceId}',
  deleteSpaceById: 'deleted space {spaceId}',
  restoreSpace: 'restored space {spaceId}',
  duplicateSpace: 'duplicated space {spaceId} as {created}',
  moveSpace: 'moved space {spaceId}',
  transferSpace: 'transferred space {spaceId}',
  grantSpacePermissions: 'granted access to space {spaceId}',
  updateSpaceUserPermission: 'changed the access of {userId} to space {spaceId}',
  updateSpaceTeamPermission: 'changed the access of team {teamId} to space {spaceId}',
  removeSpaceUserPermission: 'removed the access of {userId} to space {spaceId}',
  removeSpaceTeamPermission: 'removed the access of team {teamId} to space {spaceId}',
  updateSpaceCustomFields: 'set the custom fields of space {spaceId}',
  createSpaceUpload: 'uploaded a file to space {spaceId}',
  importContentInSpace: 'imported content into space {spaceId}',
  // Collections and custom fields.
  createCollection: 'created collection {created}',
  updateCollectionById: 'updated collection {collectionId}',
  deleteCollectionById: 'deleted collection {collectionId}',
  moveCollection: 'moved collection {collectionId}',
  transferCollection: 'transferred collection {collectionId}',
  createCustomField: 'created custom field {created}',
  updateCustomField: 'updated custom field {fieldName}',
  deleteCustomField: 'deleted custom field {fieldName}',
  // Change requests.
  createChangeRequest: 'opened change request {created} in space {spaceId}',
  updateChangeRequest: 'updated change request {changeRequestId} in space {spaceId}',
  mergeChangeRequest: 'merged change request {changeRequestId} into space {spaceId}',
  updateChangeRequestFromMain: 'updated change request {changeRequestId} from space {spaceId}',
  writeChangeRequestContent: 'edited change request {changeRequestId} in space {spaceId}',
  importContentInChangeRequest: 'imported content into change request {changeRequestId} in space {spaceId}',
  restoreRevision: 'restored revision {revisionId} in space {spaceId}',
  // Comments.
  postCommentInSpace: 'commented in space {spaceId}',
  updateCommentInSpace: 'edited a comment in space {spaceId}',
  deleteCommentInSpace: 'deleted a comment in space {spaceId}',
  postCommentReplyInSpace: 'replied to a comment in space {spaceId}',
  updateCommentReplyInSpace: 'edited a reply in space {spaceId}',
  deleteCommentReplyInSpace: 'deleted a reply in space {spaceId}',
  postCommentInChangeRequest: 'commented on change request {changeRequestId} in space {spaceId}',
  updateCommentInChangeRequest: 'edited a comment on change request {changeRequestId} in space {spaceId}',
  deleteCommentInChangeRequest: 'deleted a comment on change request {changeRequestId} in space {spaceId}',
  postCommentReplyInChangeRequest: 'replied to a comment on change request {changeRequestId} in space {spaceId}',
  updateCommentReplyInChangeRequest: 'edited a reply on change request {changeRequestId} in space {spaceId}',
  deleteCommentReplyInChangeRequest: 'deleted a reply on change request {changeRequestId} in space {spaceId}',
  // Sites.
  createSite: 'created site {created}',
  updateSiteById: 'updated site {siteId}',
  deleteSiteById: 'deleted site {siteId}',
  rotateSiteShareLink: 'rotated the share link of site {siteId}',
  getSiteVisitorAuth: 'read the visitor signing key of site {siteId}',
  updateSiteVisitorAuth: 'changed the visitor fallback URL of site {siteId}',
  rotateSiteVisitorKey: 'rotated the visitor signing key of site {siteId}',
  addSiteApiReference: 'added an API reference section to site {siteId}',
  updateSiteAdaptiveSchema: 'updated the adaptive schema of site {siteId}',
  addSiteSection: 'added section {created} to site {siteId}',
  updateSiteSection: 'updated section {siteSectionId} of site {siteId}',
  moveSiteSection: 'moved section {siteSectionId} of site {siteId}',
  deleteSiteSection: 'deleted section {siteSectionId} of site {siteId}',
  createSiteSectionGroup: 'added section group {created} to site {siteId}',
  updateSiteSectionGroup: 'updated section group {siteSectionGroupId} of site {siteId}',
  moveSiteSectionGroup: 'moved section group {siteSectionGroupId} of site {siteId}',
  deleteSiteSectionGroup: 'deleted section group {siteSectionGroupId} of site {siteId}',
  addSiteSectionToGroup: 'added section {created} to group {siteSectionGroupId} of site {siteId}',
  removeSiteSectionFromGroup: 'removed section {siteSectionId} from group {siteSectionGroupId} of site {siteId}',
  addSiteSpace: 'added space {created} to site {siteId}',
  updateSiteSpace: 'updated space {siteSpaceId} in site {siteId}',
  moveSiteSpace: 'moved space {siteSpaceId} in site {siteId}',
  deleteSiteSpace: 'removed space {siteSpaceId} from site {siteId}',
  // OpenAPI specs and translations.
  createOpenAPISpec: 'published OpenAPI spec {created}',
  createOrUpdateOpenAPISpecBySlug: 'published OpenAPI spec {specSlug}',
  deleteOpenAPISpecBySlug: 'deleted OpenAPI spec {specSlug}',
  createTranslation: 'created translation {created}',
  updateTranslationById: 'updated translation {translationSettingsId}',
  deleteTranslationById: 'deleted translation {translationSettingsId}',
};

type Detail = NonNullable<AuditRecord['targetDetails']>[number];

/** The person who made a write: `Grace Hopper <grace@example.com>` as they were then, else their id. */
export function actorOf(r: AuditRecord): string {
  const user = r.actorUser;
  if (!user) return r.actor.user;
  return user.displayName && user.displayName !== user.email ? `${user.displayName} <${user.email}>` : user.email;
}

/** A target as a person names it: a title in quotes, a person, a change request's number; else its id. */
export function targetLabel(r: AuditRecord, name: string): string {
  const detail: Detail | undefined = r.targetDetails?.find((d) => d.name === name);
  const id = r.targets[name] ?? detail?.id ?? '';
  if (!detail) return /^\d+$/.test(id) && name === 'changeRequestId' ? `#${id}` : id;
  if (detail.kind === 'user') {
    if (detail.title && detail.email && detail.title !== detail.email) return `${detail.title} <${detail.email}>`;
    return detail.email ?? detail.title ?? id;
  }
  const quoted = detail.title !== undefined ? JSON.stringify(detail.title) : undefined;
  if (detail.number !== undefined) return quoted ? `#${detail.number} ${quoted}` : `#${detail.number}`;
  return quoted ?? id;
}

const IRREGULAR: Record<string, string> = { put: 'put', set: 'set', send: 'sent', write: 'wrote', get: 'got', transfer: 'transferred', ping: 'pinged' };

/** A verb in the past tense: `create` → `created`, `add` → `added`, `copy` → `copied`. */
function past(verb: string): string {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (verb.endsWith('e')) return `${verb}d`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ied`;
  return `${verb}ed`;
}

/**
 * An operation the table does not know, in words: its id split at capitals, the verb in the past tense,
 * `ById`, `InOrganization`… left out, then the records' targets (but the organization) by kind and name.
 */
function generic(r: AuditRecord): string {
  const words = r.action.replace(/ById$/, '').replace(/(In|From|To)(Organization|Space|ChangeRequest)$/, '').split(/(?=[A-Z])/).map((w) => w.toLowerCase());
  const [verb = r.action, ...rest] = words;
  const targets = Object.keys(r.targets)
    .filter((name) => name !== 'organizationId')
    .map((name) => `${r.targetDetails?.find((d) => d.name === name)?.kind ?? name.replace(/Id$/, '')} ${targetLabel(r, name)}`);
  return [past(verb), ...rest].join(' ') + (targets.length ? `: ${targets.join(', ')}` : '');
}

/** What the body changed, for updates (its field names), and how many of each list it sent (empty lists say nothing). */
function detailsOf(r: AuditRecord): string {
  const counted = Object.entries(r.summary.counts).filter(([, n]) => n > 0).map(([key, n]) => `${key}: ${n}`);
  const fields = r.method === 'PATCH' ? r.summary.fields.filter((f) => !(f in r.summary.counts)) : [];
  const all = [...fields, ...counted];
  return all.length ? ` (${all.join(', ')})` : '';
}

/** The record as a sentence without its subject: `deleted space "Employee handbook"`. */
export function phraseOf(r: AuditRecord): string {
  const template = PHRASES[r.action];
  const text = template === undefined
    ? generic(r)
    : template.replace(/\{(\w+)\}/g, (_, name: string) => targetLabel(r, name)).replace(/ {2,}/g, ' ').trim();
  return text + detailsOf(r);
}
