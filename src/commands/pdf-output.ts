import { rename, rm, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Context } from '../context';
import { CliError, EXIT } from '../errors';
import { Option } from 'commander';
import { PAPER_NAMES, type Paper } from '../domain/pdf-paper';

/** `--paper`: the size of the PDF's sheets. */
export const paperOption = () => new Option('--paper <size>', "the sheets' size (default: a4)").choices(PAPER_NAMES);
export type { Paper };

type Client = Awaited<ReturnType<Context['client']>>;

/**
 * A PDF URL the API handed out: printed (JSON: `{ url }`), or with `output` downloaded to that file,
 * written under a temporary name and renamed, so a failed download leaves no partial PDF.
 */
export async function savePdf(ctx: Context, api: Client, url: string, output: string | undefined): Promise<void> {
  if (!output) {
    if (ctx.out.json) ctx.out.raw({ url });
    else ctx.out.text(url);
    return;
  }
  const target = new URL(url);
  const response = await api.raw('GET', target.pathname + target.search);
  if (response.status >= 400 || !Buffer.isBuffer(response.body)) throw new CliError(`could not download the PDF (HTTP ${response.status})`, EXIT.error);
  await writeAtomically(resolve(ctx.io.cwd, output), response.body);
  ctx.out.message(`Wrote ${response.body.length} bytes to ${output}.`);
}

/** `bytes` into `path` whole: written under a temporary name (removed if the write fails), then renamed. */
export async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
