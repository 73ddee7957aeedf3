import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Context } from '../../context';
import { CliError, EXIT } from '../../errors';

/** Everything on standard input, as text. */
export async function readStdin(ctx: Context): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.io.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The text a flag names: `-` is standard input, anything else a file relative to the working folder.
 * A file that cannot be read is an error naming the flag (`--file: cannot read x.csv: …`).
 */
export async function readInput(ctx: Context, flag: string, file: string): Promise<string> {
  if (file === '-') return readStdin(ctx);
  return readFile(resolve(ctx.io.cwd, file), 'utf8').catch((e: Error) => {
    throw new CliError(`${flag}: cannot read ${file}: ${e.message}`, EXIT.error);
  });
}
