import type { Command } from 'commander';
import type { Context } from '../context';
import { ApiError } from '../api/errors';
import { errorMessageOf } from '../api/client';
import { UsageError } from '../errors';
import { readInput } from './shared/input';

interface Opts {
  method?: string;
  field: string[];
  rawField: string[];
  input?: string;
  paginate?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** `-F` values: true, false, null and numbers are typed; `@file` reads a file; the rest stays a string. */
async function typedValue(ctx: Context, raw: string): Promise<unknown> {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (raw !== '' && /^-?\d+(\.\d+)?$/.test(raw)) return Number(raw);
  if (raw.startsWith('@')) return readInput(ctx, '-F', raw.slice(1));
  return raw;
}

function assign(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key.endsWith('[]')) {
    const name = key.slice(0, -2);
    const list = (target[name] ??= []) as unknown[];
    list.push(value);
  } else target[key] = value;
}

/** Normalises `orgs`, `/orgs`, `v1/orgs` and `/v1/orgs` to `/v1/orgs`, and fills `{org}`. */
async function normalisePath(ctx: Context, path: string): Promise<string> {
  let p = path.startsWith('/') ? path : `/${path}`;
  if (p !== '/openapi.json' && !p.startsWith('/v1/') && p !== '/v1') p = `/v1${p}`;
  if (p.includes('{org}')) p = p.replaceAll('{org}', encodeURIComponent(await ctx.organizationId()));
  return p;
}

export function registerApi(program: Command, ctx: Context): void {
  program
    .command('api')
    .argument('<path>', 'API path, e.g. /v1/orgs/{org}/members ({org} is your organization)')
    .description('call any API route through the same transport, like gh api')
    .option('-X, --method <method>', 'HTTP method (default GET, or POST when fields or --input are given without --paginate)')
    .option('-f, --raw-field <key=value>', 'string parameter (query for GET, body otherwise); key[]=v builds an array', collect, [])
    .option('-F, --field <key=value>', 'typed parameter: true/false/null/numbers, @file reads a file', collect, [])
    .option('--input <file>', 'request body from a file (- for stdin)')
    .option('--paginate', 'follow next.page and print every item (GET lists)')
    .addHelpText('after', `
Examples:
  $ docsctl api /v1/orgs
  $ docsctl api '/v1/orgs/{org}/members' -f role=admin --paginate
  $ docsctl api -X PATCH '/v1/orgs/{org}' -f title="Acme Docs" -F sso=false
  $ docsctl api -X PUT '/v1/orgs/{org}/teams/TEAM_ID/members' --input change.json`)
    .action(async (path: string, opts: Opts) => {
      const fields: Record<string, unknown> = {};
      for (const pair of opts.rawField) {
        const at = pair.indexOf('=');
        if (at < 1) throw new UsageError(`-f ${pair}: expected key=value`);
        assign(fields, pair.slice(0, at), pair.slice(at + 1));
      }
      for (const pair of opts.field) {
        const at = pair.indexOf('=');
        if (at < 1) throw new UsageError(`-F ${pair}: expected key=value`);
        assign(fields, pair.slice(0, at), await typedValue(ctx, pair.slice(at + 1)));
      }
      const hasFields = Object.keys(fields).length > 0;
      // --paginate follows GET lists, so fields go into the query string unless -X says otherwise.
      const method = (opts.method ?? (!opts.paginate && (hasFields || opts.input) ? 'POST' : 'GET')).toUpperCase();
      let url = await normalisePath(ctx, path);
      let body: string | undefined;
      if (opts.input) {
        body = await readInput(ctx, '--input', opts.input);
      } else if (hasFields && method !== 'GET' && method !== 'DELETE') {
        body = JSON.stringify(fields);
      } else if (hasFields) {
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) params.append(k, String(item));
        url += (url.includes('?') ? '&' : '?') + params.toString();
      }
      const api = await ctx.client();
      if (opts.paginate && method === 'GET') {
        const items: unknown[] = [];
        let count: number | undefined;
        let next: string | undefined = url;
        while (next) {
          const response = await api.raw(method, next);
          if (response.status >= 400) throw new ApiError(response.status, errorMessageOf(response));
          const page = JSON.parse(response.body?.toString() ?? '{}') as { items?: unknown[]; count?: number; next?: { page: string } };
          if (!Array.isArray(page.items)) {
            // Not a list: nothing to follow, print the response as it is instead of an empty list.
            ctx.out.raw(page);
            return;
          }
          items.push(...page.items);
          count ??= page.count;
          if (page.next) {
            const nextUrl: URL = new URL(next, 'http://api.invalid');
            nextUrl.searchParams.set('page', page.next.page);
            next = nextUrl.pathname + nextUrl.search;
          } else next = undefined;
        }
        ctx.out.raw({ count: count ?? items.length, items });
        return;
      }
      const response = await api.raw(method, url, body);
      if (Buffer.isBuffer(response.body)) {
        // Bytes (a file download) go to stdout as they are.
        ctx.io.stdout.write(response.body as unknown as string);
      } else if (response.body) {
        try {
          ctx.out.raw(JSON.parse(response.body));
        } catch {
          ctx.out.text(response.body);
        }
      }
      if (response.status >= 400) throw new ApiError(response.status, errorMessageOf(response));
    });
}
