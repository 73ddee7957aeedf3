/**
 * Exit codes and the CLI's errors, decided here and nowhere else. This module imports nothing, so every
 * layer may use it (docs/architecture.md, "Layers").
 */

/** Exit codes of docsctl (`docsctl help exit-codes`). */
export const EXIT = { ok: 0, error: 1, usage: 2, auth: 4, notFound: 5, conflict: 6, rateLimited: 7 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit code for an HTTP status an error stands for. */
export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404 || status === 410) return EXIT.notFound;
  if (status === 409 || status === 412 || status === 423) return EXIT.conflict;
  if (status === 429) return EXIT.rateLimited;
  return EXIT.error;
}

/**
 * The exit code a failure ends docsctl with: a CliError's own; for an error that stands for an HTTP
 * status (the API's errors, the engine's), that status's; else 1.
 */
export function exitCodeOf(error: unknown): ExitCode {
  if (error instanceof CliError) return error.exitCode;
  const status = (error as { status?: unknown } | null)?.status;
  if (error instanceof Error && typeof status === 'number') return exitCodeForStatus(status);
  return EXIT.error;
}

/** A failure the CLI reports with a specific exit code. */
export class CliError extends Error {
  constructor(message: string, readonly exitCode: ExitCode = EXIT.error) {
    super(message);
    this.name = 'CliError';
  }
}

/** Bad invocation, or a question that cannot be asked: exit code 2. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, EXIT.usage);
    this.name = 'UsageError';
  }
}
