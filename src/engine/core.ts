import type { Statement } from 'better-sqlite3';
import type { Db } from './store/db';
import type { Clock, IdGenerator } from './clock';
import type { Statements } from './pagination';

/** The caller of an operation: a user of the database. */
export interface Actor {
  userId: string;
}

export interface EngineOptions {
  db: Db;
  clock: Clock;
  ids: IdGenerator;
  /** Public base URL of the instance, used for `urls.location` and `urls.app`. */
  publicUrl: string;
  /** Bounds of content import (pages, depth, sizes, time); defaults in content/import/limits.ts. */
  importLimits?: Partial<import('../domain/import-limits').ImportLimits>;
  /** Bounds of OpenAPI processing (fetch timeout, size); defaults in openapi/limits.ts. */
  openapiLimits?: Partial<import('../domain/openapi-limits').OpenApiLimits>;
}

/** What every engine module shares: the database with a statement cache, time, ids and URLs. */
export class Core implements Statements {
  readonly db: Db;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly publicUrl: string;
  readonly importLimits: EngineOptions['importLimits'];
  readonly openapiLimits: EngineOptions['openapiLimits'];
  private readonly statements = new Map<string, Statement>();
  private readonly memo = new Map<string, unknown>();
  private memoVersion = -1;
  private readonly immutables = new Map<string, unknown>();
  private dirty = false;

  constructor(options: EngineOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.ids = options.ids;
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.importLimits = options.importLimits;
    this.openapiLimits = options.openapiLimits;
  }

  stmt(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  get<T>(sql: string, args: unknown[] = []): T | undefined {
    return this.stmt(sql).get(...args) as T | undefined;
  }

  all<T>(sql: string, args: unknown[] = []): T[] {
    return this.stmt(sql).all(...args) as T[];
  }

  run(sql: string, args: unknown[] = []): number {
    this.dirty = true;
    return this.stmt(sql).run(...args).changes;
  }

  /**
   * Forgets remembered values if the database changed since the last call: a commit by any other
   * connection moves SQLite's `data_version`, and our own writes go through `run`. The app calls this
   * once per request, so one cheap pragma stands in for the token and membership lookups.
   */
  revalidate(): void {
    const version = this.stmt('PRAGMA data_version').pluck().get() as number;
    if (version !== this.memoVersion || this.dirty) {
      this.memo.clear();
      this.memoVersion = version;
      this.dirty = false;
    }
  }

  /** Remembers `compute()` until the database changes (see `revalidate`); never inside a write. */
  remember<T>(key: string, compute: () => T): T {
    if (this.dirty || this.db.inTransaction) {
      this.memo.clear();
      return compute();
    }
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    if (this.memo.size >= 10_000) this.memo.clear();
    this.memo.set(key, value);
    return value;
  }

  /**
   * Remembers a value that can never change once written (a content-addressed page version): kept
   * across writes and transactions, unlike `remember`. Bounded: the oldest entries go past 20,000.
   */
  immutable<T>(key: string, compute: () => T): T {
    if (this.immutables.has(key)) return this.immutables.get(key) as T;
    const value = compute();
    if (this.immutables.size >= 20_000) this.immutables.delete(this.immutables.keys().next().value!);
    this.immutables.set(key, value);
    return value;
  }

  /** Runs `fn` as one `BEGIN IMMEDIATE` transaction: all of it or none of it. */
  write<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
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
