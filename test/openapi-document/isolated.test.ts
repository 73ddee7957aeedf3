import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selfWorkerScript } from '../../src/self-command';
import { validateInChild } from '../../src/openapi-document/isolated-child';
import { validateInWorker } from '../../src/openapi-document/isolated-worker';
import { SpecBoundError } from '../../src/openapi-document/spec-bound';
import { parseText, SpecParseError } from '../../src/openapi-document/document';
import { partsOf } from '../../src/openapi-document/parts';
import { openapiLimits } from '../../src/domain/openapi-limits';
import { specFixture } from '../helpers/openapi';
import { refBomb } from './ref-bomb';

/** A valid document of about 3 MB of JSON: far more than 24 MB of heap once parsed. */
function largeSpec(): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < 40_000; i++) paths[`/r${i}`] = { get: { responses: { 200: { description: `resource ${i}` } } } };
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Large', version: '1' }, paths });
}

const outcome = (promise: Promise<unknown>) => promise.then((info) => ({ info }), (error: Error) => ({ error: error.constructor.name, message: error.message, ...(error instanceof SpecParseError ? { messages: error.messages } : {}) }));

// validateIsolated takes the worker where the build has one: the npm build's script (bin/openapi-worker.cjs,
// running dist/openapi-worker.cjs, built before the tests), or the single executable's source, evaluated
// (here a source that requires the same script); the child process in a checkout not built yet. All
// must answer alike, within the bounds.
const workerScript = selfWorkerScript() as { file: string };
const workerSource = { source: `require(${JSON.stringify(workerScript.file)});` };
const ways = {
  'a worker thread': (text: string, limits = openapiLimits(), signal?: AbortSignal) => validateInWorker(text, limits, workerScript, signal),
  'a worker thread of a source': (text: string, limits = openapiLimits(), signal?: AbortSignal) => validateInWorker(text, limits, workerSource, signal),
  'a child process': (text: string, limits = openapiLimits(), signal?: AbortSignal) => validateInChild(text, limits, signal),
};

/** What validating the petstore answers: its title and version, its JSON, and its parts. */
const petstoreInfo = () => ({ title: 'Petstore', version: '1.0.0', json: JSON.stringify(parseText(specFixture('v1.yaml'))), parts: partsOf(parseText(specFixture('v1.yaml'))) });

describe('isolated OpenAPI validation', () => {
  it('finds the worker script of the npm build', () => {
    expect(workerScript).toEqual({ file: expect.stringMatching(/bin[\\/]openapi-worker\.cjs$/) });
  });

  it("runs the worker's bundles through code caches of their own, written by the first validation", async () => {
    const cache = mkdtempSync(join(tmpdir(), 'docsctl-worker-cache-'));
    const before = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = cache;
    try {
      expect(await ways['a worker thread'](specFixture('v1.yaml'))).toEqual(petstoreInfo());
      // The worker writes them as it ends, after answering.
      const hashOf = (file: string) => /^\/\/ docsctl bundle ([0-9a-f]{16})\n/.exec(readFileSync(fileURLToPath(new URL(`../../dist/${file}`, import.meta.url)), 'latin1'))![1];
      const expected = ['openapi-worker.cjs', 'vendor/yaml.cjs', 'vendor/apidevtools-swagger-parser.cjs'].map((file) => `code-${hashOf(file)}-openapi-worker-${process.version}-${process.arch}.bin`);
      const written = () => (existsSync(join(cache, 'docsctl')) ? readdirSync(join(cache, 'docsctl')) : []);
      for (let waited = 0; waited < 5000 && expected.some((name) => !written().includes(name)); waited += 50) await new Promise((r) => setTimeout(r, 50));
      expect(written().sort()).toEqual(expected.sort());
      expect(await ways['a worker thread'](specFixture('v1.yaml'))).toEqual(petstoreInfo());
    } finally {
      if (before === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = before;
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it('answers the same in a worker thread and in a child process: info, or the parser messages', async () => {
    for (const text of [specFixture('v1.yaml'), specFixture('invalid.yaml'), '{"openapi": "3.0.3"', 'swagger: "2.0"\ninfo: {title: T, version: "1"}\npaths: {}\n', '[1]']) {
      const inWorker = await outcome(ways['a worker thread'](text));
      expect(inWorker, text).toEqual(await outcome(ways['a child process'](text)));
    }
    expect(await ways['a worker thread'](specFixture('v1.yaml'))).toEqual(petstoreInfo());
  }, 30_000);

  for (const [way, validate] of Object.entries(ways)) {
    it(`stops ${way} past the time bound, and this thread keeps running meanwhile`, async () => {
      let ticks = 0;
      const ticking = setInterval(() => ticks++, 20);
      const started = performance.now();
      // With no expansion bound, the bomb reaches swagger-parser: the time bound stops it.
      const error = await validate(refBomb(), openapiLimits({ processTimeoutMs: 1000, maxExpansion: 0 })).catch((e: Error) => e);
      clearInterval(ticking);
      expect(error).toBeInstanceOf(SpecBoundError);
      expect((error as Error).message).toBe('processing the document took longer than 1 s, the time bound of OpenAPI processing');
      expect(performance.now() - started).toBeLessThan(5000);
      expect(ticks).toBeGreaterThan(10);
    }, 30_000);

    it(`stops ${way} when its caller no longer wants the answer`, async () => {
      const abandoning = new AbortController();
      const started = performance.now();
      const validating = validate(refBomb(), openapiLimits({ maxExpansion: 0 }), abandoning.signal).catch((e: Error) => e);
      setTimeout(() => abandoning.abort(), 200);
      const error = await validating;
      expect((error as Error).name).toBe('AbortError');
      expect(performance.now() - started).toBeLessThan(10_000); // the time bound is 20 s
    }, 30_000);

    // Issue 58: refused at once, before swagger-parser expands it (11.7 s within the default time bound).
    it(`refuses ${way} a document its $refs multiply past the expansion bound, in well under a second of work`, async () => {
      const started = performance.now();
      const error = await validate(refBomb(), openapiLimits()).catch((e: Error) => e);
      expect(error).toBeInstanceOf(SpecBoundError);
      expect((error as Error).message).toBe('its $refs expand the document past 1,000,000 nodes (183 as written), the expansion bound of OpenAPI processing (100 times the document, at least 1,000,000 nodes)');
      expect(performance.now() - started).toBeLessThan(5000);
    }, 30_000);

    it(`stops ${way} past the memory bound`, async () => {
      const error = await validate(largeSpec(), openapiLimits({ processMemoryMb: 24 })).catch((e: Error) => e);
      expect(error, String(error)).toBeInstanceOf(SpecBoundError);
      expect((error as Error).message).toBe('processing the document needed more than 24 MB of memory, the memory bound of OpenAPI processing');
    }, 30_000);
  }
});
