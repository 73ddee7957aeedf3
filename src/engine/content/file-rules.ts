/**
 * What a file stored in a space may be called and declared as. Both end up outside docsctl: the name
 * as a path when `content pull` writes the file into a folder, the media type in the Content-Type
 * header of every download. See docs/security.md. The name rule is in domain/ (`content push` checks
 * a folder's files by it before it opens anything).
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

export { fileNameProblem } from '../../domain/file-name';
