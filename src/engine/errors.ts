/** Typed engine errors. Their HTTP status is decided in one place: `statusOf` below. */
export type ErrorKind = 'Invalid' | 'Unauthenticated' | 'Forbidden' | 'NotFound' | 'Conflict' | 'Gone' | 'Locked' | 'TooLarge' | 'RateLimited';

export class EngineError extends Error {
  constructor(readonly kind: ErrorKind, message: string) {
    super(message);
    this.name = `${kind}Error`;
  }

  /** The HTTP status this error stands for (what `statusOf` answers). */
  get status(): number {
    return statusOf(this);
  }
}

export const invalid = (message: string) => new EngineError('Invalid', message);
export const unauthenticated = (message = 'authentication required: send Authorization: Bearer <token>') =>
  new EngineError('Unauthenticated', message);
export const forbidden = (message: string) => new EngineError('Forbidden', message);
export const notFound = (message: string) => new EngineError('NotFound', message);
export const conflict = (message: string) => new EngineError('Conflict', message);
export const gone = (message: string) => new EngineError('Gone', message);
export const locked = (message: string) => new EngineError('Locked', message);
/** A body over its bound (an upload past the largest file size). */
export const tooLarge = (message: string) => new EngineError('TooLarge', message);

const STATUS: Record<ErrorKind, number> = {
  Invalid: 400,
  Unauthenticated: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  Gone: 410,
  Locked: 423,
  TooLarge: 413,
  RateLimited: 429,
};

export function statusOf(error: EngineError): number {
  return STATUS[error.kind];
}

/** A database written by a newer docsctl: its schema is past what this one knows, so it is left alone. */
export class NewerDatabase extends Error {
  constructor(readonly version: number, readonly known: number) {
    super(`the database's schema is version ${version}, newer than this docsctl's (${known}): upgrade docsctl`);
  }
}

/** PostgreSQL: the role cannot set the database up (a privilege is missing); the message names which, and the fix. */
export class SetUpRefused extends Error {}

/** PostgreSQL: the server asked for a password and none was found; the message says where one can go. */
export class PasswordMissing extends Error {}

/**
 * The database cannot be reached now (a restart, a failover, a network cut): the request may be
 * retried once it is back. `serve` answers it 503 with Retry-After (docs/deployment.md, "When the
 * database goes away").
 */
export class DatabaseUnavailable extends Error {}

/** A `--files` value that names no store docsctl can open, or not the one the database's files are in. */
export class FileStoreRefused extends Error {}

/** A file's bytes are missing from the file store that should hold them (named with the store). */
export class MissingObject extends Error {}

/**
 * The file store (`--files s3://…`) failed a request: a bucket that does not exist, credentials it
 * refuses, an endpoint that does not answer. The message names the store and what failed; `serve`
 * answers it 503 and logs it, a local command prints it.
 */
export class FileStoreFailed extends Error {}
