import type { AlongsideRead, ChangeVersions, Statement, Store, TransactionOptions } from './store/store';
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
  files?: import('./content/file-store-contract').FileStore;
}

/**
 * Reads a request sends with its change versions (`Core.revalidate`), read in the same statement on
 * PostgreSQL, and what of their rows to remember: values `remember` would keep under those keys.
 */
export interface ReadAlongside {
  reads: AlongsideRead[];
  keep: (rows: NonNullable<ChangeVersions['alongside']>, organization: string | undefined) => { key: string; value: unknown; organizationId?: string }[];
}

/** Sets `key` in a memo (bounded: emptied past 10,000 entries); answers the value. */
function kept<T>(memo: Map<string, unknown>, key: string, value: T): T {
  if (memo.size >= 10_000) memo.clear();
  memo.set(key, value);
  return value;
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
  files: import('./content/file-store-contract').FileStore | undefined;
  /** What is remembered of the instance (tokens, secrets, immutable pages): dropped when the change version moves. */
  private memo = new Map<string, unknown>();
  /** What is remembered of each organization: dropped when its own change version (or the instance's) moves. */
  private readonly organizationMemos = new Map<string, { version: number; checked: number; entries: Map<string, unknown> }>();
  private memoVersion = -1;
  /** Counts `revalidate` calls: an organization's version read since the latest one is fresh enough for every request under way. */
  private requests = 0;
  private readonly immutables = new Map<string, unknown>();
  /**
   * This process's own writes since the last `revalidate` (SQLite's version does not move for them):
   * `instance` for a write of the whole instance, which drops everything remembered; otherwise the
   * organizations written by scoped writes, whose values alone are dropped (a scoped write changes
   * nothing but its organizations' rows, `WriteScope`), so tokens and other organizations stay.
   */
  private wrote: { instance: boolean; organizations: Set<string> } = { instance: false, organizations: new Set() };

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
    this.writing();
    return await this.store.run(sql, args);
  }

  /** Statements run in turn, in one round trip on PostgreSQL inside a write (`Store.runMany`). */
  async runMany(statements: readonly Statement[]): Promise<number> {
    this.writing();
    return await this.store.runMany(statements);
  }

  /** A statement of the transaction that it does not read back, sent with its COMMIT where that saves a round trip (`Store.runAtCommit`). */
  async runAtCommit(sql: string, args: unknown[] = []): Promise<void> {
    this.writing();
    await this.store.runAtCommit(sql, args);
  }

  /** Notes what a statement about to run may change (see `wrote`). */
  private writing(): void {
    const scope = this.store.writeScope();
    if (scope === undefined) this.wrote.instance = true;
    else for (const organizationId of scope) this.wrote.organizations.add(organizationId);
  }

  /** Whether this process wrote what a value of `organizationId` (or of the instance) reads, since the last `revalidate`. */
  private wroteFor(organizationId: string | undefined): boolean {
    return this.wrote.instance || (organizationId !== undefined && this.wrote.organizations.has(organizationId));
  }

  /**
   * Forgets remembered values if the database changed since the last call: a commit by any other
   * connection moves the store's change version, and our own writes go through `run`. The app calls
   * this once per request, so one cheap query stands in for the token and membership lookups.
   * Answers the organization it read the version of (a space's, found by the same query; undefined
   * when it found none, or the store does not say).
   */
  async revalidate(of?: { organization: string } | { space: string }, alongside?: ReadAlongside): Promise<string | undefined> {
    this.requests++;
    if (of === undefined && alongside === undefined) return void this.settle(await this.store.changeVersion());
    const versions = await this.store.changeVersions(of, alongside?.reads);
    this.settle(versions.instance, versions.organization, versions.version);
    // Read as of the versions just settled: remembered as `remember` would have kept them.
    const rows = versions.alongside;
    if (alongside && rows?.length === alongside.reads.length) for (const { key, value, organizationId } of alongside.keep(rows, versions.organization)) this.keep(key, value, organizationId);
    return versions.organization;
  }

  /** What the instance's memo holds under `key` now (undefined: nothing), read from nothing: a guess at what a request will find, for `keptUnder`. */
  held(key: string): unknown {
    return this.memo.get(key);
  }

  /**
   * The versions (the instance's and `organizationId`'s) under which `key` is remembered of the
   * organization now, if it is: a read alongside the next versions may be skipped while they are still
   * these (`AlongsideRead.unless`), since it would read what is remembered.
   */
  keptUnder(key: string, organizationId: string): { instance: number; organization: number } | undefined {
    const own = this.organizationMemos.get(organizationId);
    if (!own?.entries.has(key) || this.wroteFor(organizationId)) return undefined;
    return { instance: this.memoVersion, organization: own.version };
  }

  /** Keeps `value` as `remember(key, …, organizationId)` would, when this request's versions of it were just read. */
  private keep(key: string, value: unknown, organizationId?: string): void {
    if (!this.remembers(organizationId)) return;
    if (organizationId === undefined) return void kept(this.memo, key, value);
    const own = this.organizationMemos.get(organizationId);
    if (own?.checked === this.requests) kept(own.entries, key, value);
  }

  /** Drops everything remembered, of the instance and of every organization. */
  private forget(): void {
    // New maps, not cleared ones: a value a request began to compute before the change may be stored
    // after it, into the map it began with, which no later request reads.
    this.memo = new Map();
    this.organizationMemos.clear();
  }

  /** Drops what is remembered if the instance's version (or our own writes) moved, and what is of `organizationId` if its version did. */
  private settle(version: number, organizationId?: string, organizationVersion?: number): void {
    if (version !== this.memoVersion || this.wrote.instance) {
      this.forget();
      this.memoVersion = version;
    } else {
      for (const written of this.wrote.organizations) this.organizationMemos.delete(written);
    }
    this.wrote = { instance: false, organizations: new Set() };
    if (organizationId === undefined) return;
    const memo = this.organizationMemos.get(organizationId);
    if (memo && memo.version === organizationVersion) memo.checked = this.requests;
    else {
      if (this.organizationMemos.size >= 1_000) this.organizationMemos.clear();
      this.organizationMemos.set(organizationId, { version: organizationVersion!, checked: this.requests, entries: new Map() });
    }
  }

  /** Whether `remember` would keep a value (of `organizationId`) now: never inside a write, nor after this process wrote what it reads until the next request. */
  remembers(organizationId?: string): boolean {
    return !this.wroteFor(organizationId) && !this.store.inTransaction();
  }

  /**
   * Remembers `compute()` until the database changes (see `revalidate`); never inside a write. A value
   * of one organization (`organizationId`) is kept until a write of that organization, or of the
   * whole instance (issue 33: on PostgreSQL, writes of other organizations leave it).
   */
  async remember<T>(key: string, compute: () => T | Promise<T>, organizationId?: string): Promise<T> {
    // Read fresh; what this process wrote is dropped at the next request (`settle`).
    if (!this.remembers(organizationId)) return await compute();
    let memo = this.memo;
    if (organizationId !== undefined) {
      let own = this.organizationMemos.get(organizationId);
      if (own?.checked !== this.requests) {
        const versions = await this.store.changeVersions({ organization: organizationId });
        this.settle(versions.instance, organizationId, versions.version);
        own = this.organizationMemos.get(organizationId)!;
      }
      memo = own.entries;
    }
    if (memo.has(key)) return memo.get(key) as T;
    return kept(memo, key, await compute());
  }

  /** Whether `immutable` holds a value for `key` (so a caller can read many missing ones at once). */
  holdsImmutable(key: string): boolean {
    return this.immutables.has(key);
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

  /**
   * Runs `fn` as one transaction: all of it or none of it (`Store.transaction`). `organizations`: the
   * only ones it changes (`WriteScope`; on PostgreSQL it then waits for their writes alone); none
   * given, the whole instance. Inside another write, it joins it and may not reach past its scope.
   */
  async write<T>(fn: () => T | Promise<T>, organizations?: string | readonly string[], options?: TransactionOptions): Promise<T> {
    const scope = typeof organizations === 'string' ? [organizations] : organizations;
    return await this.store.transaction(async () => await fn(), scope, options);
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
