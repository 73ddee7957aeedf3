import type { Command } from 'commander';
import { UsageError } from '../../errors';
import { DEFAULT_IMPORT_LIMITS, type ImportLimits } from '../../domain/import-limits';

/** The bounds of a website import a person may move: how many pages, how deep, how long. */
export interface ImportLimitFlags {
  maxPages?: string;
  maxDepth?: string;
  maxTime?: string;
}

const RULES = [
  { key: 'maxPages', flag: 'max-pages', min: 1, max: 10_000, what: 'most pages a website import fetches', toLimit: (n: number) => ({ maxPages: n }) },
  { key: 'maxDepth', flag: 'max-depth', min: 0, max: 50, what: 'farthest it follows links from the start page', toLimit: (n: number) => ({ maxDepth: n }) },
  { key: 'maxTime', flag: 'max-time', min: 1, max: 3_600, what: 'seconds it may fetch for in all', toLimit: (n: number) => ({ totalTimeoutMs: n * 1000 }) },
] as const;

const DEFAULTS: Record<(typeof RULES)[number]['key'], number> = {
  maxPages: DEFAULT_IMPORT_LIMITS.maxPages,
  maxDepth: DEFAULT_IMPORT_LIMITS.maxDepth,
  maxTime: DEFAULT_IMPORT_LIMITS.totalTimeoutMs / 1000,
};

/** Adds --max-pages, --max-depth and --max-time (with `prefix`, e.g. `import-` for serve). */
export function withImportLimitFlags(command: Command, prefix = ''): Command {
  for (const rule of RULES) {
    command.option(`--${prefix}${rule.flag} <n>`, `${rule.what} (default ${DEFAULTS[rule.key]}, at most ${rule.max})`);
  }
  return command;
}

/** The limits the flags ask for (nothing when none is given); a bad value is a usage error naming its flag. */
export function importLimitsOf(opts: ImportLimitFlags | Record<string, unknown>, prefix = ''): Partial<ImportLimits> {
  const camel = (s: string) => s.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
  let limits: Partial<ImportLimits> = {};
  for (const rule of RULES) {
    const value = (opts as Record<string, unknown>)[camel(`${prefix}${rule.flag}`)];
    if (value === undefined) continue;
    limits = { ...limits, ...rule.toLimit(wholeNumberFlag(value, `--${prefix}${rule.flag}`, rule.min, rule.max)) };
  }
  return limits;
}

/** A flag's value as a whole number from `min` to `max`, or a usage error naming the flag. */
export function wholeNumberFlag(value: unknown, flag: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(String(value)) || n < min || n > max) throw new UsageError(`${flag}: must be a whole number from ${min} to ${max}`);
  return n;
}
