import { searchWords, type Dialect } from './dialect';

/** SQLite: FTS5 over the sections, ranked with bm25 (section title 4, body 1, page title 6: a word in a title says more). */
export const sqliteDialect: Dialect = {
  relaysWebhookEvents: true,
  search: {
    // Every word quoted (so `AND`, `*`, `"`, `:` or `-` mean nothing special), all required, the last
    // one a prefix (found as you type).
    query: (text) => searchWords(text)?.map((w, i, all) => `"${w}"${i === all.length - 1 ? '*' : ''}`).join(' '),
    matches: 'search_fts CROSS JOIN search_sections x ON x.fts_key = search_fts.rowid',
    // The FTS index is keyed by the sections' FTS keys: ranges and shifts of its rowid need no section row.
    byKey: { matches: 'search_fts', key: 'search_fts.rowid' },
    matching: 'search_fts MATCH ?',
    score: 'bm25(search_fts, 4.0, 1.0, 6.0)',
    snippet: "snippet(search_fts, -1, '**', '**', '…', 24)",
  },
};
