/**
 * What an organization archive holds, entry by entry (docs/decisions.md, "Organization archives").
 * Ids are the source instance's: import maps them to the ids the target answers. Users are named by
 * e-mail, the one thing that identifies a person on every instance. No times: an archive describes
 * what is, so exporting the same organization twice gives the same entries.
 */

export type Role = 'admin' | 'create' | 'review' | 'edit' | 'comment' | 'read';

export interface ArchivedOrganization {
  settings: {
    title: string;
    emailDomains: string[];
    hostname?: string;
    defaultRole?: Role | null;
    /** A site of the archive. */
    defaultContent?: { type: 'site'; site: string } | null;
    logo?: string;
    sso?: boolean;
    ai?: boolean;
    inviteLinks: boolean;
  };
  /** A person's profile (name, photo) is theirs, not the organization's: the e-mail names them. */
  members: { email: string; role: Role | null; sso: boolean }[];
  teams: { id: string; title: string; members: { email: string; role: 'owner' | 'member' }[] }[];
  invites: { id: string; role: Role }[];
  /** Without the secrets the API never answers. */
  samlProviders: { id: string; label: string; ssoURL?: string; entityID?: string; certificate?: string; defaultTeam?: string; defaultRole: Role | null }[];
  customFields: { name: string; type: string; title: string; description: string; placeholder: string; options: string[] }[];
  /** Parents before their children, siblings in order. */
  collections: { id: string; title: string; description?: string; parent?: string; defaultLevel: Role | null }[];
  translations: { id: string; title: string; languages: string[] }[];
}

export interface ArchivedPage {
  id: string;
  /** The parent page, null at the root; pages are listed parents first, siblings in order. */
  parent: string | null;
  path: string;
  title: string;
  slug: string;
  type: string;
  href?: string;
  git?: string;
  /** A computed page's generator: the OpenAPI spec is named by its slug. */
  computed?: { type: 'builtin:openapi'; dependencies: { spec: { ref: { kind: 'openapi'; spec: string } } }; props?: Record<string, unknown> };
  /** Links to files are `/files/<archived file id>`. */
  markdown: string;
}

export interface ArchivedFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** The bytes are the entry `blobs/<sha256>`. */
  sha256: string;
}

export interface ArchivedContent {
  pages: ArchivedPage[];
  files: ArchivedFile[];
}

export interface ArchivedReply {
  author: string;
  markdown: string;
}

export interface ArchivedComment {
  id: string;
  author: string;
  /** The page commented on, an archived page id. */
  page?: string;
  status: 'open' | 'resolved';
  markdown: string;
  replies: ArchivedReply[];
}

export interface ArchivedChangeRequest {
  id: string;
  number: number;
  subject: string;
  status: string;
  content: ArchivedContent;
  comments: ArchivedComment[];
}

export interface ArchivedSpace {
  id: string;
  title: string;
  emoji: string;
  visibility: string;
  editMode?: 'live' | 'locked';
  defaultLevel: Role | null;
  /** An archived collection. */
  parent?: string;
  permissions: { users: { email: string; role: Role }[]; teams: { team: string; role: Role }[] };
  fields: Record<string, string | number | boolean | string[]>;
  content: ArchivedContent;
  changeRequests: ArchivedChangeRequest[];
  comments: ArchivedComment[];
}

export interface ArchivedSiteSpace {
  id: string;
  space: string;
  path: string;
  condition?: string;
  default: boolean;
}

export interface ArchivedSection {
  id: string;
  title: string;
  path: string;
  description?: string;
  condition?: string;
  icon?: string;
  default: boolean;
  siteSpaces: ArchivedSiteSpace[];
}

export interface ArchivedSite {
  id: string;
  type: string;
  title: string;
  visibility: string;
  published: boolean;
  basename?: string;
  hostname?: string;
  proxy?: string;
  adaptiveContent: boolean;
  adaptiveSchema?: Record<string, unknown>;
  /** The site's top level in order: sections, section groups of sections, or (without sections) site spaces. */
  structure: (
    | { kind: 'section'; section: ArchivedSection }
    | { kind: 'group'; id: string; title: string; icon?: string; sections: ArchivedSection[] }
    | { kind: 'site-space'; siteSpace: ArchivedSiteSpace }
  )[];
}

export interface ArchivedSpec {
  slug: string;
  sourceURL?: string;
  /** Oldest first: each version's document, file name to text. */
  versions: { id: string; filesystem: Record<string, string> }[];
}
