import type { DocumentParts } from './parts';

/** What a valid document says of itself: `info.title` and `info.version`, when it has them. */
export interface SpecInfo {
  title?: string;
  version?: string;
  /**
   * A YAML document as JSON, made where it was parsed (off the main thread): pages and link checks read
   * JSON in milliseconds, where YAML takes a second a megabyte on the thread that answers everyone.
   */
  json?: string;
  /**
   * The document cut into parts (parts.ts), made where it was parsed: the first page showing an
   * operation reads the parts it shows, not the whole document. None where pages could not read the
   * document either (larger than MAX_SPEC_TEXT, YAML without its JSON).
   */
  parts?: DocumentParts;
}

/** SpecInfo of a parsed document (read before swagger-parser changes the object). */
export function infoOf(parsed: Record<string, unknown>): SpecInfo {
  const info = (parsed.info ?? {}) as { title?: unknown; version?: unknown };
  return {
    ...(typeof info.title === 'string' ? { title: info.title } : {}),
    ...(info.version !== undefined && info.version !== null ? { version: String(info.version) } : {}),
  };
}
