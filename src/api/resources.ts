import type { ResultOf } from './routes/route';
import type { Routes } from './routes/index';

/**
 * The API's resources as clients see them: each the answer of the route that reads one (or an item of
 * the list that holds them), so there is one definition per resource, the route table's.
 */
type ItemOf<K extends keyof Routes> = ResultOf<Routes[K]> extends { items: (infer I)[] } ? I : ResultOf<Routes[K]>;

export type Organization = ItemOf<'getOrganizationById'>;
export type Member = ItemOf<'getMemberInOrganizationById'>;
export type Team = ItemOf<'getTeamInOrganizationById'>;
export type TeamMember = ItemOf<'listTeamMembersInOrganizationById'>;
export type MemberTeam = ItemOf<'listTeamsForMemberInOrganization'>;
export type Invite = ItemOf<'getOrganizationInviteById'>;
export type SamlProvider = ItemOf<'getOrganizationSamlProvider'>;
export type User = ItemOf<'getAuthenticatedUser'>;
export type Space = ItemOf<'getSpaceById'>;
export type Collection = ItemOf<'getCollectionById'>;
export type CustomField = ItemOf<'getCustomField'>;
export type SpaceFieldValue = ResultOf<Routes['listSpaceCustomFields']>[number];
export type SpaceUserPermission = ItemOf<'listSpaceUserPermissions'>;
export type SpaceTeamPermission = ItemOf<'listSpaceTeamPermissions'>;
export type ChangeRequest = ItemOf<'getChangeRequest'>;
export type ContentFile = ItemOf<'getSpaceFile'>;
export type AuditRecord = ItemOf<'listOrganizationAuditLog'>;
export type ApiToken = ItemOf<'getOrganizationToken'>;
export type Webhook = ItemOf<'getWebhook'>;
export type WebhookDelivery = ItemOf<'redeliverWebhookDelivery'>;
