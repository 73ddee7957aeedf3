/**
 * Bounds on a document tree sent by a client (docs/security.md): how deep blocks and inlines nest,
 * how many nodes (blocks, inlines, texts, leaves, fragments, table cells) it holds, and how many
 * characters of text (leaves and the strings of `data`: titles, URLs, captions) in all. The text
 * bound is a page's markdown bound; the markdown made from the tree is checked against its field's
 * bound too (escapes and syntax add characters).
 */
export const DOCUMENT_LIMITS = { depth: 16, nodes: 50_000, text: 1_000_000 } as const;
