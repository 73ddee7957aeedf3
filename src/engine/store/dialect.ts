/** What the engine's SQL needs to know of a backend beyond the statements a driver translates. */
export interface Dialect {
  search: SearchSql;
  /**
   * How a webhook event is recorded in the write that causes it (issue 32). True: as one row of
   * `webhook_events`, turned into its deliveries afterwards (`relayWebhookEvents`): SQLite, where every
   * b-tree a write touches is one more page its commit writes, and a delivery row touches three.
   * False: as its deliveries directly, which on PostgreSQL go with the COMMIT at no cost of their own.
   */
  relaysWebhookEvents: boolean;
}

/**
 * Full-text search as each backend does it. `matches` is the FROM part that gives the sections as `x`
 * (its one parameter: `query(text)`), `matching` the condition that keeps the matching ones, `score`
 * orders them best first (ascending), `snippet` is the best-matching words with matches in `**`.
 * `byKey`, when a backend has it, makes searches keep to a space and group by page with the sections'
 * FTS keys (content/search-keys.ts) instead of their columns: SQLite's FTS5, where reading a section row
 * is a lookup per match. PostgreSQL has none: its text index and the columns are one row, and the
 * planner does better with the columns.
 */
export interface SearchSql {
  /** The user's words as the backend's query, or undefined when they hold no word. */
  query(text: string): string | undefined;
  matches: string;
  byKey?: {
    /** A FROM part (same parameter as `matches`) where only `key`, `matching` and `score` may be used: it reads no section row. */
    matches: string;
    /** A match's FTS key. */
    key: string;
  };
  matching: string;
  score: string;
  snippet: string;
}

/** Words of a search: letters, digits and underscores; at most 32 of them. */
export function searchWords(text: string): string[] | undefined {
  const words = text.match(/[\p{L}\p{N}_]+/gu)?.slice(0, 32);
  return words?.length ? words : undefined;
}
