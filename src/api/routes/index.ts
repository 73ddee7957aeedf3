import type { Route } from './route';
import * as organizations from './organizations';
import * as members from './members';
import * as teams from './teams';
import * as invites from './invites';
import * as saml from './saml';

/** THE route table: every operation of the API, keyed by operationId. */
export const routes = { ...organizations, ...members, ...teams, ...invites, ...saml };

export type Routes = typeof routes;
export const routeList: Route[] = Object.values(routes) as Route[];
