/**
 * A YAML spec version as JSON, made where it was validated (issue 58): published pages and link checks
 * read it in milliseconds, where parsing YAML on the thread that answers requests takes a second a
 * megabyte. Versions published before have none (a small YAML one is read as it is).
 */
export const sql = `
ALTER TABLE openapi_spec_versions ADD COLUMN json_text TEXT;
`;
