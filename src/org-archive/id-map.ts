import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The mapping file of an import, next to the archive: which target id each archived object became,
 * and which steps are complete. JSON lines: a header (the archive's digest and the target), then one
 * line per record, appended the moment an object is made or a step is done, so a failure or a killed
 * process loses nothing already made and a re-run continues where it stopped instead of creating the
 * same objects twice. Appending keeps each record O(1), however large the organization.
 */
export interface IdMapHeader {
  format: 'docsctl-import-map';
  /** The SHA-256 of the archive's manifest: a map is only reused for the archive it was made for. */
  archive: string;
  target: { url: string; organization: string };
}

/** `{ id: [kind:archived id, target id] }` or `{ done: step }`. */
type IdMapRecord = { id: [string, string] } | { done: string };

export class IdMapError extends Error {}

export class IdMap {
  private readonly ids = new Map<string, string>();
  private readonly done = new Set<string>();
  private written: boolean;

  private constructor(readonly path: string, private readonly header: IdMapHeader, private readonly persist: boolean, existing: boolean) {
    this.written = existing;
  }

  /**
   * The organization an earlier import of this archive into the instance at `url` went to, as the map
   * at `path` records it (how `import --new-org` resumes into the organization it created), or undefined.
   */
  static recordedOrganization(path: string, archive: string, url: string): string | undefined {
    if (!existsSync(path)) return undefined;
    try {
      const found = JSON.parse(readFileSync(path, 'utf8').split('\n')[0] ?? '') as IdMapHeader;
      return found.format === 'docsctl-import-map' && found.archive === archive && found.target?.url === url ? found.target.organization : undefined;
    } catch {
      return undefined;
    }
  }

  /** The map at `path` for this archive and target, or a new one; `persist: false` (dry runs) never writes. */
  static open(path: string, archive: string, target: IdMapHeader['target'], persist = true): IdMap {
    const header: IdMapHeader = { format: 'docsctl-import-map', archive, target };
    if (!existsSync(path)) return new IdMap(path, header, persist, false);
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    const parse = (line: string) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        // A line cut short by a killed process is the last one: what it recorded was not confirmed.
        return undefined;
      }
    };
    const found = parse(lines[0] ?? '') as IdMapHeader | undefined;
    if (found?.format !== 'docsctl-import-map') throw new IdMapError(`${path} is not a docsctl mapping file: move it away or pass --map FILE`);
    if (found.archive !== archive) throw new IdMapError(`${path} was written for another archive: move it away or pass --map FILE`);
    if (found.target?.url !== target.url || found.target?.organization !== target.organization) {
      throw new IdMapError(`${path} records an import into organization ${found.target?.organization} at ${found.target?.url}: pass --map FILE to import into another`);
    }
    const map = new IdMap(path, header, persist, true);
    for (const line of lines.slice(1)) {
      const record = parse(line) as IdMapRecord | undefined;
      if (record && 'id' in record) map.ids.set(record.id[0], record.id[1]);
      else if (record && 'done' in record) map.done.add(record.done);
    }
    return map;
  }

  id(kind: string, archivedId: string): string | undefined {
    return this.ids.get(`${kind}:${archivedId}`);
  }

  setId(kind: string, archivedId: string, targetId: string): void {
    const key = `${kind}:${archivedId}`;
    this.ids.set(key, targetId);
    this.append({ id: [key, targetId] });
  }

  isDone(step: string): boolean {
    return this.done.has(step);
  }

  markDone(step: string): void {
    if (this.done.has(step)) return;
    this.done.add(step);
    this.append({ done: step });
  }

  private append(record: IdMapRecord): void {
    if (!this.persist) return;
    if (!this.written) {
      writeFileSync(this.path, `${JSON.stringify(this.header)}\n`);
      this.written = true;
    }
    appendFileSync(this.path, `${JSON.stringify(record)}\n`);
  }
}
