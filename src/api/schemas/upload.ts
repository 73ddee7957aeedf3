import * as z from 'zod/mini';
import { lazy } from './lazy';
import { text } from './common';
import type { ByteStream } from '../routes/route';

/** A raw body: the bytes as they arrive (the server hands the operation a stream, never JSON). */
export const RawBody = lazy(() =>
  z.custom<ByteStream>((value) => value !== null && typeof value === 'object' && Symbol.asyncIterator in value, { error: 'must be the bytes of a file' }));

/** `name` only names the file in messages (an upload is known by its bytes' SHA-256). */
export const UploadQuery = lazy(() => z.strictObject({ name: z.optional(text(1, 256)) }));

export const Upload = lazy(() => z.object({
  object: z.literal('upload'),
  /** The SHA-256 of the bytes, in hex: what `insert_files` names as `upload`. */
  id: z.string(),
  size: z.number(),
  expiresAt: z.string(),
}));

export const Limits = lazy(() => z.object({
  object: z.literal('limits'),
  /** The largest file the instance takes, in bytes. */
  maxFileSize: z.number(),
}));
