import { createHash } from 'node:crypto';

/**
 * The archive format this docsctl writes. Bumped on any change of what the entries hold, so that an
 * older docsctl refuses an archive it would read only in part (its schemas drop fields they do not
 * know) rather than import it with something missing. Version 2 added each content's reusable
 * contents (`reusableContents`).
 */
export const MANIFEST_VERSION = 2;
/** The versions this docsctl reads: every earlier one too (version 1 holds no reusable content). */
export const READABLE_VERSIONS: readonly number[] = [1, 2];
export const ARCHIVE_FORMAT = 'docsctl-organization-archive';

/** Entry names: the manifest first, then one entry per kind of object, then the files' bytes. */
export const ENTRY = {
  manifest: 'manifest.json',
  organization: 'organization.json',
  space: (id: string) => `spaces/${id}.json`,
  site: (id: string) => `sites/${id}.json`,
  spec: (slug: string) => `openapi/${slug}.json`,
  blob: (sha256: string) => `blobs/${sha256}`,
} as const;

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  createdBy: string;
  source: { url: string; organization: string; title: string };
  counts: Record<string, number>;
  /** Every other entry, in archive order, with its size and SHA-256. */
  entries: { name: string; bytes: number; sha256: string }[];
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export class ManifestError extends Error {}

/** Checks a manifest's shape and version before anything else of the archive is read. */
export function parseManifest(bytes: Buffer): Manifest {
  let value: Partial<Manifest>;
  try {
    value = JSON.parse(bytes.toString('utf8')) as Partial<Manifest>;
  } catch {
    throw new ManifestError('manifest.json is not JSON');
  }
  if (value?.format !== ARCHIVE_FORMAT) throw new ManifestError(`manifest.json: format is ${JSON.stringify(value?.format)}, not ${ARCHIVE_FORMAT}`);
  if (typeof value.version !== 'number' || !READABLE_VERSIONS.includes(value.version)) {
    const newer = typeof value.version === 'number' && value.version > MANIFEST_VERSION;
    const readable = READABLE_VERSIONS.length > 1 ? `versions ${READABLE_VERSIONS.slice(0, -1).join(', ')} and ${READABLE_VERSIONS.at(-1)}` : `version ${MANIFEST_VERSION}`;
    throw new ManifestError(`manifest version ${JSON.stringify(value.version)} is not supported (this docsctl reads ${readable}${newer ? '; the archive was made by a newer docsctl' : ''})`);
  }
  if (!Array.isArray(value.entries) || !value.source || typeof value.counts !== 'object') throw new ManifestError('manifest.json lacks entries, source or counts');
  return value as Manifest;
}
