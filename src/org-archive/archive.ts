import { readArchive, writeArchive, ArchiveError, ARCHIVE_BOUNDS, type ArchiveBounds } from './archive-file';
import { ARCHIVE_FORMAT, ENTRY, MANIFEST_VERSION, ManifestError, parseManifest, sha256, type Manifest } from './manifest';
import * as z from 'zod/mini';
import { formatIssues } from '../api/format-issues';
import { ArchivedOrganization, ArchivedSite, ArchivedSpace, ArchivedSpec, type ArchivedComment } from './model';
import type { TarEntry } from './tar';

/** A whole organization as an archive holds it. */
export interface OrgArchive {
  organization: z.output<typeof ArchivedOrganization>;
  spaces: z.output<typeof ArchivedSpace>[];
  sites: z.output<typeof ArchivedSite>[];
  specs: z.output<typeof ArchivedSpec>[];
  /** Files' bytes by SHA-256 (the same bytes in several files are kept once). */
  blobs: Map<string, Buffer>;
}

const commentsOf = (space: ArchivedSpace): ArchivedComment[] => [...space.comments, ...space.changeRequests.flatMap((cr) => cr.comments)];

/** How many objects of each kind an archive holds (the manifest's counts, the progress total). */
export function countsOf(archive: OrgArchive): Record<string, number> {
  const { organization: org, spaces, sites } = archive;
  const sections = sites.flatMap((s) => s.structure.flatMap((item) => (item.kind === 'section' ? [item.section] : item.kind === 'group' ? item.sections : [])));
  return {
    members: org.members.length,
    teams: org.teams.length,
    invites: org.invites.length,
    samlProviders: org.samlProviders.length,
    customFields: org.customFields.length,
    collections: org.collections.length,
    translations: org.translations.length,
    spaces: spaces.length,
    pages: spaces.reduce((n, s) => n + s.content.pages.length, 0),
    files: spaces.reduce((n, s) => n + s.content.files.length, 0),
    reusableContents: spaces.reduce((n, s) => n + s.content.reusableContents.length, 0),
    changeRequests: spaces.reduce((n, s) => n + s.changeRequests.length, 0),
    comments: spaces.reduce((n, s) => n + commentsOf(s).length, 0),
    replies: spaces.reduce((n, s) => n + commentsOf(s).reduce((r, c) => r + c.replies.length, 0), 0),
    sites: sites.length,
    sections: sections.length,
    siteSpaces: sites.reduce((n, s) => n + s.structure.reduce((m, item) => m + (item.kind === 'site-space' ? 1 : 0), 0), 0) + sections.reduce((n, s) => n + s.siteSpaces.length, 0),
    openapiSpecs: archive.specs.length,
    openapiVersions: archive.specs.reduce((n, s) => n + s.versions.length, 0),
    bytes: [...archive.blobs.values()].reduce((n, b) => n + b.length, 0),
  };
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 1)}\n`);

/** The archive's entries after the manifest, in the order they are written. */
function entriesOf(archive: OrgArchive): TarEntry[] {
  return [
    { name: ENTRY.organization, bytes: json(archive.organization) },
    ...archive.spaces.map((s) => ({ name: ENTRY.space(s.id), bytes: json(s) })),
    ...archive.sites.map((s) => ({ name: ENTRY.site(s.id), bytes: json(s) })),
    ...archive.specs.map((s) => ({ name: ENTRY.spec(s.slug), bytes: json(s) })),
    ...[...archive.blobs].map(([hash, bytes]) => ({ name: ENTRY.blob(hash), bytes })),
  ];
}

/** Writes an archive, manifest first (temp file then rename: nothing half-written on failure). */
export async function saveArchive(path: string, archive: OrgArchive, about: Pick<Manifest, 'createdAt' | 'createdBy' | 'source'>): Promise<Manifest> {
  const entries = entriesOf(archive);
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    version: MANIFEST_VERSION,
    ...about,
    counts: countsOf(archive),
    entries: entries.map((e) => ({ name: e.name, bytes: e.bytes.length, sha256: sha256(e.bytes) })),
  };
  await writeArchive(path, [{ name: ENTRY.manifest, bytes: json(manifest) }, ...entries]);
  return manifest;
}

/** An archive that is not what its manifest says: wrong checksum, missing or unlisted entry, bad JSON. */
export class ArchiveContentError extends Error {}

/** An entry's JSON, checked against what the archive format says it holds. */
function parseEntry<S extends z.ZodMiniType>(entry: TarEntry, schema: S): z.output<S> {
  let value: unknown;
  try {
    value = JSON.parse(entry.bytes.toString('utf8'));
  } catch {
    throw new ArchiveContentError(`${entry.name} is not JSON`);
  }
  const parsed = z.safeParse(schema, value, { reportInput: true });
  if (!parsed.success) throw new ArchiveContentError(`${entry.name} is not what the archive format holds there: ${formatIssues(parsed.error.issues)}`);
  return parsed.data;
}

/**
 * Reads and checks an archive: manifest first and of a version this docsctl reads, every entry listed
 * in it with the size and checksum it gives, nothing more.
 */
export async function loadArchive(path: string, bounds: ArchiveBounds = ARCHIVE_BOUNDS): Promise<{ manifest: Manifest; archive: OrgArchive }> {
  const entries = await readArchive(path, bounds);
  if (entries[0]?.name !== ENTRY.manifest) throw new ArchiveError(`not an organization archive (the first entry is ${entries[0] ? entries[0].name : 'missing'}, not ${ENTRY.manifest})`);
  const manifest = parseManifest(entries[0].bytes);
  const listed = new Map(manifest.entries.map((e) => [e.name, e]));
  for (const entry of entries.slice(1)) {
    const expected = listed.get(entry.name);
    if (!expected) throw new ArchiveContentError(`${entry.name} is not listed in the manifest`);
    if (expected.bytes !== entry.bytes.length || expected.sha256 !== sha256(entry.bytes)) throw new ArchiveContentError(`checksum mismatch for ${entry.name}: the archive was changed or damaged`);
    listed.delete(entry.name);
  }
  if (listed.size) throw new ArchiveContentError(`the manifest lists ${[...listed.keys()].slice(0, 3).join(', ')}${listed.size > 3 ? ` and ${listed.size - 3} more` : ''}, missing from the archive`);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const organization = byName.get(ENTRY.organization);
  if (!organization) throw new ArchiveContentError(`${ENTRY.organization} is missing`);
  const under = (prefix: string) => entries.filter((e) => e.name.startsWith(prefix));
  return {
    manifest,
    archive: {
      organization: parseEntry(organization, ArchivedOrganization),
      spaces: under('spaces/').map((e) => parseEntry(e, ArchivedSpace)),
      sites: under('sites/').map((e) => parseEntry(e, ArchivedSite)),
      specs: under('openapi/').map((e) => parseEntry(e, ArchivedSpec)),
      blobs: new Map(under('blobs/').map((e) => [e.name.slice('blobs/'.length), e.bytes])),
    },
  };
}

export { ArchiveError, ManifestError };
