import { AsyncLocalStorage } from 'node:async_hooks';
import type { Statement } from 'better-sqlite3';
import { refuseNewerSchema, type Db } from './db';
import type { ChangeVersions, Statement as Read, Store, StoredTable, TransactionOptions, WriteScope } from './store';
import { scopeCovers, scopeWithin } from './write-scope';
import { sqliteDialect } from './sqlite-dialect';

/** One transaction in progress: how deep its savepoints go, and what waits for its commit. */
interface Transaction {
  depth: number;
  committed: (() => void)[];
  /** The organizations it may write (undefined: any); SQLite serializes every write anyway. */
  scope: WriteScope;
}

/**
 * The SQLite driver: better-sqlite3 answers at once, so the promises it gives are already settled.
 * One connection serves every caller, which is why a transaction must own it: while one is open,
 * statements from any other caller (another request's chain of awaits) wait for it to end instead of
 * reading its uncommitted rows or joining it. Which caller runs inside which transaction follows the
 * awaits through AsyncLocalStorage.
 */
export class SqliteStore implements Store {
  readonly backend = 'sqlite' as const;
  readonly dialect = sqliteDialect;
  private readonly statements = new Map<string, Statement>();
  private readonly context = new AsyncLocalStorage<Transaction>();
  private holder: Transaction | undefined;
  private released: Promise<void> = Promise.resolve();

  constructor(readonly db: Db) {}

  private stmt(sql: string): Statement {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /** Waits while a transaction of another caller holds the connection. */
  private async turn(): Promise<void> {
    while (this.holder !== undefined && this.context.getStore() !== this.holder) await this.released;
  }

  async get<T>(sql: string, args: readonly unknown[] = []): Promise<T | undefined> {
    if (this.holder !== undefined) await this.turn();
    return this.stmt(sql).get(...args) as T | undefined;
  }

  async all<T>(sql: string, args: readonly unknown[] = []): Promise<T[]> {
    if (this.holder !== undefined) await this.turn();
    return this.stmt(sql).all(...args) as T[];
  }

  async run(sql: string, args: readonly unknown[] = []): Promise<number> {
    if (this.holder !== undefined) await this.turn();
    return this.stmt(sql).run(...args).changes;
  }

  async runMany(statements: readonly Read[]): Promise<number> {
    let changed = 0;
    for (const { sql, args } of statements) changed += await this.run(sql, args);
    return changed;
  }

  async runAtCommit(sql: string, args: readonly unknown[] = []): Promise<void> {
    await this.run(sql, args);
  }

  inTransaction(): boolean {
    return this.holder !== undefined && this.context.getStore() === this.holder;
  }

  async bookkeeping<T>(fn: () => Promise<T>): Promise<T> {
    return await this.transaction(fn);
  }

  afterCommit(fn: () => void): void {
    if (this.inTransaction()) this.holder!.committed.push(fn);
    else fn();
  }

  async wroteMany(): Promise<void> {}

  covers(organizationId: string): boolean {
    return !this.inTransaction() || scopeCovers(this.holder!.scope, organizationId);
  }

  writeScope(): WriteScope {
    return this.inTransaction() ? this.holder!.scope : undefined;
  }

  // Reads alongside are not read: each is a function call when it is needed, and most are remembered.
  async changeVersions(of?: { organization: string } | { space: string }, _alongside?: Read[]): Promise<ChangeVersions> {
    // One writer per file: any commit of another connection moves the one version SQLite has.
    const version = await this.changeVersion();
    return { instance: version, organization: of && 'organization' in of ? of.organization : undefined, version };
  }

  // A savepoint costs SQLite a function call: the options of `Store.transaction` change nothing here.
  async transaction<T>(fn: () => Promise<T>, scope?: WriteScope, _options?: TransactionOptions): Promise<T> {
    const mine = this.holder;
    if (mine !== undefined && this.context.getStore() === mine) {
      scopeWithin(mine.scope, scope);
      return await this.savepoint(mine, fn);
    }
    while (this.holder !== undefined) await this.released;
    const tx: Transaction = { depth: 0, committed: [], scope };
    let release!: () => void;
    this.holder = tx;
    this.released = new Promise((resolve) => (release = resolve));
    let value: T;
    try {
      // IMMEDIATE takes the write lock now (waiting up to busy_timeout for another process), so a
      // transaction never fails half-way for want of it.
      this.stmt('BEGIN IMMEDIATE').run();
      try {
        refuseNewerSchema(this.stmt('PRAGMA user_version').pluck().get() as number);
        value = await this.context.run(tx, fn);
        this.stmt('COMMIT').run();
      } catch (error) {
        if (this.db.inTransaction) this.stmt('ROLLBACK').run();
        throw error;
      }
    } finally {
      this.holder = undefined;
      // Off between transactions: while an AsyncLocalStorage is on, node tracks every promise (measured:
      // a tenth of a local command's time); the next transaction turns it on again.
      this.context.disable();
      release();
    }
    for (const committed of tx.committed) committed();
    return value;
  }

  /** A transaction inside a transaction: undone alone if it fails, kept only if the outer one commits. */
  private async savepoint<T>(tx: Transaction, fn: () => Promise<T>): Promise<T> {
    const name = `s${++tx.depth}`;
    const waiting = tx.committed.length;
    this.db.exec(`SAVEPOINT ${name}`);
    try {
      const value = await fn();
      this.db.exec(`RELEASE ${name}`);
      return value;
    } catch (error) {
      tx.committed.length = waiting;
      this.db.exec(`ROLLBACK TO ${name}`);
      this.db.exec(`RELEASE ${name}`);
      throw error;
    } finally {
      tx.depth--;
    }
  }

  async changeVersion(): Promise<number> {
    return this.stmt('PRAGMA data_version').pluck().get() as number;
  }

  async schemaVersion(): Promise<number> {
    return this.db.pragma('user_version', { simple: true }) as number;
  }

  async exclusively(_job: string, fn: () => Promise<void>): Promise<boolean> {
    await fn();
    return true;
  }

  async tables(): Promise<StoredTable[]> {
    // The full-text index (search_fts and its shadow tables) is kept by triggers from search_sections.
    const names = this.db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'search_fts%' ORDER BY rowid").pluck().all() as string[];
    return names.map((name) => ({
      name,
      // hidden 0: a stored column (2 and 3 are generated ones).
      columns: (this.db.prepare(`PRAGMA table_xinfo(${name})`).all() as { name: string; hidden: number }[]).filter((c) => c.hidden === 0).map((c) => c.name),
      numbered: [],
    }));
  }

  async afterCopy(): Promise<void> {
    // An INTEGER PRIMARY KEY goes on from the largest one there is.
  }

  async close(): Promise<void> {
    this.db.close();
  }
}
