/** Text and attribute values as HTML: every character that could end them or start markup escaped. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** Schemes a link or an image may use; anything else (javascript:, data:, vbscript:…) is never a link. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * `url` when it is safe to put in an href or src: relative, an anchor, or of a safe scheme. Control
 * characters and blanks are dropped before the scheme is read, as browsers do (`java\tscript:`).
 */
export function safeUrl(url: string): string | undefined {
  const squeezed = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(squeezed)?.[1];
  if (scheme !== undefined && !SAFE_SCHEMES.has(scheme.toLowerCase())) return undefined;
  // A colon before any / ? # that is not a scheme (`&#106;avascript:`, `:x`) is no URL we make.
  if (scheme === undefined && /^[^/?#]*:/.test(squeezed)) return undefined;
  return url.trim();
}
