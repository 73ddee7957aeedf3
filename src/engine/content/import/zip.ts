import { createRequire } from 'node:module';
import { posix } from 'node:path';
import type JSZip from 'jszip';
import { EngineError, invalid } from '../../errors';
import { MAX_FILE_BYTES } from '../batch';
import { memorySource, readTreeFrom } from '../../../sync/local-tree';
import { formatBytes, type ImportLimits } from './limits';
import type { ImportContent } from './content';

const load = createRequire(import.meta.url);

/** Reads one entry, refusing to unpack more than `room` bytes (a zip bomb declares small sizes). */
function unpack(entry: JSZip.JSZipObject, room: number, tooLarge: () => Error): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const stream = entry.nodeStream('nodebuffer') as NodeJS.ReadableStream & { destroy?: () => void };
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > room) {
        stream.removeAllListeners('data');
        stream.destroy?.();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    stream.on('error', reject);
    stream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/** The files of a zip archive by path, without folders, macOS metadata and a single top folder wrapping everything. */
export async function unzip(bytes: Buffer, url: string, limits: ImportLimits): Promise<Map<string, Buffer>> {
  const Zip = load('jszip') as typeof JSZip;
  let zip: JSZip;
  try {
    zip = await Zip.loadAsync(bytes, { checkCRC32: true });
  } catch (error) {
    throw invalid(`url: ${url} is not a zip archive that can be read: ${(error as Error).message}`);
  }
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
      data = await unpack(entry, limits.maxUnpackedBytes - unpacked, tooLarge);
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
export async function zipImport(bytes: Buffer, url: string, limits: ImportLimits): Promise<ImportContent> {
  const files = await unzip(bytes, url, limits);
  const tree = await readTreeFrom(memorySource(files)).catch((error: Error) => {
    throw invalid(`url: the zip archive cannot be read as a folder of markdown: ${error.message}`);
  });
  const documents = tree.pages.filter((p) => !p.group).length;
  if (!documents && !tree.assets.length) throw invalid(`url: the zip archive holds no markdown pages and no files`);
  const assets = tree.assets.filter((a) => a.bytes.length <= MAX_FILE_BYTES);
  return {
    tree: { ...tree, assets },
    totalResources: documents + tree.assets.length,
    importedResources: documents + assets.length,
  };
}
