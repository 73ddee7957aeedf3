import type { Routes } from '../../src/api/routes/index';

/**
 * Where docsctl's answers knowingly differ from the platform's document, mirrored in docs/decisions.md
 * ("Contract test against the platform's schema"). A difference at a JSON pointer (array indexes as
 * `*`) covers everything below it. One entry a line, so that fixing one is deleting its line.
 */
export interface Difference {
  route: keyof Routes;
  pointer: string;
  reason: string;
}

/** The pointer of a difference in the success status rather than in the body. */
export const STATUS = '(status)';

/** Routes the platform has no operation for, and why. */
export const DOCSCTL_OWN: Partial<Record<keyof Routes, string>> = {
  transferSpace: 'added operation (moving a space to another organization, like the platform\'s transferCollection), docs/decisions.md',
  listCustomFields: 'custom fields are in api.md but not in the platform\'s document',
  createCustomField: 'custom fields are in api.md but not in the platform\'s document',
  getCustomField: 'custom fields are in api.md but not in the platform\'s document',
  updateCustomField: 'custom fields are in api.md but not in the platform\'s document',
  deleteCustomField: 'custom fields are in api.md but not in the platform\'s document',
  listSpaceCustomFields: 'custom fields are in api.md but not in the platform\'s document',
  updateSpaceCustomFields: 'custom fields are in api.md but not in the platform\'s document',
  downloadSpaceFile: 'added operation: the bytes behind a file\'s downloadURL, docs/decisions.md',
  downloadSpacePdf: 'added operation: the PDF behind getSpacePdf\'s url, shared/spec/decisions.md',
  listSpaceLinks: 'link listings are in api.md but not in the platform\'s document',
  listChangeRequestLinks: 'link listings are in api.md but not in the platform\'s document',
  listSpacePageLinks: 'link listings are in api.md but not in the platform\'s document',
  listChangeRequestPageLinks: 'link listings are in api.md but not in the platform\'s document',
  listSpaceFileBacklinks: 'backlinks are in api.md but not in the platform\'s document',
  listChangeRequestFileBacklinks: 'backlinks are in api.md but not in the platform\'s document',
  importContentInSpace: 'the import is in api.md; the platform imports through its own import runs',
  importContentInChangeRequest: 'the import is in api.md; the platform imports through its own import runs',
  getSiteShareLink: 'added operation: the one share key of a share-link site, docs/decisions.md',
  getSiteVisitorAuth: 'added operation: a visitor-auth site\'s signing key and fallback URL, docs/decisions.md',
  updateSiteVisitorAuth: 'added operation: a visitor-auth site\'s fallback URL, docs/decisions.md',
  rotateSiteVisitorKey: 'added operation: a new visitor signing key, docs/decisions.md',
  addSiteApiReference: 'added operation: an API reference section from an OpenAPI spec (issue 58), docs/decisions.md',
  rotateSiteShareLink: 'added operation: a new share key, docs/decisions.md',
  addSiteSectionToGroup: 'in api.md; the platform moves sections into groups by other means',
  removeSiteSectionFromGroup: 'in api.md; the platform moves sections out of groups by other means',
  downloadOpenAPISpecVersion: 'added operation: the stored text of a version, docs/decisions.md',
  listOrganizationAuditLog: 'added operation: the audit log (issue 17), docs/decisions.md',
  createSpaceUpload: 'added operation: a file\'s bytes as a raw body, for insert_files to name (issue 29), docs/decisions.md',
  getLimits: 'added operation: the largest file size, for clients to check before sending (issue 29), docs/decisions.md',
  listSpaceReusableContents: 'added operation: the reusable contents with their markdown, for content pull (issue 29); the platform reads them one by one',
  listChangeRequestReusableContents: 'added operation: the reusable contents with their markdown, for content pull (issue 29); the platform reads them one by one',
  listOrganizationTokens: 'added operation: API tokens managed over the API by admins (issue 30), docs/decisions.md',
  createOrganizationToken: 'added operation: API tokens managed over the API by admins (issue 30), docs/decisions.md',
  getOrganizationToken: 'added operation: API tokens managed over the API by admins (issue 30), docs/decisions.md',
  revokeOrganizationToken: 'added operation: API tokens managed over the API by admins (issue 30), docs/decisions.md',
  listWebhooks: 'added operation: webhooks (issue 32), docs/api.md',
  createWebhook: 'added operation: webhooks (issue 32), docs/api.md',
  getWebhook: 'added operation: webhooks (issue 32), docs/api.md',
  updateWebhook: 'added operation: webhooks (issue 32), docs/api.md',
  deleteWebhook: 'added operation: webhooks (issue 32), docs/api.md',
  listWebhookDeliveries: 'added operation: webhooks (issue 32), docs/api.md',
  getWebhookDelivery: 'added operation: webhooks (issue 32), docs/api.md',
  redeliverWebhookDelivery: 'added operation: webhooks (issue 32), docs/api.md',
  pingWebhook: 'added operation: webhooks (issue 32), docs/api.md',
  updateMembersInOrganizationById: 'added operation: several members\' roles in one transaction, for members update with several users or --file (issue 30), docs/decisions.md',
  listSpaceRevisions: 'added operation: a space\'s history with who and page counts (issue 30), docs/decisions.md',
  getRevisionDiff: 'added operation: a comparison with the markdown diff of each changed page (issue 30), docs/decisions.md',
  getChangeRequestDiff: 'added operation: a change request\'s comparison with markdown diffs (issue 30), docs/decisions.md',
  listSpaceDeletedPages: 'added operation: pages removed lately, with who and the last revision that had them (issue 30), docs/decisions.md',
  restoreRevision: 'added operation: a change request returning content to a revision (issue 30), docs/decisions.md',
};

const NO_BILLING = 'docsctl has no billing: the field has no meaning here';
const TRANSLATION_SETTINGS = 'api.md\'s TranslationSettings (object translation-settings) is another resource than the platform\'s Translation';
const SAML_PENDING = 'api.md makes ssoURL, entityID and certificate optional on create: a provider without them is `pending` and has none';
const WRITE_BATCH = 'docsctl\'s write batch answers { changeRequest, changes, insertedFiles } (shared/spec/decisions.md)';
const DEFAULT_CONTENT = 'api.md: defaultContent may be null (none chosen); the platform only allows a site pointer';

/** Deliberate: docsctl answers otherwise on purpose. */
const DELIBERATE: Difference[] = [
  ...(['getOrganizationById', 'updateOrganizationById', 'createOrganization'] as const).flatMap((route) => organizationDifferences(route, '')),
  ...organizationDifferences('listOrganizations', '/items/*'),
  ...organizationDifferences('listOrganizationsForEmailDomain', '/organizations/*'),
  ...(['createOrganizationSamlProvider'] as const).flatMap((route) => ['/ssoURL', '/entityID', '/certificate'].map((pointer) => ({ route, pointer, reason: SAML_PENDING }))),
  { route: 'createOrganizationSamlProvider', pointer: '/defaultTeam', reason: 'no default team is null (as api.md\'s defaultRole); the platform leaves the field out' },
  ...(['createTranslation', 'getTranslationById', 'updateTranslationById'] as const).map((route) => ({ route, pointer: '', reason: TRANSLATION_SETTINGS })),
  { route: 'writeChangeRequestContent', pointer: '', reason: WRITE_BATCH },
  // The site's look (header, footer, themes, fonts, AI, insights…): api.md does not show these settings and docsctl renders no site.
  ...['header', 'footer', 'themes', 'feedback', 'ai', 'advancedCustomization', 'trademark', 'externalLinks', 'pagination', 'pageActions', 'privacyPolicy', 'socialPreview', 'socialAccounts', 'insights', 'styling/depth', 'styling/monospaceFont', 'styling/codeTheme', 'styling/background']
    .map((setting) => ({ route: 'getPublishedContentSite' as const, pointer: `/customizations/site/${setting}`, reason: 'a site customization api.md does not show: docsctl renders no site, so nothing would read it' })),
  // Spaces embedded in site spaces lack the integrations permission, like every space.
  // docsctl answers the changed grant (200); the platform answers 204 without a body.
  ...(['updateSpaceUserPermission', 'updateSpaceTeamPermission'] as const).map((route) => ({ route, pointer: STATUS, reason: 'answers the updated grant (200), where the platform answers 204' })),
];

function organizationDifferences(route: keyof Routes, at: string): Difference[] {
  return [
    { route, pointer: `${at}/defaultContent`, reason: DEFAULT_CONTENT },
    ...['aiCreditAlertThreshold', 'canChangeInterval', 'canCheckout', 'canUseSAML', 'creditsBundle', 'pricing', 'usageAddons'].map((field) => ({ route, pointer: `${at}/billing/${field}`, reason: NO_BILLING })),
    { route, pointer: `${at}/trial/count`, reason: 'docsctl has no trials: the count has no meaning here' },
  ];
}


export const DIFFERENCES: Difference[] = DELIBERATE;
