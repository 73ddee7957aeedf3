import type { Column } from '../../output/render';
import { idColumn, timeColumn } from '../../output/column-kinds';
import type { ResultOf } from '../../api/routes/route';
import type { Routes } from '../../api/routes/index';

export type Site = ResultOf<Routes['getSiteById']>;
export type AdaptiveSchema = ResultOf<Routes['getSiteAdaptiveSchema']>;
export type PublishedSite = ResultOf<Routes['getPublishedContentSite']>;

export const siteColumns: Column<Site>[] = [
  idColumn((s) => s.id),
  { header: 'TITLE', value: (s) => s.title, priority: 1 },
  { header: 'VISIBILITY', value: (s) => s.visibility },
  { header: 'PUBLISHED', value: (s) => s.published },
  { header: 'SPACES', value: (s) => s.siteSpaces, priority: 3 },
  { header: 'URL', value: (s) => s.urls.published, whole: true, overflow: 'line' },
];

export const siteDetail: Column<Site>[] = [
  ...siteColumns,
  { header: 'TYPE', value: (s) => s.type },
  { header: 'HOSTNAME', value: (s) => s.hostname },
  { header: 'BASENAME', value: (s) => s.basename },
  { header: 'PROXY', value: (s) => s.proxy?.origin },
  { header: 'ADAPTIVE', value: (s) => s.adaptiveContent.enabled },
  timeColumn('CREATED', (s) => s.createdAt),
  timeColumn('UPDATED', (s) => s.updatedAt),
  { header: 'APP URL', value: (s) => s.urls.app },
];

/** One visitor claim of an adaptive schema: signed claims are top-level properties, unsigned ones sit under `unsigned`. */
export interface Claim {
  name: string;
  signed: boolean;
  description: string;
}

export function claimsOf(schema: AdaptiveSchema['jsonSchema']): Claim[] {
  const describe = (properties: unknown, signed: boolean): Claim[] =>
    Object.entries((properties ?? {}) as Record<string, { description?: unknown }>)
      .filter(([name]) => !signed || name !== 'unsigned')
      .map(([name, p]) => ({ name, signed, description: typeof p?.description === 'string' ? p.description : '' }));
  const properties = (schema.properties ?? {}) as Record<string, { properties?: unknown }>;
  return [...describe(properties, true), ...describe(properties.unsigned?.properties, false)];
}

export const claimColumns: Column<Claim>[] = [
  { header: 'CLAIM', value: (c) => c.name, priority: 1 },
  { header: 'SIGNED', value: (c) => c.signed },
  { header: 'DESCRIPTION', value: (c) => c.description },
];

/** A row of the published view: a site space (with its section, when the site has sections), or an empty section. */
export interface PublishedRow {
  section: string;
  path: string;
  space: string;
  default: boolean;
  url: string;
}

export function publishedRows(published: PublishedSite): PublishedRow[] {
  type SiteSpace = Extract<PublishedSite['structure'], { type: 'siteSpaces' }>['structure'][number];
  const row = (section: string, s: SiteSpace): PublishedRow => ({ section, path: s.path, space: s.space.title, default: Boolean(s.default), url: s.urls.published });
  if (published.structure.type === 'siteSpaces') return published.structure.structure.map((s) => row('', s));
  return published.structure.structure.flatMap((section) =>
    section.siteSpaces.length
      ? section.siteSpaces.map((s) => row(`${section.title}${section.default ? ' (default)' : ''}`, s))
      : [{ section: `${section.title}${section.default ? ' (default)' : ''}`, path: '', space: '', default: false, url: section.urls.published }],
  );
}

export const publishedColumns: Column<PublishedRow>[] = [
  { header: 'SECTION', value: (r) => r.section, priority: 1 },
  { header: 'PATH', value: (r) => r.path, priority: 1 },
  { header: 'SPACE', value: (r) => r.space, priority: 1 },
  { header: 'DEFAULT', value: (r) => r.default },
  { header: 'URL', value: (r) => r.url },
];
