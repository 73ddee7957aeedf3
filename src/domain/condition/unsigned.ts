/** The longest `unsigned` query value: a JSON object of claims. */
export const MAX_UNSIGNED_CHARS = 4096;

export type ClaimValue = boolean | string | number;

/**
 * Reads unsigned claims as a request brings them: a JSON object whose values are true, false, strings
 * or numbers (the platform's `gitbook-visitor-public` cookie holds the same JSON). Answers the claims,
 * or what is wrong with the text.
 */
export function readUnsignedClaims(text: string): Record<string, ClaimValue> | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'must be a JSON object of claims, such as {"beta":true}';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be a JSON object of claims, such as {"beta":true}';
  for (const [name, claim] of Object.entries(value)) {
    if (!['boolean', 'string', 'number'].includes(typeof claim)) return `claim "${name}" must be true, false, a string or a number`;
  }
  return value as Record<string, ClaimValue>;
}
