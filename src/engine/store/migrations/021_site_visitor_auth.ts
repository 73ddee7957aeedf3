/**
 * Visitor authentication of a site (issue 56): the key a site's own sign-in backend signs visitor
 * tokens with (made when first read, replaced by a rotation), and the URL a visitor without a valid
 * token is sent to (their sign-in page), if any.
 */
export const sql = `
ALTER TABLE sites ADD COLUMN visitor_signing_key TEXT;
ALTER TABLE sites ADD COLUMN visitor_fallback_url TEXT;
`;
