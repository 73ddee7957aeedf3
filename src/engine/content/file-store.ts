import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { FileStoreRefused, MissingObject } from '../errors';
import type { Core } from '../core';
import { S3FileStore, type S3Settings } from './s3-file-store';
import type { FileStore } from './file-store-contract';

export type { FileStore, PresignedFile } from './file-store-contract';

/**
 * A folder of objects (`--files dir:/srv/files`), for one machine that wants files beside the database
 * rather than in it: `<dir>/<first two hex digits>/<sha256>`. An object is written to a temporary
 * name in its folder and renamed into place, so a reader never sees half of one and a crash leaves
 * at most a temporary file (`.tmp-…`, removed by nobody's reads; safe to delete).
 */
export class DirFileStore implements FileStore {
  readonly location: string;

  constructor(readonly root: string) {
    this.location = `dir:${root}`;
  }

  private pathOf(id: string): string {
    if (!/^[0-9a-f]{64}$/.test(id)) throw new Error(`file store ${this.location}: ${id} is not a SHA-256`);
    return join(this.root, id.slice(0, 2), id);
  }

  async put(id: string, size: number, pieceAt: (at: number, length: number) => Buffer | Promise<Buffer>): Promise<void> {
    const path = this.pathOf(id);
    if (await stat(path).then((s) => s.size === size, () => false)) return;
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.tmp-${randomBytes(6).toString('hex')}`;
    const handle = await open(temporary, 'wx', 0o600);
    try {
      for (let at = 0; at < size; at += PIECE_BYTES) await handle.write(await pieceAt(at, Math.min(PIECE_BYTES, size - at)));
      // On disk before the row that names it commits.
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temporary, { force: true });
      throw error;
    }
    await handle.close();
    await rename(temporary, path);
  }

  async *read(id: string, pieceBytes: number): AsyncGenerator<Buffer> {
    const handle = await open(this.pathOf(id), 'r').catch((error: { code?: string }) => {
      throw error.code === 'ENOENT' ? new MissingObject(`file ${id} is missing from the file store ${this.location}`) : error;
    });
    try {
      for (;;) {
        const buffer = Buffer.alloc(pieceBytes);
        const { bytesRead } = await handle.read(buffer, 0, pieceBytes, null);
        if (bytesRead === 0) return;
        yield bytesRead === pieceBytes ? buffer : buffer.subarray(0, bytesRead);
      }
    } finally {
      await handle.close();
    }
  }

  async remove(id: string): Promise<void> {
    await rm(this.pathOf(id), { force: true });
  }

  async sweep(before: Date, named: (ids: string[]) => Promise<Set<string>>): Promise<number> {
    let removed = 0;
    const folders = await readdir(this.root).catch(() => [] as string[]);
    for (const folder of folders.filter((name) => /^[0-9a-f]{2}$/.test(name))) {
      const old: { name: string; path: string }[] = [];
      for (const name of await readdir(join(this.root, folder)).catch(() => [] as string[])) {
        const path = join(this.root, folder, name);
        if (await stat(path).then((s) => s.mtime < before, () => false)) old.push({ name, path });
      }
      const objects = old.filter((o) => /^[0-9a-f]{64}$/.test(o.name));
      const kept = objects.length ? await named(objects.map((o) => o.name)) : new Set<string>();
      for (const { name, path } of old) {
        const object = /^[0-9a-f]{64}$/.test(name);
        if (object ? !kept.has(name) : name.includes('.tmp-')) {
          await rm(path, { force: true });
          removed++;
        }
      }
    }
    return removed;
  }
}

/** How much of an object is written or read at a time. */
const PIECE_BYTES = 1024 * 1024;

/** How a store named by its location is opened: the folder a relative `dir:` path is in, and how S3 is reached. */
export interface FileStoreOptions {
  cwd?: string;
  s3?: S3Settings;
}

/**
 * The store `--files` (or DOCSCTL_FILES) names: `dir:PATH` (a relative PATH is the command's folder's)
 * or `s3://BUCKET/PREFIX` (an S3-compatible bucket, reached as `options.s3` says). Opening one sends
 * nothing: the first request does (or `check()`).
 */
export function openFileStore(location: string, options: FileStoreOptions = {}): FileStore {
  const dir = /^dir:(.+)$/.exec(location)?.[1];
  if (dir) return new DirFileStore(isAbsolute(dir) ? resolve(dir) : resolve(options.cwd ?? process.cwd(), dir));
  if (location.startsWith('s3://')) return new S3FileStore(location, options.s3);
  throw new FileStoreRefused(`--files ${location}: must be dir:PATH (a folder for the files' bytes) or s3://BUCKET/PREFIX (S3-compatible object storage)`);
}

/**
 * The file store an engine uses: the database remembers the one its files went to (meta `files`), so
 * a command given none finds it; one given for the first time is remembered; another than the
 * remembered one is refused (its files would not be found). Files kept in the database stay there.
 */
export async function settleFileStore(core: Core, given: FileStore | undefined, options: FileStoreOptions = {}): Promise<FileStore | undefined> {
  const remembered = (await core.get<{ value: string }>("SELECT value FROM meta WHERE key = 'files'"))?.value;
  if (given && remembered && given.location !== remembered) {
    throw new FileStoreRefused(`--files ${given.location}: this database keeps its files in ${remembered}; give that one, or none (the database remembers it)`);
  }
  if (given && !remembered) {
    // Named for good only once it answers: a mistyped bucket or missing credentials are said now.
    await given.check?.();
    await core.write(async () => await core.run("INSERT INTO meta (key, value) VALUES ('files', ?) ON CONFLICT (key) DO NOTHING", [given.location]));
    return given;
  }
  return given ?? (remembered ? openFileStore(remembered, options) : undefined);
}
