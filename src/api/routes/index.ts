import type { Route } from './route';
import * as organizations from './organizations';
import * as members from './members';
import * as teams from './teams';
import * as invites from './invites';
import * as saml from './saml';
import * as spaces from './spaces';
import * as collections from './collections';
import * as customFields from './custom-fields';
import * as changeRequests from './change-requests';
import * as content from './content';
import * as comments from './comments';
import * as search from './search';
import * as links from './links';
import * as imports from './imports';
import * as sites from './sites';
import * as siteStructure from './site-structure';
import * as openapiSpecs from './openapi-specs';
import * as translations from './translations';
import * as audit from './audit';
import * as uploads from './uploads';
import * as tokens from './tokens';
import * as revisions from './revisions';
import * as webhooks from './webhooks';

/** THE route table: every operation of the API, keyed by operationId. */
export const routes = { ...organizations, ...members, ...teams, ...invites, ...saml, ...spaces, ...collections, ...customFields, ...changeRequests, ...content, ...comments, ...search, ...links, ...imports, ...sites, ...siteStructure, ...openapiSpecs, ...translations, ...audit, ...uploads, ...revisions, ...tokens, ...webhooks };

export type Routes = typeof routes;
export const routeList: Route[] = Object.values(routes) as Route[];
