import { loadArchive } from '../../src/org-archive/archive';

/** Fields of archive entries that hold an id of the instance the archive came from. */
const ID_FIELDS = new Set(['id', 'parent', 'space', 'team', 'defaultTeam', 'site', 'page']);

/**
 * An archive with its ids and times taken out: every id becomes `#n`, n its order of first appearance
 * in the archive (so two archives of the same organization made on different instances compare
 * equal when their objects and the references between them are the same), and the manifest keeps
 * only its format, version and counts (its time, source and checksums depend on ids and times).
 */
export async function normalizedArchive(path: string): Promise<{ manifest: unknown; archive: unknown }> {
  const { manifest, archive } = await loadArchive(path);
  const tokens = new Map<string, string>();
  const token = (id: string) => tokens.get(id) ?? tokens.set(id, `#${tokens.size + 1}`).get(id)!;
  const walk = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => walk(v));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    if (typeof value === 'string' && key && ID_FIELDS.has(key)) return token(value);
    if (typeof value === 'string' && key === 'markdown') return value.replace(/\/files\/([^/?#\s)"'<>]+)/g, (_, id: string) => `/files/${token(id)}`);
    return value;
  };
  const { blobs, ...objects } = archive;
  return {
    manifest: { format: manifest.format, version: manifest.version, counts: manifest.counts },
    archive: { ...(walk(objects) as object), blobs: [...blobs.keys()].sort() },
  };
}
