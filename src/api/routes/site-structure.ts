import { route } from './route';
import { listOf, PagingQuery } from '../schemas/common';
import {
  SiteSection, SiteSectionCreate, SiteSectionGroup, SiteSectionGroupAddSection, SiteSectionGroupCreate, SiteSectionGroupMove, SiteSectionGroupPatch,
  SiteSectionListQuery, SiteSectionMove, SiteSectionPatch, SiteSpace, SiteSpaceCreate, SiteSpaceListQuery, SiteSpaceMove, SiteSpacePatch,
} from '../schemas/site-structure';

const site = '/v1/orgs/{organizationId}/sites/{siteId}' as const;
const groups = `${site}/section-groups` as const;
const group = `${groups}/{siteSectionGroupId}` as const;
const sections = `${site}/sections` as const;
const section = `${sections}/{siteSectionId}` as const;
const siteSpaces = `${site}/site-spaces` as const;
const siteSpace = `${siteSpaces}/{siteSpaceId}` as const;

const groupTag = 'Site section groups';
export const listSiteSectionGroups = route({
  operationId: 'listSiteSectionGroups', tag: groupTag, method: 'GET', path: groups, status: 200,
  summary: 'List the section groups of a site, in order', query: PagingQuery, response: listOf(SiteSectionGroup),
});
export const createSiteSectionGroup = route({
  operationId: 'createSiteSectionGroup', tag: groupTag, method: 'POST', path: groups, status: 201,
  summary: 'Create a section group (optionally holding sections of the site)', body: SiteSectionGroupCreate, response: SiteSectionGroup,
});
export const deleteSiteSectionGroup = route({
  operationId: 'deleteSiteSectionGroup', tag: groupTag, method: 'DELETE', path: group, status: 205,
  summary: 'Delete a section group (its sections return to the top level)',
});
export const updateSiteSectionGroup = route({
  operationId: 'updateSiteSectionGroup', tag: groupTag, method: 'PATCH', path: group, status: 200,
  summary: "Change a section group's title or icon", body: SiteSectionGroupPatch, response: SiteSectionGroup,
});
export const addSiteSectionToGroup = route({
  operationId: 'addSiteSectionToGroup', tag: groupTag, method: 'POST', path: `${group}/sections`, status: 201,
  summary: 'Add a section to a section group', body: SiteSectionGroupAddSection, response: SiteSectionGroup,
});
export const removeSiteSectionFromGroup = route({
  operationId: 'removeSiteSectionFromGroup', tag: groupTag, method: 'DELETE', path: `${group}/sections/{siteSectionId}`, status: 205,
  summary: 'Take a section out of a section group (it stays in the site)',
});
export const moveSiteSectionGroup = route({
  operationId: 'moveSiteSectionGroup', tag: groupTag, method: 'POST', path: `${group}/move`, status: 200,
  summary: 'Move a section group among the top-level sections and groups', body: SiteSectionGroupMove, response: SiteSectionGroup,
});

const sectionTag = 'Site sections';
export const listSiteSections = route({
  operationId: 'listSiteSections', tag: sectionTag, method: 'GET', path: sections, status: 200,
  summary: 'List the sections of a site, in order, with their site spaces', query: SiteSectionListQuery, response: listOf(SiteSection),
});
export const addSiteSection = route({
  operationId: 'addSiteSection', tag: sectionTag, method: 'POST', path: sections, status: 201,
  summary: 'Add a section holding a space', body: SiteSectionCreate, response: SiteSection,
});
export const deleteSiteSection = route({
  operationId: 'deleteSiteSection', tag: sectionTag, method: 'DELETE', path: section, status: 205,
  summary: 'Delete a section and its site spaces',
});
export const updateSiteSection = route({
  operationId: 'updateSiteSection', tag: sectionTag, method: 'PATCH', path: section, status: 200,
  summary: 'Update a section (null removes condition, icon, description)', body: SiteSectionPatch, response: SiteSection,
});
export const moveSiteSection = route({
  operationId: 'moveSiteSection', tag: sectionTag, method: 'POST', path: `${section}/move`, status: 200,
  summary: 'Move a section among the sections of its level', body: SiteSectionMove, response: SiteSection,
});

const siteSpaceTag = 'Site spaces';
export const listSiteSpaces = route({
  operationId: 'listSiteSpaces', tag: siteSpaceTag, method: 'GET', path: siteSpaces, status: 200,
  summary: 'List the site spaces of a site (default=true: only default ones)', query: SiteSpaceListQuery, response: listOf(SiteSpace),
});
export const addSiteSpace = route({
  operationId: 'addSiteSpace', tag: siteSpaceTag, method: 'POST', path: siteSpaces, status: 201,
  summary: 'Add a space to a site (to a section, the default section, or the root)', body: SiteSpaceCreate, response: SiteSpace,
});
export const deleteSiteSpace = route({
  operationId: 'deleteSiteSpace', tag: siteSpaceTag, method: 'DELETE', path: siteSpace, status: 205,
  summary: 'Remove a space from a site',
});
export const updateSiteSpace = route({
  operationId: 'updateSiteSpace', tag: siteSpaceTag, method: 'PATCH', path: siteSpace, status: 200,
  summary: "Change a site space's path or condition (null removes it)", body: SiteSpacePatch, response: SiteSpace,
});
export const moveSiteSpace = route({
  operationId: 'moveSiteSpace', tag: siteSpaceTag, method: 'POST', path: `${siteSpace}/move`, status: 200,
  summary: 'Move a site space among the site spaces of its section (or the root)', body: SiteSpaceMove, response: SiteSpace,
});
