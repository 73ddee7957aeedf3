/** What the engine's SQL needs to know of a backend beyond the statements a driver translates. */
export interface Dialect {
  search: SearchSql;
}

/**
 * Full-text search as each backend does it. `matches` is the FROM part that gives the sections as `x`
 * (its one parameter: `query(text)`), `matching` the condition that keeps the matching ones, `score`
 * orders them best first (ascending), `snippet` is the best-matching words with matches in `**`.
 * `matchesByKey` is a FROM part with the same parameter where only `key` (a match's FTS key,
 * content/search-keys.ts), `matching` and `score` may be used: it reads no section row. `byKey` says
 * whether searches should keep to a space and group by page with keys (SQLite's FTS5, whose every
 * section row read is a lookup) or with the section's own columns (PostgreSQL, where the text index
 * and the columns are the same row and the planner does better with them).
 */
export interface SearchSql {
  /** The user's words as the backend's query, or undefined when they hold no word. */
  query(text: string): string | undefined;
  matches: string;
  matchesByKey: string;
  key: string;
  byKey: boolean;
  matching: string;
  score: string;
  snippet: string;
}

/** Words of a search: letters, digits and underscores; at most 32 of them. */
export function searchWords(text: string): string[] | undefined {
  const words = text.match(/[\p{L}\p{N}_]+/gu)?.slice(0, 32);
  return words?.length ? words : undefined;
}
