import { UsageError } from '../../errors';
import type { VisitorClaims } from '../../domain/condition/index';

const NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `true`/`false` are booleans, a decimal number is a number, anything else a string. */
function valueOf(text: string): boolean | number | string {
  if (text === 'true' || text === 'false') return text === 'true';
  if (/^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  return text;
}

/**
 * `--claims beta=true,unsigned.dark=false`: comma-separated `name=value` pairs; `unsigned.<name>` is an
 * unsigned claim, any other name a signed one. A usage error (exit 2) names the pair that is wrong.
 */
export function parseClaimsFlag(text: string | undefined): VisitorClaims {
  const claims: VisitorClaims = { signed: {}, unsigned: {} };
  for (const pair of (text ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const at = pair.indexOf('=');
    const path = at === -1 ? pair : pair.slice(0, at);
    const unsigned = path.startsWith('unsigned.');
    const name = unsigned ? path.slice('unsigned.'.length) : path;
    if (at === -1 || !NAME.test(name)) {
      throw new UsageError(`--claims: "${pair}" must be name=value or unsigned.name=value (names: letters, digits, "_" or "$")`);
    }
    (unsigned ? claims.unsigned : claims.signed)[name] = valueOf(pair.slice(at + 1));
  }
  return claims;
}
