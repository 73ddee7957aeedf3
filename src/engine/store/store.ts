import type { Dialect } from './dialect';

/** How a transaction (not one inside another) may run. */
export interface TransactionOptions {
  /**
   * `fn` does nothing after a transaction inside it fails but return (the app's audit transaction
   * around an operation). Then the first one inside it, begun before it wrote anything, needs no
   * savepoint: if it fails, undoing the whole transaction undoes exactly what it did (PostgreSQL: two
   * round trips a write fewer). Any statement after that failure throws, so nothing is lost unseen.
   */
  undoneWholeIfFirstFails?: boolean;
  /**
   * Reads `fn` is known to make before it writes (the app's: a write's targets, the caller's
   * membership). PostgreSQL sends them with the BEGIN, in its one round trip, and answers the first
   * run of each (the same text and values) with their rows, until the transaction writes anything
   * (a statement of `runAtCommit` does not count: it runs with the COMMIT, after every read).
   * SQLite, where a statement is no round trip, ignores them.
   */
  readAhead?: Statement[];
}

/** The versions `Store.changeVersions` reads, and the rows read alongside them. */
export interface ChangeVersions {
  instance: number;
  organization?: string;
  version: number;
  /**
   * Undefined where the store did not read them (SQLite: a statement is no round trip there, each is
   * read when needed). STILL_KEPT for a read its `unless` skipped.
   */
  alongside?: (Record<string, unknown> | undefined | typeof STILL_KEPT)[];
}

/**
 * A read alongside the change versions. `unless`: the versions under which what it reads is
 * remembered already; the store reads it only when the instance's or the organization's version is
 * another (and answers STILL_KEPT otherwise), so a steady stream of requests does not pay for it.
 */
export interface AlongsideRead extends Statement {
  unless?: { instance: number; organization: number };
}

/** The answer of a read alongside that its `unless` skipped: what is remembered of it stands. */
export const STILL_KEPT = 'still kept' as const;

/** A statement and its values. */
export interface Statement {
  sql: string;
  args: unknown[];
}

/**
 * What the engine asks of a database: statements with `?` placeholders, and transactions. One driver
 * per backend implements it (`sqlite-store.ts`); the engine never talks to a driver directly.
 */
export interface Store {
  readonly backend: 'sqlite' | 'postgres';
  /** What differs in the SQL the engine writes for this backend (full-text search). */
  readonly dialect: Dialect;
  /** The first row of a query, or undefined. */
  get<T>(sql: string, args?: readonly unknown[]): Promise<T | undefined>;
  all<T>(sql: string, args?: readonly unknown[]): Promise<T[]>;
  /** Runs a statement that changes rows; answers how many it changed. */
  run(sql: string, args?: readonly unknown[]): Promise<number>;
  /**
   * Runs `fn` as one transaction: all of it or none of it. A transaction begun inside another one is
   * a savepoint of it. Every statement `fn` runs, however deep in its awaits, belongs to it; other
   * callers' statements wait until it ends.
   */
  transaction<T>(fn: () => Promise<T>, scope?: WriteScope, options?: TransactionOptions): Promise<T>;
  /**
   * Whether the caller's transaction may write the organization's rows: one of the whole instance
   * (no scope) may write any; one scoped to organizations, only theirs. Outside a transaction, true.
   */
  covers(organizationId: string): boolean;
  /** The caller's transaction's scope: undefined for the whole instance's, and outside a transaction (a statement alone is one). */
  writeScope(): WriteScope;
  /**
   * The change version, and the change version of an organization (for what is remembered of one),
   * named or found as the space's: one round trip. `organization` is undefined for a space not found
   * (and without `of`). `alongside`: reads of at most one row each, read in the same statement on
   * PostgreSQL (so as of the same moment as the versions): their rows, undefined where none.
   */
  changeVersions(of?: { organization: string } | { space: string }, alongside?: AlongsideRead[]): Promise<ChangeVersions>;
  /**
   * A transaction for bookkeeping that no invariant of the engine covers (the state of webhook
   * deliveries): on PostgreSQL it takes no write lock, moves no change version and does not wait for
   * its commit to reach the disk, so it neither queues behind the writes nor holds them up; its
   * statements must guard themselves (conditional UPDATEs), and a commit lost in a crash must be
   * harmless (a delivery sent again). On SQLite, a transaction like any other (one writer at a time).
   */
  bookkeeping<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs statements one after the other, as `run` would each (a bulk INSERT's batches): PostgreSQL sends
   * them in one round trip inside a transaction (the simple protocol, their values written in), SQLite
   * runs each. Answers the rows they changed.
   */
  runMany(statements: readonly Statement[]): Promise<number>;
  /**
   * Runs a statement as part of the caller's transaction whose effect the transaction does not read
   * back (an outbox row): SQLite runs it at once; PostgreSQL sends it with the COMMIT, in the same
   * round trip. Undone with the savepoint that asked, as any statement. Outside a transaction, `run`.
   */
  runAtCommit(sql: string, args?: readonly unknown[]): Promise<void>;
  /** Whether the caller runs inside a transaction. */
  inTransaction(): boolean;
  /**
   * Calls `fn` once the caller's transaction has committed (never if it, or the savepoint that asked,
   * is undone); outside a transaction, at once. For telling others of a change they can now read.
   */
  afterCommit(fn: () => void): void;
  /**
   * The caller wrote `rows` rows of `table` at once (a merge or an import indexing thousands of pages):
   * once its transaction commits, the planner's statistics of `columns` are refreshed when that is
   * many rows beside the table's, as autovacuum would do up to a minute later (PostgreSQL's ANALYZE;
   * SQLite plans its searches without statistics: nothing). Never fails the write it follows.
   */
  wroteMany(table: string, columns: string[], rows: number): Promise<void>;
  /** A number that moves whenever another connection commits: remembered values are dropped then. */
  changeVersion(): Promise<number>;
  /** The schema version the database is at (how many migrations it has run). */
  schemaVersion(): Promise<number>;
  /**
   * Runs a background job (the hourly purge) unless another server on the same database runs it now;
   * answers whether it ran. With SQLite there is one server per file, so it always runs.
   */
  exclusively(job: string, fn: () => Promise<void>): Promise<boolean>;
  /** The tables of the instance in the order they were created, with the columns a copy writes (`db copy`). */
  tables(): Promise<StoredTable[]>;
  /** After a copy wrote a table's rows: numbering of new rows continues after the copied ones. */
  afterCopy(table: StoredTable): Promise<void>;
  close(): Promise<void>;
}

/**
 * The organizations a write transaction changes (issue 33): on PostgreSQL it then waits only for
 * writes of the same organizations (and for writes of the whole instance), not for every write.
 * Undefined: the whole instance (any organization, users, tokens), serialized with every other write.
 * A transaction inside another keeps the outer one's scope, and may not reach past it.
 */
export type WriteScope = readonly string[] | undefined;

/** A table as `db copy` sees it: its columns that hold data (not computed from others), and which are numbered as rows are added. */
export interface StoredTable {
  name: string;
  columns: string[];
  numbered: string[];
}
