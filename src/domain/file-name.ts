/** What a file of a space may be called (the engine's rule, which `content push` checks before it opens anything). */

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
