import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, MergeRules, NullableRole, text, uri, User } from './common';

const bool = lazy(() => z.boolean());

export const Organization = lazy(() => z.object({
  object: z.literal('organization'),
  id: z.string(),
  title: z.string(),
  createdAt: DateTime,
  emailDomains: z.array(z.string()),
  hostname: z.optional(z.string()),
  type: z.string(),
  useCase: z.optional(z.string()),
  communityType: z.optional(z.string()),
  defaultRole: z.optional(NullableRole),
  defaultContent: z.optional(z.nullable(z.object({ type: z.literal('site'), site: z.string() }))),
  sso: z.optional(bool),
  ai: z.optional(bool),
  inviteLinks: bool,
  plan: z.string(),
  billing: z.object({
    interval: z.string(),
    endDate: z.optional(z.nullable(z.string())),
    hasPaymentFailed: bool,
    isScheduledToCancel: bool,
  }),
  mergeRules: z.optional(MergeRules),
  urls: z.object({ location: z.string(), app: z.string(), logo: z.optional(z.string()) }),
  trial: z.object({ status: z.string(), endDate: z.optional(z.string()), decision: z.optional(z.string()) }),
  customHostname: z.optional(z.string()),
  blocked: z.optional(z.object({ reason: z.string() })),
  internal_billingMigration: z.optional(
    z.object({ deadline: z.string(), discountPercent: z.number(), discountEndDate: z.string() }),
  ),
  internal_isOnNewTrial: z.optional(z.literal(true)),
  permissions: z.object({
    view: bool, access: z.optional(bool), admin: bool, ownTeam: bool, createContent: bool, createOpenAPISpec: bool,
    viewBilling: bool, listMembers: bool, listTeams: bool, listIntegrations: bool, installIntegration: z.optional(bool), listInstallations: z.optional(bool),
  }),
}));

const Domain = lazy(() => z.string().check(
  z.maxLength(253),
  z.regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i),
));

/** docsctl's addition: a new organization, of which the caller becomes the admin. */
export const OrganizationCreate = lazy(() => z.strictObject({
  title: text(2, 255),
}));

export const OrganizationPatch = lazy(() => z.strictObject({
  title: z.optional(text(2, 255)),
  emailDomains: z.optional(z.array(Domain).check(z.maxLength(100))),
  hostname: z.optional(text(3, 32).check(z.regex(/^[a-z0-9][a-z0-9-]{1,30}[a-z0-9]$/))),
  defaultRole: z.optional(NullableRole),
  defaultContent: z.optional(z.nullable(z.strictObject({ type: z.literal('site'), site: z.string().check(z.minLength(1)) }))),
  logo: z.optional(z.nullable(uri(2048))),
  sso: z.optional(z.boolean()),
  ai: z.optional(z.boolean()),
  inviteLinks: z.optional(z.boolean()),
}));

export const EmailDomainOrganizations = lazy(() => z.object({ organizations: z.array(Organization) }));
export const CurrentUser = User;
