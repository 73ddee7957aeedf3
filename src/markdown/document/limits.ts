/**
 * Bounds on a document tree sent by a client (docs/security.md): how deep blocks and inlines nest,
 * how many nodes (blocks, inlines, texts, leaves, fragments) it holds, and how many characters of
 * text (leaves and the strings of `data`: titles, URLs, captions) in all. The text bound is the
 * markdown bound of a page write, so a tree within it makes a page within it too.
 */
export const DOCUMENT_LIMITS = { depth: 16, nodes: 50_000, text: 1_000_000 } as const;
