import { formatBytes } from './import-limits';
import { UsageError } from '../errors';

/**
 * The largest file a space may hold, by default (docs/security.md): uploads, the base64 of a write
 * batch, and the files of zip and Word imports. `serve --max-file-size` and the engine option move it.
 */
export const DEFAULT_MAX_FILE_SIZE = 100 * 1024 * 1024;

/** How long an upload may wait to be referenced by a write batch's `insert_files` before it is forgotten. */
export const UPLOAD_RETENTION_HOURS = 24;

/** "the file must be at most 100 MiB (104857600 bytes)": the rule every oversized file breaks. */
export function fileSizeRule(max: number): string {
  const shown = formatBytes(max);
  return `the file must be at most ${shown === `${max} bytes` ? shown : `${shown} (${max} bytes)`}`;
}

/** The 413 of an upload past `max`, naming the file when the request does (its `name`, 1-256 characters). */
export function uploadTooLarge(max: number, name?: string | null): string {
  return `body: ${name && name.length <= 256 ? `${name}: ` : ''}${fileSizeRule(max)}`;
}

const UNITS: Record<string, number> = { '': 1, b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 };

/**
 * A size as a person writes it: bytes (`104857600`), or a whole or decimal number with a unit,
 * `KiB`/`MiB`/`GiB` (powers of 1024) or `KB`/`MB`/`GB` (powers of 1000), any case, a space allowed
 * (`100MiB`, `1.5 GiB`). Undefined when it is none of these.
 */
export function parseByteSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  const unit = match ? UNITS[match[2].toLowerCase()] : undefined;
  if (!match || unit === undefined) return undefined;
  const bytes = Math.floor(Number(match[1]) * unit);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** The most a largest file size may be set to: sizes are 32-bit integers on PostgreSQL. */
export const MAX_FILE_SIZE_CAP = 1024 ** 3;

/** A largest file size as `serve --max-file-size` or DOCSCTL_MAX_FILE_SIZE gives it; a usage error naming `what` otherwise. */
export function maxFileSizeOf(text: string, what: string): number {
  const bytes = parseByteSize(text);
  if (bytes === undefined || bytes < 1 || bytes > MAX_FILE_SIZE_CAP) {
    throw new UsageError(`${what}: must be a size from 1 byte to 1 GiB, in bytes or with a unit (104857600, 100MiB, 50MB); got "${text}"`);
  }
  return bytes;
}
