import { decodeCharacterReferences } from '../character-references';

/** The text a reader reads of HTML: script and style left out, tags as blanks, character references read, blanks squeezed. */
export function textOfHtml(html: string): string {
  const text = html.replace(/<(script|style)\b[^<>]*>[\s\S]*?<\/\1>/gi, ' ').replace(/<[^<>]*>/g, ' ');
  return decodeCharacterReferences(text).replace(/\s+/g, ' ').trim();
}
