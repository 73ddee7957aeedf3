import * as z from 'zod/mini';
import { lazy } from './lazy';
import { DateTime, Id, Paging, queryBool, text } from './common';
import { SiteStructure } from './site-structure';
import {
  BASENAME_PATTERN, HOSTNAME_PATTERN, NEW_SPACE_KINDS, PROXY_PATTERN, SITE_ADS_TOPICS, SITE_FEATURE_IDS, SITE_TYPES, SITE_VISIBILITIES,
} from '../../domain/site-values';
import { MAX_UNSIGNED_CHARS, readUnsignedClaims, type ClaimValue } from '../../domain/condition/unsigned';

const LightDark = lazy(() => z.object({ light: z.string(), dark: z.string() }));

/** api.md: `{ icon: { light, dark } }`, another object variant (docsctl: `{ emoji }`), or a nullable string. */
const SiteIcon = lazy(() => z.nullable(z.union([z.object({ icon: LightDark }), z.object({ emoji: z.string() }), z.string()])));

/** The platform's variants of a site's `ads` (docsctl answers `{ status: 'pending', submittable: false }`). */
const SiteAds = lazy(() => z.union([
  z.object({ status: z.literal('pending'), submittable: z.boolean() }),
  z.object({ status: z.literal('in-review'), topic: z.enum(SITE_ADS_TOPICS) }),
  z.object({ status: z.literal('rejected'), reason: z.optional(z.string()) }),
  z.object({ status: z.enum(['live', 'disabled']), topic: z.enum(SITE_ADS_TOPICS), zoneId: z.string() }),
]));

/** What the caller may do with a site (see engine/sites/permissions.ts). */
const SitePermissions = lazy(() => z.object({
  view: z.boolean(),
  access: z.boolean(),
  edit: z.boolean(),
  create: z.boolean(),
  admin: z.boolean(),
  installIntegration: z.boolean(),
  viewAdaptiveSchema: z.boolean(),
  editAdaptiveSchema: z.boolean(),
}));

export const Site = lazy(() => z.object({
  object: z.literal('site'),
  id: z.string(),
  type: z.enum(SITE_TYPES),
  appliedType: z.enum(SITE_TYPES),
  title: z.string(),
  icon: z.optional(SiteIcon),
  hostname: z.optional(z.string()),
  basename: z.optional(z.string()),
  proxy: z.optional(z.object({ origin: z.string(), target: z.string() })),
  visibility: z.enum(SITE_VISIBILITIES),
  // Sites follow the organization's roles: docsctl has no site-level access of its own.
  defaultLevel: z.literal('inherit'),
  permissions: SitePermissions,
  published: z.boolean(),
  siteSpaces: z.number(),
  createdAt: DateTime,
  updatedAt: z.optional(DateTime),
  adaptiveContent: z.object({ enabled: z.boolean() }),
  ads: z.optional(SiteAds),
  features: z.array(z.object({ id: z.enum(SITE_FEATURE_IDS), plan: z.enum(SITE_TYPES), frozen: z.boolean() })),
  urls: z.object({ location: z.string(), app: z.string(), published: z.string(), preview: z.string() }),
}));

/** Operations without query parameters still refuse unknown ones. */
export const SiteNoQuery = lazy(() => z.strictObject({}));

export const SiteListQuery = lazy(() => z.strictObject({
  ...Paging,
  space: z.optional(Id),
  title: z.optional(text(1, 128)),
  published: z.optional(queryBool),
}));

export const SiteCreate = lazy(() => z.strictObject({
  type: z.optional(z.enum(SITE_TYPES)),
  title: z.optional(text(2, 128)),
  visibility: z.optional(z.enum(SITE_VISIBILITIES)),
  spaces: z.optional(z.union([z.array(Id).check(z.maxLength(100)), z.enum(NEW_SPACE_KINDS)])),
}));

const Hostname = lazy(() => z.string().check(
  z.maxLength(512),
  z.regex(HOSTNAME_PATTERN, { error: 'must be a lower-case host name of at least three labels, such as docs.example.com' }),
));
const Basename = text(1, 100).check(z.regex(BASENAME_PATTERN, { error: 'must be URL path segments of letters, digits, ".", "_", "~" and "-", separated by "/"' }));
const Proxy = lazy(() => z.string().check(
  z.maxLength(512),
  z.regex(PROXY_PATTERN, { error: 'must be a host and a path without a scheme, such as example.com/docs' }),
));

/** api.md's PATCH, plus docsctl's `published` (how a site goes live) and `hostname`; null removes basename, hostname and proxy. */
export const SitePatch = lazy(() => z.strictObject({
  title: z.optional(text(2, 128)),
  visibility: z.optional(z.enum(SITE_VISIBILITIES)),
  basename: z.optional(z.nullable(Basename)),
  hostname: z.optional(z.nullable(Hostname)),
  proxy: z.optional(z.nullable(Proxy)),
  adaptiveContent: z.optional(z.strictObject({ enabled: z.boolean() })),
  defaultSiteSpace: z.optional(Id),
  defaultSiteSection: z.optional(Id),
  published: z.optional(z.boolean()),
}));

const JsonObject = lazy(() => z.record(z.string(), z.unknown()));

export const SiteAdaptiveSchema = lazy(() => z.object({
  object: z.literal('site-adaptive-schema'),
  jsonSchema: JsonObject,
  updatedAt: DateTime,
}));
export const SiteAdaptiveSchemaUpdate = lazy(() => z.strictObject({ jsonSchema: JsonObject }));

/** Unsigned visitor claims in a query string: a JSON object of true/false/string/number values. */
const UnsignedClaims = lazy(() => z.pipe(
  text(2, MAX_UNSIGNED_CHARS).check(z.refine((value) => typeof readUnsignedClaims(value) !== 'string', {
    error: (issue) => readUnsignedClaims(issue.input as string) as string,
  })),
  z.transform((value) => readUnsignedClaims(value) as Record<string, ClaimValue>),
));

/**
 * `shareKey` opens a share-link site; `visitorToken` (a visitor JWT) a visitor-auth one and brings its
 * signed claims; `unsigned` brings unsigned claims (sites with adaptive content).
 */
export const PublishedQuery = lazy(() => z.strictObject({
  shareKey: z.optional(text(1, 200)),
  visitorToken: z.optional(text(1, 8192)),
  unsigned: z.optional(UnsignedClaims),
}));

const Styling = lazy(() => z.object({
  theme: z.string(),
  corners: z.string(),
  links: z.string(),
  font: z.string(),
  icons: z.string(),
  search: z.string(),
  primaryColor: LightDark,
  infoColor: LightDark,
  successColor: LightDark,
  warningColor: LightDark,
  dangerColor: LightDark,
  tint: z.object({ color: LightDark }),
  sidebar: z.object({ background: z.string(), list: z.string() }),
}));

export const PublishedContentSite = lazy(() => z.object({
  object: z.literal('published-content-site'),
  site: Site,
  structure: SiteStructure,
  customizations: z.object({
    site: z.object({
      title: z.string(),
      styling: Styling,
      internationalization: z.object({ locale: z.string() }),
      favicon: z.object({ icon: z.optional(LightDark) }),
    }),
    // Customizations a site space lays over the site's, by site space id: none here.
    siteSpaces: z.record(z.string(), z.unknown()),
  }),
  // Scripts integrations load on the published site: docsctl has no integrations, so none.
  scripts: z.array(z.object({ script: z.string(), cookies: z.boolean(), contentSecurityPolicy: z.optional(z.string()) })),
}));

/** docsctl's share link of a site: the key and the published URL carrying it. */
/** docsctl: how a visitor-auth site checks its visitors (`GET`/`PATCH …/visitor-auth`). */
export const SiteVisitorAuth = lazy(() => z.object({
  object: z.literal('site-visitor-auth'),
  backend: z.literal('custom'),
  /** The key (HS256) the site's sign-in backend signs visitor tokens with. */
  signingKey: z.string(),
  /** Where a visitor without a valid token is sent, with `?location=` the page they asked for; null: 404. */
  fallbackUrl: z.nullable(z.string()),
}));
export const SiteVisitorAuthPatch = lazy(() => z.strictObject({
  fallbackUrl: z.optional(z.nullable(z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).check(z.maxLength(2048, 'must be at most 2048 characters')))),
}));

/** docsctl (issue 58): an API reference section from an OpenAPI spec (`POST …/api-reference`). */
export const SiteApiReferenceCreate = lazy(() => z.strictObject({
  /** The organization's OpenAPI spec, by slug. */
  spec: text(1, 100),
  /** The section's (and its space's) title; default "API reference". */
  title: z.optional(text(2, 64)),
}));
export const SiteApiReference = lazy(() => z.object({
  object: z.literal('site-api-reference'),
  created: z.boolean(),
  spec: z.string(),
  spaceId: z.string(),
  sectionId: z.string(),
  /** The tags of the spec's latest version, a page each, in order. */
  tags: z.array(z.string()),
  /** The tags a page was added for by this call. */
  added: z.array(z.string()),
}));

export const SiteShareLink = lazy(() => z.object({
  object: z.literal('site-share-link'),
  shareKey: z.string(),
  url: z.string(),
}));
