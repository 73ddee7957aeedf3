import type { Engine, Actor } from '../engine/index';
import { routes, type Routes } from '../api/routes/index';
import type { ResultOf, ValidInput } from '../api/routes/route';
import { withStatus, type WithStatus } from './status';
import type { RawFile } from './raw-response';
import type { FilesAhead } from '../engine/content/file-bytes';
import type { Statement } from '../engine/store/store';

/** An operation answers its route's response (as its schema describes it), now or later, or with another status. */
/** What an operation answers: a route without a response schema answers nothing (204) or bytes (raw routes). */
type Body<T> = T extends undefined ? void | RawFile : T;
type Answer<T> = Body<T> | WithStatus | Promise<Body<T> | WithStatus>;
/**
 * Given to a self-committing operation: writes the request's audit record inside the transaction it
 * runs it in (its last), so the write and its record commit together. One that does not call it gets
 * its record in a transaction of its own once it is done.
 */
export type RecordInTransaction = (answer: unknown) => Promise<void>;
type Operation<R> = (engine: Engine, actor: Actor, input: ValidInput<R> & { record?: RecordInTransaction; ahead?: unknown }) => Answer<ResultOf<R>>;
type Operations = { [K in keyof Routes]: Operation<Routes[K]> };

/**
 * Operations that wait on the network (a crawl, an OpenAPI document fetched by URL): a transaction cannot
 * wait that long, so they commit their own transactions as they go instead of running inside the one
 * the app opens for every write.
 */
export const SELF_COMMITTING: ReadonlySet<string> = new Set<keyof Routes>([
  'importContentInSpace', 'importContentInChangeRequest', 'createOpenAPISpec', 'createOrUpdateOpenAPISpecBySlug',
  // An upload waits on its client while the bytes arrive: they go to a temp file, then one transaction
  // stores them and records the request.
  'createSpaceUpload',
]);

/**
 * What a write does before the app opens its transaction for it: what would otherwise hold the write
 * lock while it waits on the network (a batch's base64 files written to S3). Each checks first that the
 * caller may write there, so nobody makes the server do it for nothing; its answer reaches the
 * operation as `ahead`.
 */
export const AHEAD_OF_TRANSACTION: { [K in keyof Routes]?: (engine: Engine, actor: Actor, input: ValidInput<Routes[K]>) => Promise<unknown> } = {
  writeChangeRequestContent: async (e, a, { params, body }) => await e.changeRequests.filesAhead(a, params.spaceId, params.changeRequestId, body.changes),
};

/**
 * What a write reads before it changes anything, beyond what every write reads (engine/write-reads.ts):
 * on PostgreSQL they go with its BEGIN, in its one round trip (issue 59). A statement here that the
 * operation no longer runs costs only its own time; one it runs is answered without a round trip.
 */
export const READS_AHEAD: { [K in keyof Routes]?: (engine: Engine, actor: Actor, input: ValidInput<Routes[K]>) => Statement[] } = {
  updateMemberInOrganizationById: (e, _a, { params, body }) => e.members.updateReadsAhead(params.organizationId, params.userId, body),
  updateTeamInOrganizationById: (e, a, { params }) => [e.teams.rowRead(a, params.organizationId, params.teamId)],
  postCommentInSpace: (e, a, { params }) => e.comments.createReadsAhead(a, params.spaceId),
  createSpace: (e, _a, { params, body }) => e.spaces.createReadsAhead(params.organizationId, body),
};

/**
 * Writes that change the rows of the organization their path names and nothing else (no user, token,
 * file or other organization's row): their transaction is scoped to it (`WriteScope`), so on
 * PostgreSQL they wait only for that organization's writes (issue 33). Every other write is the whole
 * instance's. One is added here only once its engine code is read for that: a write that reached
 * past its scope would leave other replicas remembering what it changed, and a check that spans
 * organizations (a hostname no other organization uses) would no longer hold.
 */
export const ORGANIZATION_WRITES: ReadonlySet<string> = new Set<keyof Routes>([
  // Not updateOrganizationById: its hostname must differ from every other organization's.
  'updateMemberInOrganizationById', 'updateMembersInOrganizationById', 'removeMemberFromOrganizationById',
  // Not updateMembersInOrganizationTeam: with `invite` it may create users.
  'createOrganizationTeam', 'updateTeamInOrganizationById', 'deleteTeamInOrganizationById',
  'addMemberToOrganizationTeamById', 'deleteMemberFromOrganizationTeamById',
  'createSpace', 'createCollection',
  'createCustomField', 'updateCustomField', 'deleteCustomField',
  'createWebhook', 'updateWebhook', 'deleteWebhook', 'redeliverWebhookDelivery', 'pingWebhook',
  // Not pingOrganization: its first call may create the instance's signing secret.
  'updateMemberSsoInOrganizationById',
  'createOrganizationInvite', 'updateOrganizationInviteById', 'deleteOrganizationInviteById',
  'createOrganizationSamlProvider', 'updateOrganizationSamlProvider', 'deleteOrganizationSamlProvider',
  'createTranslation', 'updateTranslationById', 'deleteTranslationById',
  'deleteOpenAPISpecBySlug',
  // Sites and their structure: rows of the site's organization (a site space names one of its spaces).
  // A site's hostname must differ from every other site's: the UNIQUE key says so across
  // organizations, and a write that meets another's on it runs again as the whole instance's.
  'createSite', 'updateSiteById', 'deleteSiteById', 'rotateSiteShareLink', 'updateSiteAdaptiveSchema',
  // getSiteVisitorAuth too: its first read makes the site's key.
  'getSiteVisitorAuth', 'updateSiteVisitorAuth', 'rotateSiteVisitorKey',
  'addSiteSection', 'updateSiteSection', 'deleteSiteSection', 'moveSiteSection',
  'createSiteSectionGroup', 'updateSiteSectionGroup', 'deleteSiteSectionGroup', 'moveSiteSectionGroup',
  'addSiteSectionToGroup', 'removeSiteSectionFromGroup',
  'addSiteSpace', 'updateSiteSpace', 'deleteSiteSpace', 'moveSiteSpace',
]);

/**
 * Writes under `/v1/spaces/{spaceId}` that change the rows of the space's organization and nothing
 * else, read as ORGANIZATION_WRITES are: scoped to the organization the space is in, found before the
 * transaction and checked again once its lock is held (a transfer may have moved the space between).
 */
export const SPACE_WRITES: ReadonlySet<string> = new Set<keyof Routes>([
  'updateSpaceById', 'deleteSpaceById', 'moveSpace', 'updateSpaceCustomFields',
  // A copy of the space, beside it in the same organization (its first search key: see below).
  'duplicateSpace',
  // A deleted space back; a late restore purges its organization's expired spaces (their rows cascade).
  'restoreSpace',
  // A change request: its row, its contributors, and a revision of the space copied from the space's
  // (page versions are content-addressed and only ever inserted; the purge that deletes them is the
  // whole instance's write).
  'createChangeRequest', 'updateChangeRequest',
  // Content: a change request's revision written, merged into the space (its row and its search
  // index), brought up to date with the space, a revision restored (all three). Page versions and
  // files are content-addressed, only inserted; a key the whole instance shares (a space's first
  // search key, a file two organizations store at once) taken meanwhile reruns the write as the
  // instance's (app.ts, `conflictedAcross`).
  'writeChangeRequestContent', 'mergeChangeRequest', 'updateChangeRequestFromMain', 'restoreRevision',
  // A member or a team of the organization given a role on the space, changed, taken away.
  'grantSpacePermissions', 'updateSpaceUserPermission', 'removeSpaceUserPermission', 'updateSpaceTeamPermission', 'removeSpaceTeamPermission',
  // Comments, replies and reactions: rows of the space (and its webhook events), at either root.
  ...(['InSpace', 'InChangeRequest'] as const).flatMap((root) => [
    `postComment${root}`, `updateComment${root}`, `deleteComment${root}`,
    `postCommentReply${root}`, `updateCommentReply${root}`, `deleteCommentReply${root}`,
  ] as const),
]);

/** The same for writes under `/v1/collections/{collectionId}`. */
export const COLLECTION_WRITES: ReadonlySet<string> = new Set<keyof Routes>(['updateCollectionById', 'deleteCollectionById', 'moveCollection']);

/**
 * A space or a collection moved to the organization its body names: rows of both organizations (the
 * spaces, their permissions checked against the target's members, custom field values matched to the
 * target's fields), so scoped to both, each one's lock taken in the order of their ids.
 */
export const TRANSFERS: ReadonlySet<string> = new Set<keyof Routes>(['transferSpace', 'transferCollection']);

/** Binds every operationId of the route table to the engine. No rules live here, only the wiring. */
export const operations: Operations = {
  listOrganizations: async (e, a, { query }) => await e.organizations.list(a, query),
  listOrganizationAuditLog: async (e, a, { params, query }) => await e.audit.list(a, params.organizationId, query),
  listOrganizationTokens: async (e, a, { params, query }) => await e.tokens.listInOrganization(a, params.organizationId, query),
  createOrganizationToken: async (e, a, { params, body }) => await e.tokens.createInOrganization(a, params.organizationId, body),
  getOrganizationToken: async (e, a, { params }) => await e.tokens.getInOrganization(a, params.organizationId, params.tokenId),
  revokeOrganizationToken: async (e, a, { params }) => await e.tokens.revokeInOrganization(a, params.organizationId, params.tokenId),
  createOrganization: async (e, a, { body }) => await e.organizations.create(a, body),
  getOrganizationById: async (e, a, { params }) => await e.organizations.get(a, params.organizationId),
  updateOrganizationById: async (e, a, { params, body }) => await e.organizations.update(a, params.organizationId, body),
  listOrganizationsForEmailDomain: async (e, a, { params }) => await e.organizations.byEmailDomain(a, params.emailDomain),
  getAuthenticatedUser: async (e, a) => await e.users.current(a),
  getUserById: async (e, a, { params }) => await e.users.get(a, params.userId),

  listMembersInOrganizationById: async (e, a, { params, query }) => await e.members.list(a, params.organizationId, query),
  getMemberInOrganizationById: async (e, a, { params }) => await e.members.get(a, params.organizationId, params.userId),
  updateMemberInOrganizationById: async (e, a, { params, body }) => await e.members.update(a, params.organizationId, params.userId, body),
  updateMembersInOrganizationById: async (e, a, { params, body }) => await e.members.updateMany(a, params.organizationId, body.members),
  removeMemberFromOrganizationById: async (e, a, { params }) => await e.members.remove(a, params.organizationId, params.userId),
  pingOrganization: async (e, a, { params }) => await e.members.ping(a, params.organizationId),
  updateMemberSsoInOrganizationById: async (e, a, { params }) => await e.members.enableSso(a, params.organizationId, params.userId),
  listSpacesForMemberInOrganization: async (e, a, { params, query }) => await e.spaces.ofMember(a, params.organizationId, params.userId, query),
  listTeamsForMemberInOrganization: async (e, a, { params, query }) => await e.teams.ofMember(a, params.organizationId, params.userId, query),

  listTeamsInOrganizationById: async (e, a, { params, query }) => await e.teams.list(a, params.organizationId, query),
  createOrganizationTeam: async (e, a, { params, body }) => await e.teams.create(a, params.organizationId, body),
  getTeamInOrganizationById: async (e, a, { params }) => await e.teams.get(a, params.organizationId, params.teamId),
  updateTeamInOrganizationById: async (e, a, { params, body }) => await e.teams.update(a, params.organizationId, params.teamId, body),
  deleteTeamInOrganizationById: async (e, a, { params }) => await e.teams.remove(a, params.organizationId, params.teamId),
  listTeamMembersInOrganizationById: async (e, a, { params, query }) => await e.teams.members(a, params.organizationId, params.teamId, query),
  updateMembersInOrganizationTeam: async (e, a, { params, body }) => await e.teams.changeMembers(a, params.organizationId, params.teamId, body),
  addMemberToOrganizationTeamById: async (e, a, { params, body }) =>
    await e.teams.putMember(a, params.organizationId, params.teamId, params.userId, body),
  deleteMemberFromOrganizationTeamById: async (e, a, { params }) =>
    await e.teams.removeMember(a, params.organizationId, params.teamId, params.userId),

  listOrganizationInvites: async (e, a, { params, query }) => await e.invites.list(a, params.organizationId, query),
  createOrganizationInvite: async (e, a, { params, body }) => await e.invites.createLink(a, params.organizationId, body),
  getOrganizationInviteById: async (e, a, { params }) => await e.invites.get(a, params.organizationId, params.inviteId),
  updateOrganizationInviteById: async (e, a, { params, body }) => await e.invites.update(a, params.organizationId, params.inviteId, body),
  deleteOrganizationInviteById: async (e, a, { params }) => await e.invites.remove(a, params.organizationId, params.inviteId),
  inviteUsersToOrganization: async (e, a, { params, body }) => await e.invites.byEmail(a, params.organizationId, body),

  listOrganizationSamlProviders: async (e, a, { params, query }) => await e.saml.list(a, params.organizationId, query),
  createOrganizationSamlProvider: async (e, a, { params, body }) => await e.saml.create(a, params.organizationId, body),
  getOrganizationSamlProvider: async (e, a, { params }) => await e.saml.get(a, params.organizationId, params.samlProviderId),
  updateOrganizationSamlProvider: async (e, a, { params, body }) => await e.saml.update(a, params.organizationId, params.samlProviderId, body),
  deleteOrganizationSamlProvider: async (e, a, { params }) => await e.saml.remove(a, params.organizationId, params.samlProviderId),
  getOrganizationSsoLoginInfo: async (e, a, { params }) => await e.saml.loginInfo(a, params.organizationId),

  listSpaces: async (e, a, { params, query }) => await e.spaces.list(a, params.organizationId, query),
  createSpace: async (e, a, { params, body }) => await e.spaces.create(a, params.organizationId, body),
  getSpaceById: async (e, a, { params }) => await e.spaces.get(a, params.spaceId),
  updateSpaceById: async (e, a, { params, body }) => await e.spaces.update(a, params.spaceId, body),
  deleteSpaceById: async (e, a, { params }) => await e.spaces.remove(a, params.spaceId),
  duplicateSpace: async (e, a, { params }) => await e.spaces.duplicate(a, params.spaceId),
  restoreSpace: async (e, a, { params }) => await e.spaces.restore(a, params.spaceId),
  moveSpace: async (e, a, { params, body }) => await e.spaces.move(a, params.spaceId, body),
  transferSpace: async (e, a, { params, body }) => await e.spaces.transfer(a, params.spaceId, body),
  grantSpacePermissions: async (e, a, { params, body }) => await e.spacePermissions.grant(a, params.spaceId, body),
  listSpaceUserPermissions: async (e, a, { params, query }) => await e.spacePermissions.listUsers(a, params.spaceId, query),
  listSpaceTeamPermissions: async (e, a, { params, query }) => await e.spacePermissions.listTeams(a, params.spaceId, query),
  updateSpaceUserPermission: async (e, a, { params, body }) => await e.spacePermissions.updateUser(a, params.spaceId, params.userId, body),
  removeSpaceUserPermission: async (e, a, { params }) => await e.spacePermissions.remove(a, params.spaceId, 'user', params.userId),
  updateSpaceTeamPermission: async (e, a, { params, body }) => await e.spacePermissions.updateTeam(a, params.spaceId, params.teamId, body),
  removeSpaceTeamPermission: async (e, a, { params }) => await e.spacePermissions.remove(a, params.spaceId, 'team', params.teamId),

  listCollections: async (e, a, { params, query }) => await e.collections.list(a, params.organizationId, query),
  createCollection: async (e, a, { params, body }) => await e.collections.create(a, params.organizationId, body),
  getCollectionById: async (e, a, { params }) => await e.collections.get(a, params.collectionId),
  updateCollectionById: async (e, a, { params, body }) => await e.collections.update(a, params.collectionId, body),
  deleteCollectionById: async (e, a, { params }) => await e.collections.remove(a, params.collectionId),
  listSpacesInCollectionById: async (e, a, { params, query }) => await e.spaces.listInCollection(a, params.collectionId, query),
  moveCollection: async (e, a, { params, body }) => await e.collections.move(a, params.collectionId, body),
  transferCollection: async (e, a, { params, body }) => await e.collections.transfer(a, params.collectionId, body),

  listCustomFields: async (e, a, { params, query }) => await e.customFields.list(a, params.organizationId, query),
  createCustomField: async (e, a, { params, body }) => await e.customFields.create(a, params.organizationId, body),
  getCustomField: async (e, a, { params }) => await e.customFields.get(a, params.organizationId, params.fieldName),
  updateCustomField: async (e, a, { params, body }) => await e.customFields.update(a, params.organizationId, params.fieldName, body),
  deleteCustomField: async (e, a, { params }) => await e.customFields.remove(a, params.organizationId, params.fieldName),
  listSpaceCustomFields: async (e, a, { params }) => await e.customFields.valuesOf(a, params.spaceId),
  updateSpaceCustomFields: async (e, a, { params, body }) => await e.customFields.setValues(a, params.spaceId, body.values),

  listChangeRequests: async (e, a, { params, query }) => await e.changeRequests.list(a, params.spaceId, query),
  createChangeRequest: async (e, a, { params, body }) => await e.changeRequests.create(a, params.spaceId, body),
  getChangeRequest: async (e, a, { params }) => await e.changeRequests.get(a, params.spaceId, params.changeRequestId),
  updateChangeRequest: async (e, a, { params, body }) => await e.changeRequests.update(a, params.spaceId, params.changeRequestId, body),
  mergeChangeRequest: async (e, a, { params }) => await e.changeRequests.merge(a, params.spaceId, params.changeRequestId),
  updateChangeRequestFromMain: async (e, a, { params }) => await e.changeRequests.updateFromMain(a, params.spaceId, params.changeRequestId),
  writeChangeRequestContent: async (e, a, { params, body, ahead }) => await e.changeRequests.write(a, params.spaceId, params.changeRequestId, body.changes, ahead as FilesAhead | undefined),

  getSpaceContent: async (e, a, { params }) => await e.content.revision(a, { spaceId: params.spaceId }),
  listSpacePages: async (e, a, { params }) => await e.content.pages(a, { spaceId: params.spaceId }),
  listSpaceFiles: async (e, a, { params, query }) => await e.content.files(a, { spaceId: params.spaceId }, query),
  getSpaceFile: async (e, a, { params }) => await e.content.file(a, { spaceId: params.spaceId }, params.fileId),
  listSpaceReusableContents: async (e, a, { params, query }) => await e.content.reusableContents(a, { spaceId: params.spaceId }, query),
  getSpacePage: async (e, a, { params, query }) => await e.content.page(a, { spaceId: params.spaceId }, params.pageId, query.format, query.computed),
  getSpacePageByPath: async (e, a, { params, query }) => await e.content.pageByPath(a, { spaceId: params.spaceId }, params.pagePath, query.format, query.computed),
  getChangeRequestContent: async (e, a, { params }) => await e.content.revision(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }),
  listChangeRequestPages: async (e, a, { params }) => await e.content.pages(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }),
  listChangeRequestFiles: async (e, a, { params, query }) =>
    await e.content.files(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, query),
  getChangeRequestFile: async (e, a, { params }) => await e.content.file(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.fileId),
  listChangeRequestReusableContents: async (e, a, { params, query }) =>
    await e.content.reusableContents(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, query),
  getChangeRequestPage: async (e, a, { params, query }) =>
    await e.content.page(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.pageId, query.format, query.computed),
  getChangeRequestPageByPath: async (e, a, { params, query }) =>
    await e.content.pageByPath(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.pagePath, query.format, query.computed),
  downloadSpaceFile: async (e, a, { params }) => await e.content.download(a, params.spaceId, params.fileId),
  listSpaceRevisions: async (e, a, { params, query }) => await e.history.list(a, params.spaceId, query),
  getRevisionById: async (e, a, { params }) => await e.history.revision(a, params.spaceId, params.revisionId),
  getPageInRevisionById: async (e, a, { params, query }) => await e.history.page(a, params.spaceId, params.revisionId, params.pageId, query.format, query.computed),
  getRevisionSemanticChanges: async (e, a, { params, query }) => await e.history.changes(a, params.spaceId, params.revisionId, query.limit),
  getChangeRequestChanges: async (e, a, { params, query }) => await e.history.changeRequestChanges(a, params.spaceId, params.changeRequestId, query.limit),
  getRevisionDiff: async (e, a, { params, query }) => await e.history.diff(a, params.spaceId, params.revisionId, query.from),
  getChangeRequestDiff: async (e, a, { params }) => await e.history.changeRequestDiff(a, params.spaceId, params.changeRequestId),
  listSpaceDeletedPages: async (e, a, { params, query }) => await e.history.deletedPages(a, params.spaceId, query),
  restoreRevision: async (e, a, { params, body }) => await e.history.restore(a, params.spaceId, params.revisionId, body),
  createSpaceUpload: (e, a, { params, query, body, record }) => e.uploads.create(a, params.spaceId, body, query.name, record),
  getLimits: (e) => e.uploads.limits(),
  getSpacePdf: async (e, a, { params, query }) => await e.content.pdfUrl(a, { spaceId: params.spaceId }, query),
  getChangeRequestPdf: async (e, a, { params, query }) => await e.content.pdfUrl(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, query),
  downloadSpacePdf: (e, a, { params, query }) => e.content.pdf(a, params.spaceId, query),

  // comments
  listCommentsInSpace: async (e, a, { params, query }) => await e.comments.list(a, { spaceId: params.spaceId }, query),
  postCommentInSpace: async (e, a, { params, query, body }) => await e.comments.create(a, { spaceId: params.spaceId }, body, query.format),
  getCommentInSpace: async (e, a, { params, query }) => await e.comments.get(a, { spaceId: params.spaceId }, params.commentId, query.format),
  updateCommentInSpace: async (e, a, { params, query, body }) => await e.comments.update(a, { spaceId: params.spaceId }, params.commentId, body, query.format),
  deleteCommentInSpace: async (e, a, { params }) => await e.comments.remove(a, { spaceId: params.spaceId }, params.commentId),
  listCommentRepliesInSpace: async (e, a, { params, query }) => await e.comments.listReplies(a, { spaceId: params.spaceId }, params.commentId, query),
  postCommentReplyInSpace: async (e, a, { params, query, body }) => await e.comments.createReply(a, { spaceId: params.spaceId }, params.commentId, body, query.format),
  getCommentReplyInSpace: async (e, a, { params, query }) =>
    await e.comments.getReply(a, { spaceId: params.spaceId }, params.commentId, params.commentReplyId, query.format),
  updateCommentReplyInSpace: async (e, a, { params, query, body }) =>
    await e.comments.updateReply(a, { spaceId: params.spaceId }, params.commentId, params.commentReplyId, body, query.format),
  deleteCommentReplyInSpace: async (e, a, { params }) => await e.comments.removeReply(a, { spaceId: params.spaceId }, params.commentId, params.commentReplyId),
  listCommentsInChangeRequest: async (e, a, { params, query }) =>
    await e.comments.list(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, query),
  postCommentInChangeRequest: async (e, a, { params, query, body }) =>
    await e.comments.create(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, body, query.format),
  getCommentInChangeRequest: async (e, a, { params, query }) =>
    await e.comments.get(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, query.format),
  updateCommentInChangeRequest: async (e, a, { params, query, body }) =>
    await e.comments.update(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, body, query.format),
  deleteCommentInChangeRequest: async (e, a, { params }) =>
    await e.comments.remove(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId),
  listCommentRepliesInChangeRequest: async (e, a, { params, query }) =>
    await e.comments.listReplies(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, query),
  postCommentReplyInChangeRequest: async (e, a, { params, query, body }) =>
    await e.comments.createReply(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, body, query.format),
  getCommentReplyInChangeRequest: async (e, a, { params, query }) =>
    await e.comments.getReply(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, params.commentReplyId, query.format),
  updateCommentReplyInChangeRequest: async (e, a, { params, query, body }) =>
    await e.comments.updateReply(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, params.commentReplyId, body, query.format),
  deleteCommentReplyInChangeRequest: async (e, a, { params }) =>
    await e.comments.removeReply(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.commentId, params.commentReplyId),

  // search
  searchSpaceContent: async (e, a, { params, query }) => await e.search.space(a, params.spaceId, query),
  searchOrganizationContent: async (e, a, { params, query }) => await e.search.organization(a, params.organizationId, query),

  // links
  listSpaceLinks: async (e, a, { params, query }) => await e.links.list(a, { spaceId: params.spaceId }, query),
  listChangeRequestLinks: async (e, a, { params, query }) => await e.links.list(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, query),
  listSpacePageLinks: async (e, a, { params, query }) => await e.links.list(a, { spaceId: params.spaceId }, query, params.pageId),
  listChangeRequestPageLinks: async (e, a, { params, query }) =>
    await e.links.list(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, query, params.pageId),
  listSpaceFileBacklinks: async (e, a, { params, query }) => await e.links.backlinks(a, { spaceId: params.spaceId }, params.fileId, query),
  listChangeRequestFileBacklinks: async (e, a, { params, query }) =>
    await e.links.backlinks(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, params.fileId, query),

  // import
  importContentInSpace: (e, a, { params, body }) => e.imports.importContent(a, { spaceId: params.spaceId }, body),
  importContentInChangeRequest: (e, a, { params, body }) =>
    e.imports.importContent(a, { spaceId: params.spaceId, changeRequest: params.changeRequestId }, body),

  // sites
  listSites: async (e, a, { params, query }) => await e.sites.list(a, params.organizationId, query),
  createSite: async (e, a, { params, body }) => await e.sites.create(a, params.organizationId, body),
  getSiteById: async (e, a, { params }) => await e.sites.get(a, params.organizationId, params.siteId),
  updateSiteById: async (e, a, { params, body }) => await e.sites.update(a, params.organizationId, params.siteId, body),
  deleteSiteById: async (e, a, { params }) => await e.sites.remove(a, params.organizationId, params.siteId),
  getSiteAdaptiveSchema: async (e, a, { params }) => await e.sites.adaptiveSchema(a, params.organizationId, params.siteId),
  updateSiteAdaptiveSchema: async (e, a, { params, body }) => await e.sites.setAdaptiveSchema(a, params.organizationId, params.siteId, body),
  getPublishedContentSite: async (e, a, { params, query }) => await e.sites.published(a, params.organizationId, params.siteId, query),
  getSiteVisitorAuth: async (e, a, { params }) => await e.sites.visitorAuth(a, params.organizationId, params.siteId),
  updateSiteVisitorAuth: async (e, a, { params, body }) => await e.sites.updateVisitorAuth(a, params.organizationId, params.siteId, body),
  rotateSiteVisitorKey: async (e, a, { params }) => await e.sites.rotateVisitorKey(a, params.organizationId, params.siteId),
  addSiteApiReference: async (e, a, { params, body }) => {
    const added = await e.apiReference.add(a, params.organizationId, params.siteId, body);
    return withStatus(added.created ? 201 : 200, { object: 'site-api-reference' as const, spec: body.spec, ...added });
  },
  getSiteShareLink: async (e, a, { params }) => await e.sites.shareLink(a, params.organizationId, params.siteId),
  rotateSiteShareLink: async (e, a, { params }) => await e.sites.rotateShareLink(a, params.organizationId, params.siteId),

  // site structure
  listSiteSectionGroups: async (e, a, { params: p, query }) => await e.structure.listGroups(a, p.organizationId, p.siteId, query),
  createSiteSectionGroup: async (e, a, { params: p, body }) => await e.structure.createGroup(a, p.organizationId, p.siteId, body),
  deleteSiteSectionGroup: async (e, a, { params: p }) => await e.structure.deleteGroup(a, p.organizationId, p.siteId, p.siteSectionGroupId),
  updateSiteSectionGroup: async (e, a, { params: p, body }) => await e.structure.updateGroup(a, p.organizationId, p.siteId, p.siteSectionGroupId, body),
  addSiteSectionToGroup: async (e, a, { params: p, body }) => await e.structure.addSectionToGroup(a, p.organizationId, p.siteId, p.siteSectionGroupId, body),
  removeSiteSectionFromGroup: async (e, a, { params: p }) =>
    await e.structure.removeSectionFromGroup(a, p.organizationId, p.siteId, p.siteSectionGroupId, p.siteSectionId),
  moveSiteSectionGroup: async (e, a, { params: p, body }) => await e.structure.moveGroup(a, p.organizationId, p.siteId, p.siteSectionGroupId, body),
  listSiteSections: async (e, a, { params: p, query }) => await e.structure.listSections(a, p.organizationId, p.siteId, query),
  addSiteSection: async (e, a, { params: p, body }) => await e.structure.addSection(a, p.organizationId, p.siteId, body),
  deleteSiteSection: async (e, a, { params: p }) => await e.structure.deleteSection(a, p.organizationId, p.siteId, p.siteSectionId),
  updateSiteSection: async (e, a, { params: p, body }) => await e.structure.updateSection(a, p.organizationId, p.siteId, p.siteSectionId, body),
  moveSiteSection: async (e, a, { params: p, body }) => await e.structure.moveSection(a, p.organizationId, p.siteId, p.siteSectionId, body),
  listSiteSpaces: async (e, a, { params: p, query }) => await e.structure.listSiteSpaces(a, p.organizationId, p.siteId, query),
  addSiteSpace: async (e, a, { params: p, body }) => await e.structure.addSiteSpace(a, p.organizationId, p.siteId, body),
  deleteSiteSpace: async (e, a, { params: p }) => await e.structure.deleteSiteSpace(a, p.organizationId, p.siteId, p.siteSpaceId),
  updateSiteSpace: async (e, a, { params: p, body }) => await e.structure.updateSiteSpace(a, p.organizationId, p.siteId, p.siteSpaceId, body),
  moveSiteSpace: async (e, a, { params: p, body }) => await e.structure.moveSiteSpace(a, p.organizationId, p.siteId, p.siteSpaceId, body),

  // openapi
  listOpenAPISpecs: async (e, a, { params, query }) => await e.openapi.list(a, params.organizationId, query),
  createOpenAPISpec: (e, a, { params, body }) => e.openapi.create(a, params.organizationId, body),
  getOpenAPISpecBySlug: async (e, a, { params }) => await e.openapi.get(a, params.organizationId, params.specSlug),
  createOrUpdateOpenAPISpecBySlug: (e, a, { params, body }) =>
    e.openapi.put(a, params.organizationId, params.specSlug, body).then((p) => withStatus(p.created ? 201 : 200, p.spec)),
  deleteOpenAPISpecBySlug: async (e, a, { params }) => await e.openapi.remove(a, params.organizationId, params.specSlug),
  listOpenAPISpecVersions: async (e, a, { params, query }) => await e.openapi.versions(a, params.organizationId, params.specSlug, query),
  getLatestOpenAPISpecVersion: async (e, a, { params }) => await e.openapi.version(a, params.organizationId, params.specSlug, 'latest'),
  getLatestOpenAPISpecVersionContent: async (e, a, { params }) => await e.openapi.content(a, params.organizationId, params.specSlug, 'latest'),
  getOpenAPISpecVersionById: async (e, a, { params }) => await e.openapi.version(a, params.organizationId, params.specSlug, params.versionId),
  getOpenAPISpecVersionContentById: async (e, a, { params }) => await e.openapi.content(a, params.organizationId, params.specSlug, params.versionId),
  downloadOpenAPISpecVersion: async (e, a, { params }) => await e.openapi.raw(a, params.organizationId, params.specSlug, params.versionId),

  // translations
  listTranslations: async (e, a, { params, query }) => await e.translations.list(a, params.organizationId, query),
  createTranslation: async (e, a, { params, body }) => await e.translations.create(a, params.organizationId, body),
  getTranslationById: async (e, a, { params }) => await e.translations.get(a, params.organizationId, params.translationSettingsId),
  updateTranslationById: async (e, a, { params, body }) => await e.translations.update(a, params.organizationId, params.translationSettingsId, body),
  deleteTranslationById: async (e, a, { params }) => await e.translations.remove(a, params.organizationId, params.translationSettingsId),

  // webhooks
  listWebhooks: async (e, a, { params, query }) => await e.webhooks.list(a, params.organizationId, query),
  createWebhook: async (e, a, { params, body }) => await e.webhooks.create(a, params.organizationId, body),
  getWebhook: async (e, a, { params: p }) => await e.webhooks.get(a, p.organizationId, p.webhookId),
  updateWebhook: async (e, a, { params: p, body }) => await e.webhooks.update(a, p.organizationId, p.webhookId, body),
  deleteWebhook: async (e, a, { params: p }) => await e.webhooks.remove(a, p.organizationId, p.webhookId),
  listWebhookDeliveries: async (e, a, { params: p, query }) => await e.webhooks.deliveries(a, p.organizationId, p.webhookId, query),
  getWebhookDelivery: async (e, a, { params: p }) => await e.webhooks.delivery(a, p.organizationId, p.webhookId, p.deliveryId),
  redeliverWebhookDelivery: async (e, a, { params: p }) => await e.webhooks.redeliver(a, p.organizationId, p.webhookId, p.deliveryId),
  pingWebhook: async (e, a, { params: p }) => await e.webhooks.ping(a, p.organizationId, p.webhookId),
};

export { routes };
