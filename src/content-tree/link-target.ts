/** Markdown link targets as a Git Sync folder writes them, read and written the same way everywhere. */

/** A target that names another site (`https:`, `mailto:`…, or protocol-relative `//host`), not a file of the folder. */
export const isUrl = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** A target's percent-encoding undone; a malformed one is taken as written. */
export function decodeTarget(target: string): string {
  try {
    return decodeURI(target);
  } catch {
    return target;
  }
}

/** A link target as the platform writes one: in `<…>` when it holds spaces or parentheses. */
export const linkDestination = (target: string) => (/[\s()<>]/.test(target) ? `<${target}>` : target);
