/** Value sets of sites, shared by the engine and the API schemas (free of engine code so clients stay light). */

/** Who a published site is for (api.md's Site `visibility`). */
export const SITE_VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth'] as const;
export type SiteVisibility = (typeof SITE_VISIBILITIES)[number];

/** Site plans, lowest first (api.md shows `basic`; the platform also has `premium` and `ultimate`). */
export const SITE_TYPES = ['basic', 'premium', 'ultimate'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

/** `spaces` on create: a list of space ids, or one of these to make a new space for the site. */
export const NEW_SPACE_KINDS = ['sample', 'empty'] as const;
export type NewSpaceKind = (typeof NEW_SPACE_KINDS)[number];

/** Custom hostname (api.md's pattern): at least three DNS labels, lower case. */
export const HOSTNAME_PATTERN = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/;
/** Proxy (api.md's pattern): a host and at least one path segment, without a scheme (`example.com/docs`). */
export const PROXY_PATTERN = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/;
/** Basename: URL path segments of unreserved characters (`docs`, `docs/v2`), so published URLs stay valid. */
export const BASENAME_PATTERN = /^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;

/** A site's icon, as api.md gives its variants: light and dark images, an emoji (docsctl), or a string. */
export type SiteIcon = { icon: { light: string; dark: string } } | { emoji: string } | string;

/** The features a site's `features` may list (the platform's ids for what docsctl's sites have). */
export const SITE_FEATURE_IDS = [
  'sites-sections', 'sites-share-links', 'sites-custom-domain', 'sites-visitor-authentication', 'sites-custom-subdirectory', 'sites-adaptive-content',
] as const;
export type SiteFeatureId = (typeof SITE_FEATURE_IDS)[number];

/** The topics a site's `ads` may name (the platform's; docsctl serves no ads, so it names none). */
export const SITE_ADS_TOPICS = ['webdev', 'crypto'] as const;
