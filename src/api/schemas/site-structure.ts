import * as z from 'zod/mini';
import { lazy } from './lazy';
import { Id, Paging, queryBool, text } from './common';
import { Space, VisitorSpace } from './space';

/** A section or site space path: one URL path segment (unreserved URL characters only). */
const Path = text(1, 100).check(z.regex(/^[A-Za-z0-9._~-]+$/, { error: 'must be one URL path segment: letters, digits, ".", "_", "~" and "-" only' }));
const Condition = lazy(() => text(1, 1024));
// An empty icon or description removes it, as null does.
const Icon = lazy(() => text(0, 50));

export const SiteSpace = lazy(() => z.object({
  object: z.literal('site-space'),
  id: z.string(),
  path: z.string(),
  section: z.optional(z.string()),
  // A member with a role sees the whole space; anyone else a published site's visitor needs.
  space: z.union([Space, VisitorSpace]),
  title: z.string(),
  default: z.optional(z.boolean()),
  condition: z.optional(z.string()),
  // Every change to a site's structure is live at once: nothing is a draft.
  draft: z.boolean(),
  hasAdvancedCustomizationFeature: z.optional(z.boolean()),
  urls: z.object({ published: z.string() }),
}));

export const SiteSection = lazy(() => z.object({
  object: z.literal('site-section'),
  id: z.string(),
  title: z.string(),
  description: z.optional(z.string()),
  default: z.optional(z.boolean()),
  draft: z.boolean(),
  path: z.string(),
  condition: z.optional(z.string()),
  sectionGroup: z.optional(z.string()),
  icon: z.optional(z.string()),
  siteSpaces: z.array(SiteSpace),
  urls: z.object({ published: z.string() }),
}));

export const SiteSectionGroup = lazy(() => z.object({
  object: z.literal('site-section-group'),
  id: z.string(),
  title: z.string(),
  icon: z.optional(z.string()),
  draft: z.boolean(),
  sections: z.array(SiteSection),
  // The group's sections again, under the platform's current name (groups hold sections only here).
  children: z.array(SiteSection),
}));

/** A site's structure as published content carries it: sections, or site spaces at the root. */
export const SiteStructure = lazy(() => z.union([
  z.object({ type: z.literal('sections'), structure: z.array(SiteSection) }),
  z.object({ type: z.literal('siteSpaces'), structure: z.array(SiteSpace) }),
]));

// Query strings.
export const SiteSectionListQuery = lazy(() => z.strictObject({ ...Paging, shareKey: z.optional(text(1, 200)) }));
export const SiteSpaceListQuery = lazy(() => z.strictObject({ ...Paging, shareKey: z.optional(text(1, 200)), default: z.optional(queryBool) }));

// Section groups.
export const SiteSectionGroupCreate = lazy(() => z.strictObject({
  title: text(1, 100),
  icon: z.optional(z.nullable(Icon)),
  sections: z.optional(z.array(Id).check(z.maxLength(1000))),
}));
export const SiteSectionGroupPatch = lazy(() => z.strictObject({ title: z.optional(text(1, 100)), icon: z.optional(z.nullable(Icon)) }));
export const SiteSectionGroupAddSection = lazy(() => z.strictObject({ sectionId: Id }));

// Sections.
export const SiteSectionCreate = lazy(() => z.strictObject({ spaceId: Id, title: z.optional(text(1, 64)) }));
export const SiteSectionPatch = lazy(() => z.strictObject({
  title: z.optional(text(2, 128)),
  path: z.optional(Path),
  defaultSiteSpace: z.optional(Id),
  condition: z.optional(z.nullable(Condition)),
  icon: z.optional(z.nullable(Icon)),
  description: z.optional(z.nullable(text(0, 256))),
}));

// Site spaces.
export const SiteSpaceCreate = lazy(() => z.strictObject({ spaceId: Id, sectionId: z.optional(Id) }));
export const SiteSpacePatch = lazy(() => z.strictObject({ path: z.optional(Path), condition: z.optional(z.nullable(Condition)) }));

/**
 * Move bodies. api.md gives each move its own ref shape: groups `{ type: 'site-section', id }`,
 * sections `{ type: 'site-section', siteSection }`, site spaces `{ type: 'site-space', siteSpace }`.
 * Groups and top-level sections share one order, so both top-level moves also take a group ref.
 */
const positionOf = <R extends z.ZodMiniType>(ref: R) => z.strictObject({ position: z.strictObject({ before: z.optional(ref), after: z.optional(ref) }) });

export const SiteSectionGroupMove = lazy(() => positionOf(z.strictObject({ type: z.enum(['site-section', 'site-section-group']), id: Id })));
export const SiteSectionMove = lazy(() => positionOf(z.strictObject({
  type: z.enum(['site-section', 'site-section-group']),
  siteSection: z.optional(Id),
  siteSectionGroup: z.optional(Id),
})));
export const SiteSpaceMove = lazy(() => positionOf(z.strictObject({ type: z.literal('site-space'), siteSpace: Id })));
