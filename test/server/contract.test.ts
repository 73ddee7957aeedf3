import { beforeAll, describe, expect, it } from 'vitest';
import { routes, routeList, type Routes } from '../../src/api/routes/index';
import type { CallResult } from '../helpers/app';
import { platformSpec } from '../helpers/platform-spec';
import { explaining, matchOperation, platformOperations, platformValidator, unexplained } from '../helpers/platform-contract';
import { contractSetup, type ContractSetup } from './contract-setup';
import { DIFFERENCES, DOCSCTL_OWN, STATUS, type Difference } from './contract-differences';

/**
 * Every route answers what the platform's own OpenAPI document (test/helpers/platform-spec.ts) says its
 * operation answers, except for the differences listed in contract-differences.ts (docs/decisions.md,
 * "Contract test against the platform's schema").
 */
type Step = [keyof Routes, (s: ContractSetup) => Promise<CallResult>];

const org = (s: ContractSetup) => `/v1/orgs/${s.orgId}`;
const space = (s: ContractSetup) => `/v1/spaces/${s.spaceId}`;
const cr = (s: ContractSetup) => `${space(s)}/change-requests/${s.crId}`;
const site = (s: ContractSetup) => `${org(s)}/sites/${s.siteId}`;
const specs = (s: ContractSetup) => `${org(s)}/openapi`;
/** Ids that steps create and later steps use. */
const made: Record<string, string> = {};
const keep = (name: string, res: CallResult, key = 'id') => {
  made[name] = res.body?.[key];
  return res;
};

// In order: reads first, then writes, deletions last. Each route once.
const STEPS: Step[] = [
  ['listOrganizations', (s) => s.call('GET', '/v1/orgs')],
  ['getOrganizationById', (s) => s.call('GET', org(s))],
  ['updateOrganizationById', (s) => s.call('PATCH', org(s), { ai: true })],
  ['createOrganization', async (s) => keep('org', await s.call('POST', '/v1/orgs', { title: 'Acme Labs' }))],
  ['listOrganizationsForEmailDomain', (s) => s.call('GET', '/v1/email-domains/acme.example/orgs')],
  ['getAuthenticatedUser', (s) => s.call('GET', '/v1/user')],
  ['getUserById', (s) => s.call('GET', `/v1/users/${s.userId}`)],
  ['listMembersInOrganizationById', (s) => s.call('GET', `${org(s)}/members`)],
  ['getMemberInOrganizationById', (s) => s.call('GET', `${org(s)}/members/${s.userId}`)],
  ['updateMemberInOrganizationById', (s) => s.call('PATCH', `${org(s)}/members/${s.userId}`, { role: 'edit' })],
  ['updateMembersInOrganizationById', (s) => s.call('PATCH', `${org(s)}/members`, { members: [{ user: s.userId, role: 'edit' }] })],
  ['pingOrganization', (s) => s.call('POST', `${org(s)}/ping`)],
  ['updateMemberSsoInOrganizationById', (s) => s.call('POST', `${org(s)}/members/${s.userId}/sso`)],
  ['listSpacesForMemberInOrganization', (s) => s.call('GET', `${org(s)}/members/${s.userId}/spaces`)],
  ['listTeamsForMemberInOrganization', (s) => s.call('GET', `${org(s)}/members/${s.userId}/teams`)],
  ['listTeamsInOrganizationById', (s) => s.call('GET', `${org(s)}/teams`)],
  ['createOrganizationTeam', async (s) => keep('team', await s.call('PUT', `${org(s)}/teams`, { title: 'Contract' }))],
  ['getTeamInOrganizationById', (s) => s.call('GET', `${org(s)}/teams/${s.teamId}`)],
  ['updateTeamInOrganizationById', (s) => s.call('PATCH', `${org(s)}/teams/${made.team}`, { title: 'Contracts' })],
  ['listTeamMembersInOrganizationById', (s) => s.call('GET', `${org(s)}/teams/${s.teamId}/members`)],
  ['updateMembersInOrganizationTeam', (s) => s.call('PUT', `${org(s)}/teams/${made.team}/members`, { add: [s.userId] })],
  ['addMemberToOrganizationTeamById', (s) => s.call('PUT', `${org(s)}/teams/${made.team}/members/${s.adminId}`, { role: 'owner' })],
  ['deleteMemberFromOrganizationTeamById', (s) => s.call('DELETE', `${org(s)}/teams/${made.team}/members/${s.userId}`)],
  ['listOrganizationInvites', (s) => s.call('GET', `${org(s)}/link-invites`)],
  ['createOrganizationInvite', async (s) => keep('invite', await s.call('POST', `${org(s)}/link-invites`, { role: 'comment' }))],
  ['getOrganizationInviteById', (s) => s.call('GET', `${org(s)}/link-invites/${s.inviteId}`)],
  ['updateOrganizationInviteById', (s) => s.call('PATCH', `${org(s)}/link-invites/${s.inviteId}`, { role: 'review' })],
  ['inviteUsersToOrganization', (s) => s.call('POST', `${org(s)}/invites`, { emails: ['newcomer@acme.example'] })],
  ['listOrganizationSamlProviders', (s) => s.call('GET', `${org(s)}/saml`)],
  ['createOrganizationSamlProvider', async (s) => keep('saml', await s.call('POST', `${org(s)}/saml`, { label: 'Second IdP', defaultRole: 'read' }))],
  ['getOrganizationSamlProvider', (s) => s.call('GET', `${org(s)}/saml/${s.samlId}`)],
  ['updateOrganizationSamlProvider', (s) => s.call('PATCH', `${org(s)}/saml/${s.samlId}`, { label: 'Acme Okta (new)' })],
  ['getOrganizationSsoLoginInfo', (s) => s.call('GET', `${org(s)}/sso`)],
  ['listSpaces', (s) => s.call('GET', `${org(s)}/spaces`)],
  ['createSpace', async (s) => keep('space', await s.call('POST', `${org(s)}/spaces`, { title: 'Scratch' }))],
  ['getSpaceById', (s) => s.call('GET', space(s))],
  ['updateSpaceById', (s) => s.call('PATCH', `/v1/spaces/${made.space}`, { title: 'Scratch pad' })],
  ['duplicateSpace', async (s) => keep('duplicate', await s.call('POST', `/v1/spaces/${made.space}/duplicate`))],
  ['restoreSpace', (s) => s.call('POST', `/v1/spaces/${s.deletedSpaceId}/restore`)],
  ['moveSpace', (s) => s.call('POST', `/v1/spaces/${made.space}/move`, { parent: s.collectionId })],
  ['transferSpace', (s) => s.call('POST', `/v1/spaces/${made.duplicate}/transfer`, { organization: made.org })],
  ['grantSpacePermissions', (s) => s.call('POST', `/v1/spaces/${made.space}/permissions`, { role: 'edit', users: [s.userId], teams: [s.teamId] })],
  ['listSpaceUserPermissions', (s) => s.call('GET', `/v1/spaces/${made.space}/permissions/users`)],
  ['listSpaceTeamPermissions', (s) => s.call('GET', `/v1/spaces/${made.space}/permissions/teams`)],
  ['updateSpaceUserPermission', (s) => s.call('PATCH', `/v1/spaces/${made.space}/permissions/users/${s.userId}`, { role: 'read' })],
  ['updateSpaceTeamPermission', (s) => s.call('PATCH', `/v1/spaces/${made.space}/permissions/teams/${s.teamId}`, { role: 'read' })],
  ['listCollections', (s) => s.call('GET', `${org(s)}/collections`)],
  ['createCollection', async (s) => keep('collection', await s.call('POST', `${org(s)}/collections`, { title: 'Archive' }))],
  ['getCollectionById', (s) => s.call('GET', `/v1/collections/${s.collectionId}`)],
  ['updateCollectionById', (s) => s.call('PATCH', `/v1/collections/${made.collection}`, { description: 'Old things' })],
  ['listSpacesInCollectionById', (s) => s.call('GET', `/v1/collections/${s.collectionId}/spaces`)],
  ['moveCollection', (s) => s.call('POST', `/v1/collections/${made.collection}/move`, { parent: s.collectionId })],
  ['createCollection', async (s) => keep('movedCollection', await s.call('POST', `${org(s)}/collections`, { title: 'Leaving' }))],
  ['transferCollection', (s) => s.call('POST', `/v1/collections/${made.movedCollection}/transfer`, { organization: made.org })],
  ['listCustomFields', (s) => s.call('GET', `${org(s)}/custom-fields`)],
  ['createCustomField', (s) => s.call('POST', `${org(s)}/custom-fields`, { name: 'tier', type: 'number', title: 'Tier' })],
  ['getCustomField', (s) => s.call('GET', `${org(s)}/custom-fields/audience`)],
  ['updateCustomField', (s) => s.call('PATCH', `${org(s)}/custom-fields/tier`, { title: 'Support tier' })],
  ['listSpaceCustomFields', (s) => s.call('GET', `${space(s)}/custom-fields`)],
  ['updateSpaceCustomFields', (s) => s.call('PATCH', `${space(s)}/custom-fields`, { values: { tier: { value: 2 } } })],
  ['listChangeRequests', (s) => s.call('GET', `${space(s)}/change-requests`)],
  ['createChangeRequest', async (s) => keep('cr', await s.call('POST', `${space(s)}/change-requests`, { subject: 'To merge' }))],
  ['getChangeRequest', (s) => s.call('GET', cr(s))],
  ['updateChangeRequest', (s) => s.call('PATCH', cr(s), { subject: 'Contract test (renamed)' })],
  ['writeChangeRequestContent', (s) => s.call('POST', `${space(s)}/change-requests/${made.cr}/content`, { changes: [{ operation: 'insert_page', document: { markdown: '# Merged\n\nBy the contract test.\n' } }] })],
  ['updateChangeRequestFromMain', (s) => s.call('POST', `${cr(s)}/update`)],
  ['mergeChangeRequest', async (s) => keep('merge', await s.call('POST', `${space(s)}/change-requests/${made.cr}/merge`), 'revision')],
  ['getRevisionById', (s) => s.call('GET', `${space(s)}/revisions/${made.merge}`)],
  ['getPageInRevisionById', async (s) => s.call('GET', `${space(s)}/revisions/${made.merge}/page/${await pageId(s)}`)],
  ['getRevisionSemanticChanges', (s) => s.call('GET', `${space(s)}/revisions/${made.merge}/changes`)],
  // The merged change request's: no page_edited, whose `attributes` no value can match (docs/decisions.md).
  ['getChangeRequestChanges', (s) => s.call('GET', `${space(s)}/change-requests/${made.cr}/changes`)],
  ['getSpaceContent', (s) => s.call('GET', `${space(s)}/content`)],
  ['listSpacePages', (s) => s.call('GET', `${space(s)}/content/pages`)],
  ['listSpaceFiles', (s) => s.call('GET', `${space(s)}/content/files`)],
  ['getSpaceFile', (s) => s.call('GET', `${space(s)}/content/files/${s.mainFileId}`)],
  ['listSpaceReusableContents', (s) => s.call('GET', `${space(s)}/content/reusable-contents`)],
  ['getSpacePage', async (s) => s.call('GET', `${space(s)}/content/page/${await pageId(s)}`)],
  ['getSpacePageByPath', (s) => s.call('GET', `${space(s)}/content/path/links`)],
  ['getChangeRequestContent', (s) => s.call('GET', `${cr(s)}/content`)],
  ['listChangeRequestPages', (s) => s.call('GET', `${cr(s)}/content/pages`)],
  ['listChangeRequestFiles', (s) => s.call('GET', `${cr(s)}/content/files`)],
  ['getChangeRequestFile', (s) => s.call('GET', `${cr(s)}/content/files/${s.fileId}`)],
  ['listChangeRequestReusableContents', (s) => s.call('GET', `${cr(s)}/content/reusable-contents`)],
  ['getChangeRequestPage', async (s) => s.call('GET', `${cr(s)}/content/page/${await pageId(s, s.crId)}`)],
  ['getChangeRequestPageByPath', (s) => s.call('GET', `${cr(s)}/content/path/links`)],
  ['downloadSpaceFile', (s) => s.call('GET', `${space(s)}/files/${s.mainFileId}/download`)],
  ['getSpacePdf', (s) => s.call('GET', `${space(s)}/pdf`)],
  ['getChangeRequestPdf', (s) => s.call('GET', `${cr(s)}/pdf`)],
  ['downloadSpacePdf', (s) => s.call('GET', `${space(s)}/pdf/download`)],
  ['postCommentInSpace', async (s) => keep('comment', await s.call('POST', `${space(s)}/comments`, { body: { markdown: 'Is this right?' } }))],
  ['listCommentsInSpace', (s) => s.call('GET', `${space(s)}/comments`)],
  ['postCommentReplyInSpace', async (s) => keep('reply', await s.call('POST', `${space(s)}/comments/${made.comment}/replies`, { body: { markdown: 'Yes.' } }))],
  ['getCommentInSpace', (s) => s.call('GET', `${space(s)}/comments/${made.comment}`)],
  ['updateCommentInSpace', (s) => s.call('PUT', `${space(s)}/comments/${made.comment}`, { addedReactions: ['👍'] })],
  ['listCommentRepliesInSpace', (s) => s.call('GET', `${space(s)}/comments/${made.comment}/replies`)],
  ['getCommentReplyInSpace', (s) => s.call('GET', `${space(s)}/comments/${made.comment}/replies/${made.reply}`)],
  ['updateCommentReplyInSpace', (s) => s.call('PUT', `${space(s)}/comments/${made.comment}/replies/${made.reply}`, { body: { markdown: 'Yes!' } })],
  ['postCommentInChangeRequest', async (s) => keep('crComment', await s.call('POST', `${cr(s)}/comments`, { body: { markdown: 'Needs a review.' } }))],
  ['listCommentsInChangeRequest', (s) => s.call('GET', `${cr(s)}/comments`)],
  ['postCommentReplyInChangeRequest', async (s) => keep('crReply', await s.call('POST', `${cr(s)}/comments/${made.crComment}/replies`, { body: { markdown: 'On it.' } }))],
  ['getCommentInChangeRequest', (s) => s.call('GET', `${cr(s)}/comments/${made.crComment}`)],
  ['updateCommentInChangeRequest', (s) => s.call('PUT', `${cr(s)}/comments/${made.crComment}`, { resolved: true })],
  ['listCommentRepliesInChangeRequest', (s) => s.call('GET', `${cr(s)}/comments/${made.crComment}/replies`)],
  ['getCommentReplyInChangeRequest', (s) => s.call('GET', `${cr(s)}/comments/${made.crComment}/replies/${made.crReply}`)],
  ['updateCommentReplyInChangeRequest', (s) => s.call('PUT', `${cr(s)}/comments/${made.crComment}/replies/${made.crReply}`, { body: { markdown: 'Done.' } })],
  ['searchSpaceContent', (s) => s.call('GET', `${space(s)}/search?query=token`)],
  ['searchOrganizationContent', (s) => s.call('GET', `${org(s)}/search?query=token`)],
  ['listSpaceLinks', (s) => s.call('GET', `${space(s)}/links`)],
  ['listChangeRequestLinks', (s) => s.call('GET', `${cr(s)}/links`)],
  ['listSpacePageLinks', async (s) => s.call('GET', `${space(s)}/content/page/${await pageId(s)}/links`)],
  ['listChangeRequestPageLinks', async (s) => s.call('GET', `${cr(s)}/content/page/${await pageId(s, s.crId)}/links`)],
  ['listSpaceFileBacklinks', (s) => s.call('GET', `${space(s)}/content/files/${s.mainFileId}/backlinks`)],
  ['listChangeRequestFileBacklinks', (s) => s.call('GET', `${cr(s)}/content/files/${s.fileId}/backlinks`)],
  ['importContentInSpace', (s) => s.call('POST', `/v1/spaces/${made.space}/content/import`, { url: importUrl('# Imported\n\nFrom markdown.\n'), source: 'markdown' })],
  ['importContentInChangeRequest', (s) => s.call('POST', `${cr(s)}/content/import`, { url: importUrl('# Imported\n\nInto the change request.\n'), source: 'markdown' })],
  ['listSites', (s) => s.call('GET', `${org(s)}/sites`)],
  ['createSite', async (s) => keep('site', await s.call('POST', `${org(s)}/sites`, { title: 'Scratch site' }))],
  ['getSiteById', (s) => s.call('GET', site(s))],
  ['updateSiteById', (s) => s.call('PATCH', `${org(s)}/sites/${made.site}`, { title: 'Scratch site 2' })],
  ['getSiteAdaptiveSchema', (s) => s.call('GET', `${site(s)}/adaptive-schema`)],
  ['updateSiteAdaptiveSchema', (s) => s.call('PUT', `${site(s)}/adaptive-schema`, { jsonSchema: { type: 'object', properties: { isBetaUser: { type: 'boolean', description: 'Beta' } }, additionalProperties: false } })],
  ['getPublishedContentSite', (s) => s.call('GET', `${site(s)}/published`)],
  ['getSiteShareLink', (s) => s.call('GET', `${site(s)}/share-link`)],
  ['getSiteVisitorAuth', (s) => s.call('GET', `${site(s)}/visitor-auth`)],
  ['updateSiteVisitorAuth', (s) => s.call('PATCH', `${site(s)}/visitor-auth`, { fallbackUrl: 'https://auth.example.com/login' })],
  ['rotateSiteVisitorKey', (s) => s.call('POST', `${site(s)}/visitor-auth/rotate`)],
  ['rotateSiteShareLink', (s) => s.call('POST', `${site(s)}/share-link/rotate`)],
  ['listSiteSectionGroups', (s) => s.call('GET', `${site(s)}/section-groups`)],
  ['listSiteSections', (s) => s.call('GET', `${site(s)}/sections`)],
  ['listSiteSpaces', (s) => s.call('GET', `${site(s)}/site-spaces`)],
  ['addSiteSection', async (s) => {
    const res = keep('section', await s.call('POST', `${site(s)}/sections`, { spaceId: made.space, title: 'Scratch' }));
    made.sectionSiteSpace = res.body?.siteSpaces?.[0]?.id;
    return res;
  }],
  ['updateSiteSection', (s) => s.call('PATCH', `${site(s)}/sections/${made.section}`, { description: 'Notes' })],
  ['moveSiteSection', (s) => s.call('POST', `${site(s)}/sections/${made.section}/move`, { position: { after: { type: 'site-section', siteSection: s.changelogSectionId } } })],
  ['createSiteSectionGroup', async (s) => keep('group', await s.call('POST', `${site(s)}/section-groups`, { title: 'More' }))],
  ['updateSiteSectionGroup', (s) => s.call('PATCH', `${site(s)}/section-groups/${made.group}`, { title: 'Even more' })],
  ['addSiteSectionToGroup', (s) => s.call('POST', `${site(s)}/section-groups/${made.group}/sections`, { sectionId: made.section })],
  ['moveSiteSectionGroup', (s) => s.call('POST', `${site(s)}/section-groups/${s.groupId}/move`, { position: { after: { type: 'site-section', id: s.changelogSectionId } } })],
  ['addSiteSpace', async (s) => keep('siteSpace', await s.call('POST', `${site(s)}/site-spaces`, { spaceId: s.spaceId, sectionId: made.section }))],
  ['updateSiteSpace', (s) => s.call('PATCH', `${site(s)}/site-spaces/${made.siteSpace}`, { path: 'rest' })],
  ['moveSiteSpace', (s) => s.call('POST', `${site(s)}/site-spaces/${made.siteSpace}/move`, { position: { before: { type: 'site-space', siteSpace: made.sectionSiteSpace } } })],
  ['listOpenAPISpecs', (s) => s.call('GET', specs(s))],
  ['createOpenAPISpec', (s) => s.call('POST', specs(s), { slug: 'petstore', source: { text: s.specText } })],
  ['createOrUpdateOpenAPISpecBySlug', (s) => s.call('PUT', `${specs(s)}/petstore`, { source: { text: s.specText } })],
  ['getOpenAPISpecBySlug', (s) => s.call('GET', `${specs(s)}/petstore`)],
  ['listOpenAPISpecVersions', (s) => s.call('GET', `${specs(s)}/petstore/versions`)],
  ['getLatestOpenAPISpecVersion', async (s) => keep('version', await s.call('GET', `${specs(s)}/petstore/versions/latest`))],
  ['getLatestOpenAPISpecVersionContent', (s) => s.call('GET', `${specs(s)}/petstore/versions/latest/content`)],
  ['getOpenAPISpecVersionById', (s) => s.call('GET', `${specs(s)}/petstore/versions/${made.version}`)],
  ['getOpenAPISpecVersionContentById', (s) => s.call('GET', `${specs(s)}/petstore/versions/${made.version}/content`)],
  ['downloadOpenAPISpecVersion', (s) => s.call('GET', `${specs(s)}/petstore/versions/${made.version}/raw`)],
  ['listTranslations', (s) => s.call('GET', `${org(s)}/translations`)],
  ['createTranslation', async (s) => keep('translation', await s.call('POST', `${org(s)}/translations`, { title: 'French' }))],
  ['getTranslationById', (s) => s.call('GET', `${org(s)}/translations/${made.translation}`)],
  ['updateTranslationById', (s) => s.call('PUT', `${org(s)}/translations/${made.translation}`, { title: 'Français' })],
  ['listOrganizationAuditLog', (s) => s.call('GET', `${org(s)}/audit-log`)],
  // Deletions last.
  ['deleteTranslationById', (s) => s.call('DELETE', `${org(s)}/translations/${made.translation}`)],
  ['deleteOpenAPISpecBySlug', (s) => s.call('DELETE', `${specs(s)}/petstore`)],
  ['deleteSiteSpace', (s) => s.call('DELETE', `${site(s)}/site-spaces/${made.siteSpace}`)],
  ['removeSiteSectionFromGroup', (s) => s.call('DELETE', `${site(s)}/section-groups/${made.group}/sections/${made.section}`)],
  ['deleteSiteSectionGroup', (s) => s.call('DELETE', `${site(s)}/section-groups/${made.group}`)],
  ['deleteSiteSection', (s) => s.call('DELETE', `${site(s)}/sections/${made.section}`)],
  ['deleteSiteById', (s) => s.call('DELETE', `${org(s)}/sites/${made.site}`)],
  ['deleteCommentReplyInChangeRequest', (s) => s.call('DELETE', `${cr(s)}/comments/${made.crComment}/replies/${made.crReply}`)],
  ['deleteCommentInChangeRequest', (s) => s.call('DELETE', `${cr(s)}/comments/${made.crComment}`)],
  ['deleteCommentReplyInSpace', (s) => s.call('DELETE', `${space(s)}/comments/${made.comment}/replies/${made.reply}`)],
  ['deleteCommentInSpace', (s) => s.call('DELETE', `${space(s)}/comments/${made.comment}`)],
  ['removeSpaceTeamPermission', (s) => s.call('DELETE', `/v1/spaces/${made.space}/permissions/teams/${s.teamId}`)],
  ['removeSpaceUserPermission', (s) => s.call('DELETE', `/v1/spaces/${made.space}/permissions/users/${s.userId}`)],
  ['deleteCustomField', (s) => s.call('DELETE', `${org(s)}/custom-fields/tier`)],
  ['deleteCollectionById', (s) => s.call('DELETE', `/v1/collections/${made.collection}`)],
  ['deleteSpaceById', (s) => s.call('DELETE', `/v1/spaces/${made.space}`)],
  ['deleteOrganizationSamlProvider', (s) => s.call('DELETE', `${org(s)}/saml/${made.saml}`)],
  ['deleteOrganizationInviteById', (s) => s.call('DELETE', `${org(s)}/link-invites/${made.invite}`)],
  ['deleteTeamInOrganizationById', (s) => s.call('DELETE', `${org(s)}/teams/${made.team}`)],
  ['removeMemberFromOrganizationById', (s) => s.call('DELETE', `${org(s)}/members/${s.userId}`)],
];

/** Imports read this markdown from the import fixture site on a local port (set in beforeAll). */
let importBase = '';
const importUrl = (markdown: string) => `${importBase}?md=${encodeURIComponent(markdown)}`;

/** The id of the page titled "Links" in the space or a change request. */
async function pageId(s: ContractSetup, crId?: string): Promise<string> {
  const res = await s.call('GET', crId ? `${space(s)}/change-requests/${crId}/content/pages` : `${space(s)}/content/pages`);
  return (res.body.pages as { id: string; title: string }[]).find((p) => p.title === 'Links')!.id;
}

let s: ContractSetup;
const doc = platformSpec();
const operations = platformOperations(doc);
const validate = platformValidator(doc);

beforeAll(async () => {
  const { fixtureSite } = await import('../fixtures/import/server');
  const site = await fixtureSite({
    '/page.md': (req, res) => {
      res.writeHead(200, { 'content-type': 'text/markdown; charset=utf-8' });
      res.end(new URL(req.url!, 'http://x').searchParams.get('md'));
    },
  });
  importBase = `${site.url}/page.md`;
  s = await contractSetup();
  return () => site.close();
}, 60_000);

/** Reads of one page, which carry its content (`markdown` or `document`, by `format`). */
const SINGLE_PAGE_READS = new Set<string>(['getSpacePage', 'getSpacePageByPath', 'getChangeRequestPage', 'getChangeRequestPageByPath', 'getPageInRevisionById']);

describe('the platform contract', () => {
  it('every route is exercised by a step, or is docsctl\'s own', () => {
    const exercised = new Set(STEPS.map(([op]) => op));
    const missing = routeList.filter((r) => !exercised.has(r.operationId as keyof Routes) && !(r.operationId in DOCSCTL_OWN));
    expect(missing.map((r) => r.operationId), 'routes neither exercised by the contract test nor listed as docsctl\'s own').toEqual([]);
  });

  it('docsctl\'s own routes have no platform operation, and every other route has one', () => {
    const own = routeList.filter((r) => r.operationId in DOCSCTL_OWN && matchOperation(operations, r)).map((r) => r.operationId);
    expect(own, 'listed as docsctl\'s own but the platform has the operation').toEqual([]);
    const unmatched = routeList.filter((r) => !(r.operationId in DOCSCTL_OWN) && !matchOperation(operations, r)).map((r) => r.operationId);
    expect(unmatched, 'no platform operation: list the route in DOCSCTL_OWN with why').toEqual([]);
  });

  const seen = new Set<string>();
  const used = new Set<Difference>();
  let ran = 0;
  for (const [operationId, run] of STEPS) {
    const first = !seen.has(operationId);
    seen.add(operationId);
    it(`${operationId}${first ? '' : ' (again, for a later step)'}`, async () => {
      const route = routes[operationId];
      const res = await run(s);
      ran++;
      expect(res.status, `${route.method} ${route.path}: ${JSON.stringify(res.body)}`).toBe(route.status);
      // The one relaxed schema (a document page without content, for the listings): single reads have it.
      if (SINGLE_PAGE_READS.has(operationId) && res.body.type === 'document') expect('markdown' in res.body || 'document' in res.body, `${operationId} carries the page's content`).toBe(true);
      const match = matchOperation(operations, route);
      if (!match || !first) return;
      const listed = DIFFERENCES.filter((d) => d.route === operationId);
      const declared = [...match.operation.responses.keys()];
      const statusDiffers = declared.length > 0 && !declared.includes(route.status);
      const status = listed.find((d) => d.pointer === STATUS);
      if (statusDiffers && status) used.add(status);
      expect(statusDiffers && !status, `${operationId} answers ${route.status}, the platform's ${match.operation.operationId} ${declared.join(' or ')}`).toBe(false);
      const pointer = match.operation.responses.get(route.status) ?? [...match.operation.responses.values()].find(Boolean);
      if (route.raw || !route.response || !pointer) return;
      const errors = validate(pointer, res.body);
      const pointers = listed.map((d) => d.pointer);
      for (const p of explaining(errors, pointers)) listed.filter((d) => d.pointer === p).forEach((d) => used.add(d));
      // CONTRACT_DEBUG=1 prints every unexplained difference in full (the assertion shortens them).
      if (process.env.CONTRACT_DEBUG) console.log(operationId, JSON.stringify(unexplained(errors, pointers), null, 0).slice(0, 6000));
      expect(unexplained(errors, pointers), `${operationId} differs from the platform's ${match.operation.operationId}`).toEqual([]);
    });
  }

  it('every listed difference still occurs (delete the line of one that was fixed)', () => {
    // Meaningful only after every step (not when a filter ran some of them).
    if (ran < STEPS.length) return;
    const stale = DIFFERENCES.filter((d) => !used.has(d)).map((d) => `${d.route} ${d.pointer}`);
    expect(stale).toEqual([]);
  });
});
