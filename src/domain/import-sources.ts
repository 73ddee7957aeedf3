/** Sources this instance imports from. */
export const IMPORT_SOURCES = ['website', 'html', 'markdown', 'zip', 'docx'] as const;
/** Sources of the platform this instance does not import from: accepted by the schema, answered with a 400. */
export const UNSUPPORTED_SOURCES = ['confluence', 'github-wiki', 'notion', 'google-docs'] as const;
export const ALL_SOURCES = [...IMPORT_SOURCES, ...UNSUPPORTED_SOURCES] as const;
export type ImportSource = (typeof ALL_SOURCES)[number];
