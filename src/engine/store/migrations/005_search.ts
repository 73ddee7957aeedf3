/** The full-text search index of every space's current content. (Filled in by issue 5.) */
export const sql = ``;
