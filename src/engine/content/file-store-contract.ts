// What a file store is, apart from any store: the engine's core and each store (a folder, S3) depend on
// this file, not on each other.

/**
 * Where files' bytes live when not in the database (issue 33): a store of objects named by their
 * SHA-256, written whole before the `blobs` row that names them commits, read a piece at a time,
 * removed by the purge that removes the row. docs/deployment.md, "Files outside the database".
 */
export interface FileStore {
  /** Where it is, as `--files` names it (`dir:/srv/files`), in messages and in the database's meta. */
  readonly location: string;
  /** Writes the object `id` of `size` bytes, each piece asked of `pieceAt` in order; one already there is kept. */
  put(id: string, size: number, pieceAt: (at: number, length: number) => Buffer | Promise<Buffer>): Promise<void>;
  /** The object's bytes in order, at most `pieceBytes` at a time (never whole). */
  read(id: string, pieceBytes: number): AsyncGenerator<Buffer>;
  /** Removes an object no row names any more (gone already: nothing to do). */
  remove(id: string): Promise<void>;
  /**
   * Removes objects older than `before` that no row names (left by a transaction that failed after
   * writing them), and temporary files older than that; answers how many went. `named` answers which
   * of some ids a row names (asked a page of ids at a time, not once per object).
   */
  sweep(before: Date, named: (ids: string[]) => Promise<Set<string>>): Promise<number>;
  /** Whether the store answers with the settings given (a bucket that exists, credentials it takes); throws FileStoreFailed naming what is wrong. */
  check?(): Promise<void>;
  /** With `serve --files-presign`: how long a presigned download URL lives (seconds); undefined when downloads stream through docsctl. */
  readonly presignSeconds?: number;
  /** A URL that serves the object's bytes for presignSeconds, with these response headers. */
  presign?(id: string, file: PresignedFile): Promise<string>;
}

/** The headers a presigned download answers with (S3 sets them from the URL's query). */
export interface PresignedFile {
  contentType: string;
  /** `attachment; filename=…` for types a browser would run. */
  disposition?: string;
}
