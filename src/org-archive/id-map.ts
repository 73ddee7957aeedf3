import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

/**
 * The mapping file of an import, next to the archive: which target id each archived object became,
 * and which steps are complete. Written after every step (temp file, then rename), so re-running an
 * import after a failure continues where it stopped instead of creating the same objects twice.
 */
export interface IdMapFile {
  format: 'docsctl-import-map';
  /** The SHA-256 of the archive's manifest: a map is only reused for the archive it was made for. */
  archive: string;
  target: { url: string; organization: string };
  /** `kind:archived id` → target id. */
  ids: Record<string, string>;
  /** Steps completed. */
  done: string[];
}

export class IdMapError extends Error {}

export class IdMap {
  private readonly done: Set<string>;

  private constructor(readonly path: string, private readonly file: IdMapFile, private readonly persist: boolean) {
    this.done = new Set(file.done);
  }

  /** The map at `path` for this archive and target, or a new one; `persist: false` (dry runs) never writes. */
  static open(path: string, archive: string, target: IdMapFile['target'], persist = true): IdMap {
    if (!existsSync(path)) return new IdMap(path, { format: 'docsctl-import-map', archive, target, ids: {}, done: [] }, persist);
    let file: IdMapFile;
    try {
      file = JSON.parse(readFileSync(path, 'utf8')) as IdMapFile;
    } catch {
      throw new IdMapError(`${path} is not a mapping file (not JSON): move it away or pass --map FILE`);
    }
    if (file.format !== 'docsctl-import-map' || typeof file.ids !== 'object' || !Array.isArray(file.done)) throw new IdMapError(`${path} is not a docsctl mapping file: move it away or pass --map FILE`);
    if (file.archive !== archive) throw new IdMapError(`${path} was written for another archive: move it away or pass --map FILE`);
    if (file.target.url !== target.url || file.target.organization !== target.organization) {
      throw new IdMapError(`${path} records an import into organization ${file.target.organization} at ${file.target.url}: pass --map FILE to import into another`);
    }
    return new IdMap(path, file, persist);
  }

  /** How many steps an earlier run completed. */
  get resumed(): number {
    return this.file.done.length;
  }

  id(kind: string, archivedId: string): string | undefined {
    return this.file.ids[`${kind}:${archivedId}`];
  }

  setId(kind: string, archivedId: string, targetId: string): void {
    this.file.ids[`${kind}:${archivedId}`] = targetId;
    this.save();
  }

  isDone(step: string): boolean {
    return this.done.has(step);
  }

  markDone(step: string): void {
    if (this.done.has(step)) return;
    this.done.add(step);
    this.file.done.push(step);
    this.save();
  }

  private save(): void {
    if (!this.persist) return;
    const temp = `${this.path}.tmp`;
    writeFileSync(temp, `${JSON.stringify(this.file, null, 1)}\n`);
    renameSync(temp, this.path);
  }
}
