/** Cookies of a request, by name (the first of each name); values as sent, %-escapes decoded. */
export function cookiesOf(header: string | string[] | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  // Bounded: a header is at most 16 KiB (node), and only the first 50 cookies are read.
  for (const part of text.split(';').slice(0, 50)) {
    const at = part.indexOf('=');
    const name = at < 0 ? '' : part.slice(0, at).trim();
    // A part without a name (` =x`, `novalue`) is no cookie.
    if (!name || cookies.has(name)) continue;
    let value = part.slice(at + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

/** A Set-Cookie value the page's script cannot read, sent back only to the site's own path. */
export function siteCookie(name: string, value: string, path: string, options: { secure: boolean; maxAgeSeconds?: number }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${path || '/'}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
