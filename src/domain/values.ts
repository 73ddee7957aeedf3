/** Value sets shared by the engine and the API schemas (kept free of engine code so clients stay light). */
export const VISIBILITIES = ['public', 'unlisted', 'share-link', 'visitor-auth', 'in-collection', 'private'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const FIELD_TYPES = ['text', 'number', 'boolean', 'tags', 'select:single', 'select:multi'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const CR_STATUSES = ['draft', 'open', 'archived', 'merged'] as const;
export type ChangeRequestStatus = (typeof CR_STATUSES)[number];
