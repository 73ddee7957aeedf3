import * as z from 'zod/mini';

/**
 * What an organization archive holds, entry by entry (docs/decisions.md, "Organization archives"), as
 * schemas: reading an archive checks each entry against them, so a hand-made or damaged archive is
 * refused with the field at fault instead of failing half-way through an import. Ids are the source
 * instance's: import maps them to the ids the target answers. Users are named by e-mail, the one thing
 * that identifies a person on every instance. No times: an archive describes what is, so exporting the
 * same organization twice gives the same entries.
 */

const text = z.string();
const Role = z.enum(['admin', 'create', 'review', 'edit', 'comment', 'read']);
export type Role = z.output<typeof Role>;

export const ArchivedOrganization = z.object({
  settings: z.object({
    title: text,
    emailDomains: z.array(text),
    hostname: z.optional(text),
    defaultRole: z.optional(z.nullable(Role)),
    /** A site of the archive. */
    defaultContent: z.optional(z.nullable(z.object({ type: z.literal('site'), site: text }))),
    logo: z.optional(text),
    sso: z.optional(z.boolean()),
    ai: z.optional(z.boolean()),
    inviteLinks: z.boolean(),
  }),
  /** A person's profile (name, photo) is theirs, not the organization's: the e-mail names them. */
  members: z.array(z.object({ email: text, role: z.nullable(Role), sso: z.boolean() })),
  teams: z.array(z.object({ id: text, title: text, members: z.array(z.object({ email: text, role: z.enum(['owner', 'member']) })) })),
  invites: z.array(z.object({ id: text, role: Role })),
  /** Without the secrets the API never answers. */
  samlProviders: z.array(z.object({
    id: text, label: text, ssoURL: z.optional(text), entityID: z.optional(text), certificate: z.optional(text), defaultTeam: z.optional(text), defaultRole: z.nullable(Role),
  })),
  customFields: z.array(z.object({ name: text, type: text, title: text, description: text, placeholder: text, options: z.array(text) })),
  /** Parents before their children, siblings in order. */
  collections: z.array(z.object({ id: text, title: text, description: z.optional(text), parent: z.optional(text), defaultLevel: z.nullable(Role) })),
  translations: z.array(z.object({ id: text, title: text, languages: z.array(text) })),
});
export type ArchivedOrganization = z.output<typeof ArchivedOrganization>;

const ArchivedPage = z.object({
  id: text,
  /** The parent page, null at the root; pages are listed parents first, siblings in order. */
  parent: z.nullable(text),
  path: text,
  title: text,
  slug: text,
  type: text,
  href: z.optional(text),
  git: z.optional(text),
  /** A computed page's generator. */
  computed: z.optional(z.object({
    type: z.literal('builtin:openapi'),
    dependencies: z.object({ spec: z.object({ ref: z.object({ kind: z.literal('openapi'), spec: text }) }) }),
    props: z.optional(z.record(z.string(), z.unknown())),
  })),
  /**
   * Links to files are `/files/<archived file id>`, includes of reusable content
   * `{% include "/reusable-contents/<archived id>" %}`; the frontmatter holds the icon, description and hidden flag.
   */
  markdown: text,
});
export type ArchivedPage = z.output<typeof ArchivedPage>;

/** The bytes are the entry `blobs/<sha256>`. */
const ArchivedFile = z.object({ id: text, name: text, contentType: text, size: z.number(), sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/)) });

/** A reusable content (Git Sync's `.gitbook/includes/` file): its whole text as stored, and the file Git Sync keeps it in. */
const ArchivedReusableContent = z.object({ id: text, title: text, markdown: text, git: z.optional(text) });
export type ArchivedReusableContent = z.output<typeof ArchivedReusableContent>;

const ArchivedContent = z.object({
  pages: z.array(ArchivedPage),
  files: z.array(ArchivedFile),
  /** Since manifest version 2; an archive of version 1 holds none (read as none). */
  reusableContents: z._default(z.array(ArchivedReusableContent), () => []),
});
export type ArchivedContent = z.output<typeof ArchivedContent>;

const ArchivedComment = z.object({
  id: text,
  author: text,
  /** The page commented on, an archived page id. */
  page: z.optional(text),
  status: z.enum(['open', 'resolved']),
  markdown: text,
  replies: z.array(z.object({ author: text, markdown: text })),
});
export type ArchivedComment = z.output<typeof ArchivedComment>;

const ArchivedChangeRequest = z.object({
  id: text, number: z.number(), subject: text, status: z.enum(['open', 'draft']), content: ArchivedContent, comments: z.array(ArchivedComment),
});
export type ArchivedChangeRequest = z.output<typeof ArchivedChangeRequest>;

export const ArchivedSpace = z.object({
  id: text,
  title: text,
  emoji: text,
  visibility: text,
  editMode: z.optional(z.enum(['live', 'locked'])),
  defaultLevel: z.nullable(Role),
  /** An archived collection. */
  parent: z.optional(text),
  permissions: z.object({ users: z.array(z.object({ email: text, role: Role })), teams: z.array(z.object({ team: text, role: Role })) }),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
  content: ArchivedContent,
  changeRequests: z.array(ArchivedChangeRequest),
  comments: z.array(ArchivedComment),
});
export type ArchivedSpace = z.output<typeof ArchivedSpace>;

const ArchivedSiteSpace = z.object({ id: text, space: text, path: text, condition: z.optional(text), default: z.boolean() });
export type ArchivedSiteSpace = z.output<typeof ArchivedSiteSpace>;

const ArchivedSection = z.object({
  id: text, title: text, path: text, description: z.optional(text), condition: z.optional(text), icon: z.optional(text), default: z.boolean(), siteSpaces: z.array(ArchivedSiteSpace),
});
export type ArchivedSection = z.output<typeof ArchivedSection>;

export const ArchivedSite = z.object({
  id: text, type: text, title: text, visibility: text, published: z.boolean(),
  basename: z.optional(text), hostname: z.optional(text), proxy: z.optional(text),
  adaptiveContent: z.boolean(),
  adaptiveSchema: z.optional(z.record(z.string(), z.unknown())),
  /** The site's top level in order: sections, section groups of sections, or (without sections) site spaces. */
  structure: z.array(z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('section'), section: ArchivedSection }),
    z.object({ kind: z.literal('group'), id: text, title: text, icon: z.optional(text), sections: z.array(ArchivedSection) }),
    z.object({ kind: z.literal('site-space'), siteSpace: ArchivedSiteSpace }),
  ])),
});
export type ArchivedSite = z.output<typeof ArchivedSite>;

export const ArchivedSpec = z.object({
  slug: text,
  sourceURL: z.optional(text),
  /** Oldest first: each version's document, file name to text. */
  versions: z.array(z.object({ id: text, filesystem: z.record(z.string(), z.string()) })),
});
export type ArchivedSpec = z.output<typeof ArchivedSpec>;
