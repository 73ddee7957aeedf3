import type { Engine, Actor } from '../engine/index';
import { routes, type Routes } from '../api/routes/index';
import type { ResultOf, ValidInput } from '../api/routes/route';
import { withStatus, type WithStatus } from './status';
import type { RawFile } from './raw-response';

/** An operation answers its route's response (as its schema describes it), now or later, or with another status. */
/** What an operation answers: a route without a response schema answers nothing (204) or bytes (raw routes). */
type Body<T> = T extends undefined ? void | RawFile : T;
type Answer<T> = Body<T> | WithStatus | Promise<Body<T> | WithStatus>;
type Operation<R> = (engine: Engine, actor: Actor, input: ValidInput<R>) => Answer<ResultOf<R>>;
type Operations = { [K in keyof Routes]: Operation<Routes[K]> };

/** Binds every operationId of the route table to the engine. No rules live here, only the wiring. */
export const operations: Operations = {
  listOrganizations: (e, a, { query }) => e.organizations.list(a, query),
  listOrganizationAuditLog: (e, a, { params, query }) => e.audit.list(a, params.organizationId, query),
  getOrganizationById: (e, a, { params }) => e.organizations.get(a, params.organizationId),
  updateOrganizationById: (e, a, { params, body }) => e.organizations.update(a, params.organizationId, body),
  listOrganizationsForEmailDomain: (e, a, { params }) => e.organizations.byEmailDomain(a, params.emailDomain),
  getAuthenticatedUser: (e, a) => e.users.current(a),
  getUserById: (e, a, { params }) => e.users.get(a, params.userId),

  listMembersInOrganizationById: (e, a, { params, query }) => e.members.list(a, params.organizationId, query),
  getMemberInOrganizationById: (e, a, { params }) => e.members.get(a, params.organizationId, params.userId),
  updateMemberInOrganizationById: (e, a, { params, body }) => e.members.update(a, params.organizationId, params.userId, body),
  removeMemberFromOrganizationById: (e, a, { params }) => e.members.remove(a, params.organizationId, params.userId),
  pingOrganization: (e, a, { params }) => e.members.ping(a, params.organizationId),
  updateMemberSsoInOrganizationById: (e, a, { params }) => e.members.enableSso(a, params.organizationId, params.userId),
  listSpacesForMemberInOrganization: (e, a, { params, query }) => e.spaces.ofMember(a, params.organizationId, params.userId, query),
  listTeamsForMemberInOrganization: (e, a, { params, query }) => e.teams.ofMember(a, params.organizationId, params.userId, query),

  listTeamsInOrganizationById: (e, a, { params, query }) => e.teams.list(a, params.organizationId, query),
  createOrganizationTeam: (e, a, { params, body }) => e.teams.create(a, params.organizationId, body),
  getTeamInOrganizationById: (e, a, { params }) => e.teams.get(a, params.organizationId, params.teamId),
  updateTeamInOrganizationById: (e, a, { params, body }) => e.teams.update(a, params.organizationId, params.teamId, body),
  deleteTeamInOrganizationById: (e, a, { params }) => e.teams.remove(a, params.organizationId, params.teamId),
  listTeamMembersInOrganizationById: (e, a, { params, query }) => e.teams.members(a, params.organizationId, params.teamId, query),
  updateMembersInOrganizationTeam: (e, a, { params, body }) => e.teams.changeMembers(a, params.organizationId, params.teamId, body),
  addMemberToOrganizationTeamById: (e, a, { params, body }) =>
    e.teams.putMember(a, params.organizationId, params.teamId, params.userId, body),
  deleteMemberFromOrganizationTeamById: (e, a, { params }) =>
    e.teams.removeMember(a, params.organizationId, params.teamId, params.userId),

  listOrganizationInvites: (e, a, { params, query }) => e.invites.list(a, params.organizationId, query),
  createOrganizationInvite: (e, a, { params, body }) => e.invites.createLink(a, params.organizationId, body),
  getOrganizationInviteById: (e, a, { params }) => e.invites.get(a, params.organizationId, params.inviteId),
  updateOrganizationInviteById: (e, a, { params, body }) => e.invites.update(a, params.organizationId, params.inviteId, body),
  deleteOrganizationInviteById: (e, a, { params }) => e.invites.remove(a, params.organizationId, params.inviteId),
  inviteUsersToOrganization: (e, a, { params, body }) => e.invites.byEmail(a, params.organizationId, body),

  listOrganizationSamlProviders: (e, a, { params, query }) => e.saml.list(a, params.organizationId, query),
  createOrganizationSamlProvider: (e, a, { params, body }) => e.saml.create(a, params.organizationId, body),
  getOrganizationSamlProvider: (e, a, { params }) => e.saml.get(a, params.organizationId, params.samlProviderId),
  updateOrganizationSamlProvider: (e, a, { params, body }) => e.saml.update(a, params.organizationId, params.samlProviderId, body),
  deleteOrganizationSamlProvider: (e, a, { params }) => e.saml.remove(a, params.organizationId, params.samlProviderId),
  getOrganizationSsoLoginInfo: (e, a, { params }) => e.saml.loginInfo(a, params.organizationId),

  listSpaces: (e, a, { params, query }) => e.spaces.list(a, params.organizationId, query),
  createSpace: (e, a, { params, body }) => e.spaces.create(a, params.organizationId, body),
  getSpaceById: (e, a, { params }) => e.spaces.get(a, params.spaceId),
  updateSpaceById: (e, a, { params, body }) => e.spaces.update(a, params.spaceId, body),
  deleteSpaceById: (e, a, { params }) => e.spaces.remove(a, params.spaceId),
  duplicateSpace: (e, a, { params }) => e.spaces.duplicate(a, params.spaceId),
  restoreSpace: (e, a, { params }) => e.spaces.restore(a, params.spaceId),
  moveSpace: (e, a, { params, body }) => e.spaces.move(a, params.spaceId, body),
  transferSpace: (e, a, { params, body }) => e.spaces.transfer(a, params.spaceId, body),
  grantSpacePermissions: (e, a, { params, body }) => e.spacePermissions.grant(a, params.spaceId, body),
  listSpaceUserPermissions: (e, a, { params, query }) => e.spacePermissions.listUsers(a, params.spaceId, query),
  listSpaceTeamPermissions: (e, a, { params, query }) => e.spacePermissions.listTeams(a, params.spaceId, query),
  updateSpaceUserPermission: (e, a, { params, body }) => e.spacePermissions.updateUser(a, params.spaceId, params.userId, body),
  removeSpaceUserPermission: (e, a, { params }) => e.spacePermissions.remove(a, params.spaceId, 'user', params.userId),
  updateSpaceTeamPermission: (e, a, { params, body }) => e.spacePermissions.updateTeam(a, params.spaceId, params.teamId, body),
  removeSpaceTeamPermission: (e, a, { params }) => e.spacePermissions.remove(a, params.spaceId, 'team', params.teamId),

  listCollections: (e, a, { params, query }) => e.collections.list(a, params.organizationId, query),
  createCollection: (e, a, { params, body }) => e.collections.create(a, params.organizationId, body),
  getCollectionById: (e, a, { params }) => e.collections.get(a, params.collectionId),
  updateCollectionById: (e, a, { params, body }) => e.collections.update(a, params.collectionId, body),
  deleteCollectionById: (e, a, { params }) => e.collections.remove(a, params.collectionId),
  listSpacesInCollectionById: (e, a, { params, query }) => e.spaces.listInCollection(a, params.collectionId, query),
  moveCollection: (e, a, { params, body }) => e.collections.move(a, params.collectionId, body),
  transferCollection: (e, a, { params, body }) => e.collections.transfer(a, params.collectionId, body),

  listCustomFields: (e, a, { params, query }) => e.customFields.list(a, params.organizationId, query),
  createCustomField: (e, a, { params, body }) => e.customFields.create(a, params.organizationId, body),
  getCustomField: (e, a, { params }) => e.customFields.get(a, params.organizationId, params.fieldName),
  updateCustomField: (e, a, { params, body }) => e.customFields.update(a, params.organizationId, params.fieldName, body),
  deleteCustomField: (e, a, { params }) => e.customFields.remove(a, params.organizationId, params.fieldName),
  listSpaceCustomFields: (e, a, { params }) => e.customFields.valuesOf(a, params.spaceId),
  updateSpaceCustomFields: (e, a, { params, body }) => e.customFields.setValues(a, params.spaceId, body.values),

  listChangeRequests: (e, a, { params, query }) => e.changeRequests.list(a, params.spaceId, query),
  createChangeRequest: (e, a, { params, body }) => e.changeRequests.create(a, params.spaceId, body),
  getChangeRequest: (e, a, { params }) => e.changeRequests.get(a, params.spaceId, params.changeRequestId),
  updateChangeRequest: (e, a, { params, body }) => e.changeRequests.update(a, params.spaceId, params.changeRequestId, body),
  mergeChangeRequest: (e, a, { params }) => e.changeRequests.merge(a, params.spaceId, params.changeRequestId),
  updateChangeRequestFromMain: (e, a, { params }) => e.changeRequests.updateFromMain(a, params.spaceId, params.changeRequestId),
  writeChangeRequestContent: (e, a, { params, body }) => e.changeRequests.write(a, params.spaceId, params.changeRequestId, body.changes),

  getSpaceContent: (e, a, { params }) => e.content.revision(a, { spaceId: params.spaceId }),
  listSpacePages: (e, a, { params }) => e.content.pages(a, { spaceId: params.spaceId }),
  listSpaceFiles: (e, a, { params, query }) => e.content.files(a, { spaceId: params.spaceId }, query),
  getSpaceFile: (e, a, { params }) => e.content.file(a, { spaceId: params.spaceId }, params.fileId),
  getSpacePage: (e, a, { params, query }) => e.content.page(a, { spaceId: params.spaceId }, params.pageId, query.format, query.computed),
  getSpacePageByPath: (e, a, { params, query }) => e.content.pageByPath(a, { spaceId: params.spaceId }, params.pagePath, query.format, query.computed),
  getChangeRequestContent: (e, a, { params }) => e.content.revision(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }),
  listChangeRequestPages: (e, a, { params }) => e.content.pages(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }),
  listChangeRequestFiles: (e, a, { params, query }) =>
    e.content.files(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, query),
  getChangeRequestFile: (e, a, { params }) => e.content.file(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.fileId),
  getChangeRequestPage: (e, a, { params, query }) =>
    e.content.page(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.pageId, query.format, query.computed),
  getChangeRequestPageByPath: (e, a, { params, query }) =>
    e.content.pageByPath(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.pagePath, query.format, query.computed),
  downloadSpaceFile: (e, a, { params }) => e.content.download(a, params.spaceId, params.fileId),
  getSpacePdf: (e, a, { params, query }) => e.content.pdfUrl(a, { spaceId: params.spaceId }, query),
  getChangeRequestPdf: (e, a, { params, query }) => e.content.pdfUrl(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, query),
  downloadSpacePdf: (e, a, { params, query }) => e.content.pdf(a, params.spaceId, query),

  // comments
  listCommentsInSpace: (e, a, { params, query }) => e.comments.list(a, { spaceId: params.spaceId }, query),
  postCommentInSpace: (e, a, { params, query, body }) => e.comments.create(a, { spaceId: params.spaceId }, body, query.format),
  getCommentInSpace: (e, a, { params, query }) => e.comments.get(a, { spaceId: params.spaceId }, params.commentId, query.format),
  updateCommentInSpace: (e, a, { params, query, body }) => e.comments.update(a, { spaceId: params.spaceId }, params.commentId, body, query.format),
  deleteCommentInSpace: (e, a, { params }) => e.comments.remove(a, { spaceId: params.spaceId }, params.commentId),
  listCommentRepliesInSpace: (e, a, { params, query }) => e.comments.listReplies(a, { spaceId: params.spaceId }, params.commentId, query),
  postCommentReplyInSpace: (e, a, { params, query, body }) => e.comments.createReply(a, { spaceId: params.spaceId }, params.commentId, body, query.format),
  getCommentReplyInSpace: (e, a, { params, query }) =>
    e.comments.getReply(a, { spaceId: params.spaceId }, params.commentId, params.commentReplyId, query.format),
  updateCommentReplyInSpace: (e, a, { params, query, body }) =>
    e.comments.updateReply(a, { spaceId: params.spaceId }, params.commentId, params.commentReplyId, body, query.format),
  deleteCommentReplyInSpace: (e, a, { params }) => e.comments.removeReply(a, { spaceId: params.spaceId }, params.commentId, params.commentReplyId),
  listCommentsInChangeRequest: (e, a, { params, query }) =>
    e.comments.list(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, query),
  postCommentInChangeRequest: (e, a, { params, query, body }) =>
    e.comments.create(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, body, query.format),
  getCommentInChangeRequest: (e, a, { params, query }) =>
    e.comments.get(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, query.format),
  updateCommentInChangeRequest: (e, a, { params, query, body }) =>
    e.comments.update(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, body, query.format),
  deleteCommentInChangeRequest: (e, a, { params }) =>
    e.comments.remove(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId),
  listCommentRepliesInChangeRequest: (e, a, { params, query }) =>
    e.comments.listReplies(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, query),
  postCommentReplyInChangeRequest: (e, a, { params, query, body }) =>
    e.comments.createReply(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, body, query.format),
  getCommentReplyInChangeRequest: (e, a, { params, query }) =>
    e.comments.getReply(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, params.commentReplyId, query.format),
  updateCommentReplyInChangeRequest: (e, a, { params, query, body }) =>
    e.comments.updateReply(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, params.commentReplyId, body, query.format),
  deleteCommentReplyInChangeRequest: (e, a, { params }) =>
    e.comments.removeReply(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, params.commentReplyId),

  // search
  searchSpaceContent: (e, a, { params, query }) => e.search.space(a, params.spaceId, query),
  searchOrganizationContent: (e, a, { params, query }) => e.search.organization(a, params.organizationId, query),

  // links
  listSpaceLinks: (e, a, { params, query }) => e.links.list(a, { spaceId: params.spaceId }, query),
  listChangeRequestLinks: (e, a, { params, query }) => e.links.list(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, query),
  listSpacePageLinks: (e, a, { params, query }) => e.links.list(a, { spaceId: params.spaceId }, query, params.pageId),
  listChangeRequestPageLinks: (e, a, { params, query }) =>
    e.links.list(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, query, params.pageId),
  listSpaceFileBacklinks: (e, a, { params, query }) => e.links.backlinks(a, { spaceId: params.spaceId }, params.fileId, query),
  listChangeRequestFileBacklinks: (e, a, { params, query }) =>
    e.links.backlinks(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.fileId, query),

  // import
  importContentInSpace: (e, a, { params, body }) => e.imports.importContent(a, { spaceId: params.spaceId }, body),
  importContentInChangeRequest: (e, a, { params, body }) =>
    e.imports.importContent(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, body),

  // sites
  listSites: (e, a, { params, query }) => e.sites.list(a, params.organizationId, query),
  createSite: (e, a, { params, body }) => e.sites.create(a, params.organizationId, body),
  getSiteById: (e, a, { params }) => e.sites.get(a, params.organizationId, params.siteId),
  updateSiteById: (e, a, { params, body }) => e.sites.update(a, params.organizationId, params.siteId, body),
  deleteSiteById: (e, a, { params }) => e.sites.remove(a, params.organizationId, params.siteId),
  getSiteAdaptiveSchema: (e, a, { params }) => e.sites.adaptiveSchema(a, params.organizationId, params.siteId),
  updateSiteAdaptiveSchema: (e, a, { params, body }) => e.sites.setAdaptiveSchema(a, params.organizationId, params.siteId, body),
  getPublishedContentSite: (e, a, { params, query }) => e.sites.published(a, params.organizationId, params.siteId, query),
  getSiteShareLink: (e, a, { params }) => e.sites.shareLink(a, params.organizationId, params.siteId),
  rotateSiteShareLink: (e, a, { params }) => e.sites.rotateShareLink(a, params.organizationId, params.siteId),

  // site structure
  listSiteSectionGroups: (e, a, { params: p, query }) => e.structure.listGroups(a, p.organizationId, p.siteId, query),
  createSiteSectionGroup: (e, a, { params: p, body }) => e.structure.createGroup(a, p.organizationId, p.siteId, body),
  deleteSiteSectionGroup: (e, a, { params: p }) => e.structure.deleteGroup(a, p.organizationId, p.siteId, p.siteSectionGroupId),
  updateSiteSectionGroup: (e, a, { params: p, body }) => e.structure.updateGroup(a, p.organizationId, p.siteId, p.siteSectionGroupId, body),
  addSiteSectionToGroup: (e, a, { params: p, body }) => e.structure.addSectionToGroup(a, p.organizationId, p.siteId, p.siteSectionGroupId, body),
  removeSiteSectionFromGroup: (e, a, { params: p }) =>
    e.structure.removeSectionFromGroup(a, p.organizationId, p.siteId, p.siteSectionGroupId, p.siteSectionId),
  moveSiteSectionGroup: (e, a, { params: p, body }) => e.structure.moveGroup(a, p.organizationId, p.siteId, p.siteSectionGroupId, body),
  listSiteSections: (e, a, { params: p, query }) => e.structure.listSections(a, p.organizationId, p.siteId, query),
  addSiteSection: (e, a, { params: p, body }) => e.structure.addSection(a, p.organizationId, p.siteId, body),
  deleteSiteSection: (e, a, { params: p }) => e.structure.deleteSection(a, p.organizationId, p.siteId, p.siteSectionId),
  updateSiteSection: (e, a, { params: p, body }) => e.structure.updateSection(a, p.organizationId, p.siteId, p.siteSectionId, body),
  moveSiteSection: (e, a, { params: p, body }) => e.structure.moveSection(a, p.organizationId, p.siteId, p.siteSectionId, body),
  listSiteSpaces: (e, a, { params: p, query }) => e.structure.listSiteSpaces(a, p.organizationId, p.siteId, query),
  addSiteSpace: (e, a, { params: p, body }) => e.structure.addSiteSpace(a, p.organizationId, p.siteId, body),
  deleteSiteSpace: (e, a, { params: p }) => e.structure.deleteSiteSpace(a, p.organizationId, p.siteId, p.siteSpaceId),
  updateSiteSpace: (e, a, { params: p, body }) => e.structure.updateSiteSpace(a, p.organizationId, p.siteId, p.siteSpaceId, body),
  moveSiteSpace: (e, a, { params: p, body }) => e.structure.moveSiteSpace(a, p.organizationId, p.siteId, p.siteSpaceId, body),

  // openapi
  listOpenAPISpecs: (e, a, { params, query }) => e.openapi.list(a, params.organizationId, query),
  createOpenAPISpec: (e, a, { params, body }) => e.openapi.create(a, params.organizationId, body),
  getOpenAPISpecBySlug: (e, a, { params }) => e.openapi.get(a, params.organizationId, params.specSlug),
  createOrUpdateOpenAPISpecBySlug: (e, a, { params, body }) =>
    e.openapi.put(a, params.organizationId, params.specSlug, body).then((p) => withStatus(p.created ? 201 : 200, p.spec)),
  deleteOpenAPISpecBySlug: (e, a, { params }) => e.openapi.remove(a, params.organizationId, params.specSlug),
  listOpenAPISpecVersions: (e, a, { params, query }) => e.openapi.versions(a, params.organizationId, params.specSlug, query),
  getLatestOpenAPISpecVersion: (e, a, { params }) => e.openapi.version(a, params.organizationId, params.specSlug, 'latest'),
  getLatestOpenAPISpecVersionContent: (e, a, { params }) => e.openapi.content(a, params.organizationId, params.specSlug, 'latest'),
  getOpenAPISpecVersionById: (e, a, { params }) => e.openapi.version(a, params.organizationId, params.specSlug, params.versionId),
  getOpenAPISpecVersionContentById: (e, a, { params }) => e.openapi.content(a, params.organizationId, params.specSlug, params.versionId),
  downloadOpenAPISpecVersion: (e, a, { params }) => e.openapi.raw(a, params.organizationId, params.specSlug, params.versionId),

  // translations
  listTranslations: (e, a, { params, query }) => e.translations.list(a, params.organizationId, query),
  createTranslation: (e, a, { params, body }) => e.translations.create(a, params.organizationId, body),
  getTranslationById: (e, a, { params }) => e.translations.get(a, params.organizationId, params.translationSettingsId),
  updateTranslationById: (e, a, { params, body }) => e.translations.update(a, params.organizationId, params.translationSettingsId, body),
  deleteTranslationById: (e, a, { params }) => e.translations.remove(a, params.organizationId, params.translationSettingsId),
};

export { routes };
