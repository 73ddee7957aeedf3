/** A failure the CLI reports with a specific exit code (see `exitCodeOf` in main.ts). */
export class CliError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
    this.name = 'CliError';
  }
}

/** Bad invocation, or a question that cannot be asked: exit code 2. */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, 2);
    this.name = 'UsageError';
  }
}
