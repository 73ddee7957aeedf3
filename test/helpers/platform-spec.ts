import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The platform's published OpenAPI document, the reference of the contract test (docs/decisions.md,
 * "Contract test against the platform's schema"). It has no license: it is never copied into the
 * repository nor made a dependency; it is read from DOCSCTL_PLATFORM_OPENAPI, else from a cache
 * outside the repository, else downloaded into that cache with `npm pack`.
 */
export const PLATFORM_PACKAGE = '@gitbook/api@0.202.0';
export const PLATFORM_OPENAPI_ENV = 'DOCSCTL_PLATFORM_OPENAPI';

/** `$XDG_CACHE_HOME/docsctl-test/gitbook-api-0.202.0` (or under ~/.cache). */
export function platformCacheDir(): string {
  const base = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'docsctl-test', 'gitbook-api-0.202.0');
}

const HOW_TO_PROVIDE =
  `Provide the platform's OpenAPI document (${PLATFORM_PACKAGE}, file package/spec/openapi.json) in one of these ways: ` +
  `set ${PLATFORM_OPENAPI_ENV} to its path; or put it at ${join(platformCacheDir(), 'openapi.json')}; ` +
  `or let the test download it (npm must reach the registry: npm pack ${PLATFORM_PACKAGE}).`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type OpenApiDocument = { paths: Record<string, Record<string, any>>; components: Record<string, any> };

let loaded: OpenApiDocument | undefined;

/** The parsed document; throws (failing the test) with how to provide it when it cannot be had. */
export function platformSpec(): OpenApiDocument {
  loaded ??= JSON.parse(readFileSync(platformSpecPath(), 'utf8')) as OpenApiDocument;
  return loaded;
}

function platformSpecPath(): string {
  const fromEnv = process.env[PLATFORM_OPENAPI_ENV];
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`${PLATFORM_OPENAPI_ENV}=${fromEnv} does not exist. ${HOW_TO_PROVIDE}`);
    return fromEnv;
  }
  const cached = join(platformCacheDir(), 'openapi.json');
  if (!existsSync(cached)) download(cached);
  return cached;
}

/**
 * `npm pack` into a temporary folder beside the cache, then one rename: test files run in parallel
 * workers (and in two projects), so several may download at once; each rename puts a whole file in
 * place, and the last one wins with the same bytes.
 */
function download(target: string): void {
  const dir = platformCacheDir();
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(dir, '.download-'));
  try {
    execFileSync('npm', ['pack', PLATFORM_PACKAGE, '--pack-destination', work, '--silent'], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'], timeout: 120_000 });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error('npm pack wrote no tarball');
    execFileSync('tar', ['-xzf', tarball, 'package/spec/openapi.json'], { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
    renameSync(join(work, 'package', 'spec', 'openapi.json'), target);
  } catch (error) {
    const detail = error instanceof Error ? ((error as { stderr?: Buffer }).stderr?.toString().trim() || error.message) : String(error);
    throw new Error(`Could not download ${PLATFORM_PACKAGE}: ${detail}\n${HOW_TO_PROVIDE}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
