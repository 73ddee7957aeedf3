/** How many languages a translation may list. */
export const MAX_LANGUAGES = 50;
