import type { Store } from './store/store';
import type { Clock, IdGenerator } from './clock';
import type { Statements } from './pagination';
import { DEFAULT_MAX_FILE_SIZE } from '../domain/file-size';

/** The caller of an operation: a user of the database. */
export interface Actor {
  userId: string;
}

export interface EngineOptions {
  store: Store;
  clock: Clock;
  ids: IdGenerator;
  /** Public base URL of the instance, used for `urls.location` and `urls.app`. */
  publicUrl: string;
  /** Bounds of content import (pages, depth, sizes, time); defaults in content/import/limits.ts. */
  importLimits?: Partial<import('../domain/import-limits').ImportLimits>;
  /** Bounds of OpenAPI processing (fetch timeout, size); defaults in openapi/limits.ts. */
  openapiLimits?: Partial<import('../domain/openapi-limits').OpenApiLimits>;
  /** The largest file a space takes, in bytes (uploads, base64 in write batches, imports); DEFAULT_MAX_FILE_SIZE by default. */
  maxFileSize?: number;
  /** Where new files' bytes go instead of the database (`--files`); createEngine settles it with the database's meta. */
  files?: import('./content/file-store').FileStore;
}

/** What every engine module shares: the store, time, ids and URLs, and what is remembered between requests. */
export class Core implements Statements {
  readonly store: Store;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly publicUrl: string;
  readonly importLimits: EngineOptions['importLimits'];
  readonly openapiLimits: EngineOptions['openapiLimits'];
  readonly maxFileSize: number;
  /** The file store (`--files`), when the database keeps files outside itself. */
  files: import('./content/file-store').FileStore | undefined;
  private readonly memo = new Map<string, unknown>();
  private memoVersion = -1;
  private readonly immutables = new Map<string, unknown>();
  private dirty = false;

  constructor(options: EngineOptions) {
    this.store = options.store;
    this.clock = options.clock;
    this.ids = options.ids;
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.importLimits = options.importLimits;
    this.openapiLimits = options.openapiLimits;
    this.maxFileSize = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
    this.files = options.files;
  }

  async get<T>(sql: string, args: unknown[] = []): Promise<T | undefined> {
    return await this.store.get<T>(sql, args);
  }

  async all<T>(sql: string, args: unknown[] = []): Promise<T[]> {
    return await this.store.all<T>(sql, args);
  }

  async run(sql: string, args: unknown[] = []): Promise<number> {
    this.dirty = true;
    return await this.store.run(sql, args);
  }

  /** A statement of the transaction that it does not read back, sent with its COMMIT where that saves a round trip (`Store.runAtCommit`). */
  async runAtCommit(sql: string, args: unknown[] = []): Promise<void> {
    this.dirty = true;
    await this.store.runAtCommit(sql, args);
  }

  /**
   * Forgets remembered values if the database changed since the last call: a commit by any other
   * connection moves the store's change version, and our own writes go through `run`. The app calls
   * this once per request, so one cheap query stands in for the token and membership lookups.
   */
  async revalidate(): Promise<void> {
    const version = await this.store.changeVersion();
    if (version !== this.memoVersion || this.dirty) {
      this.memo.clear();
      this.memoVersion = version;
      this.dirty = false;
    }
  }

  /** Remembers `compute()` until the database changes (see `revalidate`); never inside a write. */
  async remember<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    if (this.dirty || this.store.inTransaction()) {
      this.memo.clear();
      return await compute();
    }
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = await compute();
    if (this.memo.size >= 10_000) this.memo.clear();
    this.memo.set(key, value);
    return value;
  }

  /**
   * Remembers a value that can never change once written (a content-addressed page version): kept
   * across writes and transactions, unlike `remember`. Bounded: the oldest entries go past 20,000.
   */
  async immutable<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    if (this.immutables.has(key)) return this.immutables.get(key) as T;
    const value = await compute();
    if (this.immutables.size >= 20_000) this.immutables.delete(this.immutables.keys().next().value!);
    this.immutables.set(key, value);
    return value;
  }

  /** Runs `fn` as one transaction: all of it or none of it (`Store.transaction`). */
  async write<T>(fn: () => T | Promise<T>): Promise<T> {
    return await this.store.transaction(async () => await fn());
  }

  now(): string {
    return this.clock.now().toISOString();
  }

  newId(): string {
    return this.ids.next();
  }

  apiUrl(path: string): string {
    return `${this.publicUrl}/v1${path}`;
  }

  appUrl(path: string): string {
    return `${this.publicUrl}/app${path}`;
  }
}
