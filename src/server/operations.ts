import type { Engine, Actor } from '../engine/index';
import { routes, type Routes } from '../api/routes/index';
import type { ValidInput } from '../api/routes/route';

type Operation<R> = (engine: Engine, actor: Actor, input: ValidInput<R>) => unknown;
type Operations = { [K in keyof Routes]: Operation<Routes[K]> };

/** Binds every operationId of the route table to the engine. No rules live here, only the wiring. */
export const operations: Operations = {
  listOrganizations: (e, a, { query }) => e.organizations.list(a, query),
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
  getSpacePage: (e, a, { params, query }) => e.content.page(a, { spaceId: params.spaceId }, params.pageId, query.format),
  getSpacePageByPath: (e, a, { params, query }) => e.content.pageByPath(a, { spaceId: params.spaceId }, params.pagePath, query.format),
  getChangeRequestContent: (e, a, { params }) => e.content.revision(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }),
  listChangeRequestPages: (e, a, { params }) => e.content.pages(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }),
  listChangeRequestFiles: (e, a, { params, query }) =>
    e.content.files(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, query),
  getChangeRequestFile: (e, a, { params }) => e.content.file(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.fileId),
  getChangeRequestPage: (e, a, { params, query }) =>
    e.content.page(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.pageId, query.format),
  getChangeRequestPageByPath: (e, a, { params, query }) =>
    e.content.pageByPath(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.pagePath, query.format),
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

  // site structure
};

export { routes };
