import type { Core } from '../../core';
import { blobInfo, wholeBlob } from '../../content/blob-store';
import { parseYaml } from '../../../markdown/markdown';
import type { PublishedSpace } from './pages';

/** The largest `.gitbook.yaml` read for redirects (real ones are a few KB; fluentd's 172 redirects: 9 KB). */
export const MAX_CONFIG_BYTES = 1024 * 1024;
/** The most redirects read from one configuration (the rest are left out). */
export const MAX_REDIRECTS = 10_000;

const normal = (path: string) => path.trim().replace(/^\.?\/+/, '').replace(/\/+$/, '');

/** The configuration's text, when the space keeps one of at most MAX_CONFIG_BYTES. */
async function configText(core: Core, space: PublishedSpace): Promise<string | undefined> {
  const fileId = space.index.fileByPath.get('.gitbook.yaml') ?? space.index.fileByPath.get('.gitbook.yml');
  const file = fileId ? space.state.files.get(fileId) : undefined;
  const blob = file ? await blobInfo(core, file.blobId) : undefined;
  if (!blob || blob.size > MAX_CONFIG_BYTES) return undefined;
  return (await wholeBlob(core, blob)).toString('utf8');
}

/**
 * The `redirects` of the space's Git Sync configuration (`.gitbook.yaml`, kept by `content push`): each
 * old path (relative to the space's URL, compared without case) to the page of the file it names,
 * relative to the content root (`./guide.md`; a folder's `README.md` or a path without `.md` also
 * found). Entries whose file is no page of the space are left out; a configuration that is not YAML
 * gives none.
 */
async function readRedirects(core: Core, space: PublishedSpace): Promise<Map<string, string>> {
  const redirects = new Map<string, string>();
  const text = await configText(core, space);
  if (text === undefined) return redirects;
  let config: unknown;
  try {
    config = parseYaml(text);
  } catch {
    return redirects;
  }
  const entries = config !== null && typeof config === 'object' && !Array.isArray(config) ? (config as Record<string, unknown>).redirects : undefined;
  if (entries === null || typeof entries !== 'object' || Array.isArray(entries)) return redirects;
  for (const [from, to] of Object.entries(entries as Record<string, unknown>).slice(0, MAX_REDIRECTS)) {
    if (typeof to !== 'string') continue;
    const target = normal(to);
    const page = space.index.pageByFile.get(target) ?? space.index.pageByFile.get(`${target}.md`) ?? space.index.pageByFile.get(`${target}/README.md`);
    if (page) redirects.set(normal(from).toLowerCase(), page);
  }
  return redirects;
}

const read = new WeakMap<PublishedSpace, Promise<Map<string, string>>>();

/** Every redirect of the space's configuration (old path, lower case, to page id); read once per revision read. */
export async function redirectsOf(core: Core, space: PublishedSpace): Promise<Map<string, string>> {
  let redirects = read.get(space);
  if (!redirects) {
    redirects = readRedirects(core, space);
    read.set(space, redirects);
  }
  return await redirects;
}

/** The page `path` redirects to, by the space's configuration. */
export async function redirectOf(core: Core, space: PublishedSpace, path: string): Promise<string | undefined> {
  return (await redirectsOf(core, space)).get(normal(path).toLowerCase());
}
