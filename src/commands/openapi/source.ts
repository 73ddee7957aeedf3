import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context } from '../../context';
import { CliError } from '../../errors';
import { ApiError } from '../../api/errors';
import { routes } from '../../api/routes/index';
import type { SpecDocument, SpecFormat } from '../../openapi-document/document';

export const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** The text of FILE_OR_URL: read from disk, or fetched here (as the instance will fetch it). */
export async function sourceText(ctx: Context, fileOrUrl: string): Promise<string> {
  if (isUrl(fileOrUrl)) {
    const { fetchSpecText, SpecProcessError } = await import('../../openapi-document/fetch-source');
    const { openapiLimits } = await import('../../domain/openapi-limits');
    try {
      return await ctx.spin(`Fetching ${fileOrUrl}`, () => fetchSpecText(fileOrUrl, openapiLimits()));
    } catch (error) {
      if (error instanceof SpecProcessError) throw new CliError(`${fileOrUrl}: ${error.message} (${error.code})`);
      throw error;
    }
  }
  try {
    return readFileSync(resolve(ctx.io.cwd, fileOrUrl), 'utf8');
  } catch (error) {
    throw new CliError(`${fileOrUrl}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/**
 * A JSON document without its indentation (about half the size of a pretty-printed one), so the
 * largest real descriptions fit the instance's limits; YAML, and JSON that does not parse, as it is.
 */
function minifiedJson(text: string, format: SpecFormat): string {
  if (format !== 'json') return text;
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text; // validation says what is wrong with it
  }
}

/**
 * Reads and validates a document; an invalid one is exit 1 with the parser's messages on stderr. A
 * JSON file is minified first: that is the text sent and compared with the latest version. A URL's
 * document is left as the instance will fetch it.
 */
export async function readValidSpec(ctx: Context, fileOrUrl: string): Promise<SpecDocument> {
  return await startReadingSpec(ctx, fileOrUrl).read();
}

/**
 * readValidSpec in two steps: the reading and validation start now (validation runs off this thread),
 * and `read` awaits them, printing the parser's messages and throwing only then. So a command may do
 * other work meanwhile and still say a failure in its turn; `abandon` stops the validation when that
 * work fails first.
 */
export function startReadingSpec(ctx: Context, fileOrUrl: string): { read: () => Promise<SpecDocument>; abandon: () => void } {
  const abandoning = new AbortController();
  const reading = readSpecOf(ctx, fileOrUrl, abandoning.signal);
  reading.catch(() => undefined); // said when read
  const abandon = () => abandoning.abort();
  const read = async () => {
    const [{ SpecParseError }, { SpecBoundError }] = await Promise.all([import('../../openapi-document/document'), import('../../openapi-document/spec-bound')]);
    try {
      return await reading;
    } catch (error) {
      if (error instanceof SpecBoundError) throw new CliError(`${fileOrUrl}: ${error.message}; nothing was sent`);
      if (!(error instanceof SpecParseError)) throw error;
      for (const message of error.messages) ctx.out.message(`  ${message}`);
      throw new CliError(`${fileOrUrl} is not a valid OpenAPI document (${error.messages.length} problem${error.messages.length === 1 ? '' : 's'}, listed above); nothing was sent`);
    }
  };
  return { read, abandon };
}

async function readSpecOf(ctx: Context, fileOrUrl: string, signal: AbortSignal): Promise<SpecDocument> {
  const fetched = await sourceText(ctx, fileOrUrl);
  const [{ readSpec }, { formatOf }] = await Promise.all([import('../../openapi-document/read-spec'), import('../../openapi-document/document')]);
  return await readSpec(isUrl(fileOrUrl) ? fetched : minifiedJson(fetched, formatOf(fetched)), undefined, signal);
}

/** The text of a spec's latest version, or undefined when the spec does not exist or has no version yet. */
export async function latestText(ctx: Context, organizationId: string, specSlug: string): Promise<{ exists: boolean; text?: string }> {
  const api = await ctx.client();
  try {
    await api.call(routes.getOpenAPISpecBySlug, { params: { organizationId, specSlug } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { exists: false };
    throw error;
  }
  try {
    const content = await api.call(routes.getLatestOpenAPISpecVersionContent, { params: { organizationId, specSlug } });
    return { exists: true, text: Object.values(content.filesystem)[0] };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { exists: true };
    throw error;
  }
}
