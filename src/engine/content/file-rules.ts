/**
 * What a file stored in a space may be called and declared as. Both end up outside docsctl: the name
 * as a path when `content pull` writes the file into a folder, the media type in the Content-Type
 * header of every download. See docs/security.md.
 */

// RFC 9110 §8.3.1: type "/" subtype *( OWS ";" OWS parameter ), parameter = token "=" ( token / quoted-string ).
// Printable ASCII only: obs-text (bytes 0x80-0xFF) is legal but no real media type needs it.
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED = '"(?:[\\t !#-\\[\\]-~]|\\\\[\\t -~])*"';
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED}))*$`);

/** Whether `value` is a media type as RFC 9110 writes one, safe to put in a header as it is. */
export function isMediaType(value: string): boolean {
  return value.length <= 256 && MEDIA_TYPE.test(value);
}

/**
 * Why `name` cannot be a file's name, or undefined when it can. A name is a relative path with `/`
 * between its folders (`images/logo.png`, as `content push` names a folder's assets): never absolute,
 * never a `.` or `..` or empty segment, no backslash (a separator on Windows), no drive prefix, no
 * control character.
 */
export function fileNameProblem(name: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'must not contain control characters';
  if (name.includes('\\')) return 'must not contain a backslash (use / between folders)';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'must be a relative path, not an absolute one';
  if (name.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) return 'must not have empty, "." or ".." path segments';
  return undefined;
}
