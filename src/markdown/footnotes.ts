/**
 * Footnotes as GitHub and the platform write them: `[^3]` in the text, `[^3]: The note.` a paragraph
 * of its own. Published pages give the note and its first reference the ids links name
 * (`#user-content-fn-3`, `#user-content-fnref-3`).
 */

/** A footnote's definition at the start of a paragraph (or of what marked reads as a link definition). */
export const FOOTNOTE_DEFINITION = /^ {0,3}\[\^([^\]\s]+)\]:[ \t]*/;

/** A reference to a footnote in a text. */
export const FOOTNOTE_REFERENCE = /\[\^([^\]\s]+)\]/g;

/** The ids of a footnote and of its (first) reference. */
export const footnoteIds = (label: string) => ({ note: `user-content-fn-${label.toLowerCase()}`, reference: `user-content-fnref-${label.toLowerCase()}` });
