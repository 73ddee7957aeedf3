import { UsageError } from '../../errors';

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/**
 * When a token given `--expires VALUE` expires: a duration from now (`90s`, `15m`, `12h`, `30d`, `2w`), or a date
 * (`2027-01-31`, midnight UTC) or time (`2027-01-31T12:00:00Z`). In the past is refused.
 */
export function expiryOf(value: string, now: Date): string {
  const duration = /^(\d{1,7})([smhdw])$/.exec(value.trim());
  const at = duration ? now.getTime() + Number(duration[1]) * UNITS[duration[2]] : /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(value.trim()) ? Date.parse(value.trim()) : NaN;
  if (Number.isNaN(at)) throw new UsageError(`--expires: must be a duration (90s, 15m, 12h, 30d, 2w) or a date (2027-01-31) or time (2027-01-31T12:00:00Z), not ${JSON.stringify(value)}`);
  if (at <= now.getTime()) throw new UsageError(`--expires: must be in the future (${new Date(at).toISOString()} is not)`);
  return new Date(at).toISOString();
}
