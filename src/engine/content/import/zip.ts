import { posix } from 'node:path';
import { EngineError, invalid } from '../../errors';
import { memorySource, readTreeFrom } from '../../../content-tree/local-tree';
import { formatBytes, type ImportLimits } from '../../../domain/import-limits';
import { openArchive, unpack, type Deadline } from './archive';
import type { ImportContent } from './content';

/** The files of a zip archive by path, without folders, macOS metadata and a single top folder wrapping everything. */
export async function unzip(bytes: Buffer, url: string, limits: ImportLimits, deadline: Deadline): Promise<Map<string, Buffer>> {
  const zip = await openArchive(bytes, url, 'a zip archive', limits);
  const entries = Object.values(zip.files).filter((e) => !e.dir && !/(^|\/)__MACOSX\//.test(e.name) && !posix.isAbsolute(e.name) && !e.name.split('/').includes('..'));
  if (entries.length > limits.maxZipEntries) throw invalid(`url: the zip archive holds ${entries.length} files; an import takes at most ${limits.maxZipEntries}`);
  // An archive of a folder (`docs/…` and nothing else) imports the folder's content.
  const tops = new Set(entries.map((e) => (e.name.includes('/') ? e.name.slice(0, e.name.indexOf('/')) : '')));
  const strip = tops.size === 1 && !tops.has('') ? [...tops][0].length + 1 : 0;
  const files = new Map<string, Buffer>();
  let unpacked = 0;
  const tooLarge = () => invalid(`url: the zip archive unpacks to more than ${formatBytes(limits.maxUnpackedBytes)}`);
  for (const entry of entries) {
    let data: Buffer;
    try {
      data = await unpack(entry, limits.maxUnpackedBytes - unpacked, tooLarge, deadline, limits);
    } catch (error) {
      if (error instanceof EngineError) throw error;
      throw invalid(`url: ${entry.name} in the zip archive cannot be unpacked: ${(error as Error).message}`);
    }
    unpacked += data.length;
    files.set(entry.name.slice(strip), data);
  }
  return files;
}

/**
 * A zip archive of a folder of markdown, read exactly as `content push` reads a folder (folders are
 * pages, README.md a folder's page, SUMMARY.md the order, other files are files). Files over the
 * file size limit are left out (and counted as found).
 */
export async function zipImport(bytes: Buffer, url: string, limits: ImportLimits, deadline: Deadline): Promise<ImportContent> {
  const files = await unzip(bytes, url, limits, deadline);
  const tree = await readTreeFrom(memorySource(files)).catch((error: Error) => {
    throw invalid(`url: the zip archive cannot be read as a folder of markdown: ${error.message}`);
  });
  const documents = tree.pages.filter((p) => !p.group).length;
  if (!documents && !tree.assets.length) throw invalid(`url: the zip archive holds no markdown pages and no files`);
  const assets = tree.assets.filter((a) => a.size <= limits.maxFileBytes);
  return {
    tree: { ...tree, assets },
    totalResources: documents + tree.assets.length,
    importedResources: documents + assets.length,
  };
}
