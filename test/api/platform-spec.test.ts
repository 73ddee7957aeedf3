import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The contract test's reference document must never be silently missing (test/helpers/platform-spec.ts). */
describe('the platform document helper', () => {
  // The helper remembers the document it read: each test imports it afresh (a worker process may have
  // loaded it for an earlier file).
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('fails, saying how to provide the document, when DOCSCTL_PLATFORM_OPENAPI names no file', async () => {
    vi.stubEnv('DOCSCTL_PLATFORM_OPENAPI', '/nonexistent/openapi.json');
    const { platformSpec } = await import('../helpers/platform-spec');
    expect(() => platformSpec()).toThrow(/DOCSCTL_PLATFORM_OPENAPI=\/nonexistent\/openapi.json does not exist\. Provide the platform's OpenAPI document \(@gitbook\/api@0\.202\.0.*npm pack/);
  });

  it('keeps its cache outside the repository, under XDG_CACHE_HOME', async () => {
    vi.stubEnv('XDG_CACHE_HOME', '/tmp/some-cache');
    const { platformCacheDir } = await import('../helpers/platform-spec');
    expect(platformCacheDir()).toBe('/tmp/some-cache/docsctl-test/gitbook-api-0.202.0');
  });
});
