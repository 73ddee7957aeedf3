/** OpenAPI specifications with their versions, and translation settings. (Filled in by issue 7.) */
export const sql = ``;
