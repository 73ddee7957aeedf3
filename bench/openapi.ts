// Publishing a 5 MB OpenAPI spec through app.handleAsync until processed, against parsing and
// validating the same text directly (the work no implementation can skip), on a SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { openEngine } from '../src/engine/index';
import { createApp } from '../src/server/app';
import { median, type BenchRow } from './report';

/** A valid OpenAPI 3 document of about `bytes` bytes of JSON: many operations with schemas. */
function bigSpec(bytes: number): string {
  const paths: Record<string, unknown> = {};
  const doc = { openapi: '3.0.3', info: { title: 'Bench', version: '1' }, paths };
  for (let i = 0; JSON.stringify(doc).length < bytes; i++) {
    for (let j = 0; j < 100; j++, i++) {
      paths[`/resource${i}/{id}`] = {
        get: {
          operationId: `get${i}`, tags: [`tag${i % 20}`], summary: `Get resource ${i}`,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { 200: { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string', description: 'x'.repeat(200) }, count: { type: 'integer' } } } } } } },
        },
      };
    }
  }
  return JSON.stringify(doc);
}

export async function benchOpenapi(runs = 3): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const engine = await openEngine(join(dir, 'openapi.db'));
  try {
    const { organizationId, userId } = await engine.install();
    const app = createApp({ engine });
    const token = (await engine.tokens.create({ user: userId })).token;
    const SwaggerParser = createRequire(import.meta.url)('@apidevtools/swagger-parser') as typeof import('@apidevtools/swagger-parser');
    // Warm both paths up (module loading, JIT) so the runs compare the work itself.
    await SwaggerParser.validate({ openapi: '3.0.3', info: { title: 'w', version: '1' }, paths: {} } as never);
    const baseline: number[] = [];
    const publish: number[] = [];
    let size = 0;
    for (let run = 0; run < runs; run++) {
      // A different document each run, so every publish stores a new version.
      const text = bigSpec(5 * 1024 * 1024).replace('"version":"1"', `"version":"${run + 1}"`);
      size = text.length;
      let start = performance.now();
      await SwaggerParser.validate(JSON.parse(text), { resolve: { external: false } });
      baseline.push(performance.now() - start);
      // The request's body as a client sends it: made before the clock starts (the client's work, not the server's).
      const body = JSON.stringify({ source: { text } });
      start = performance.now();
      const res = await app.handleAsync({
        method: 'PUT', url: `/v1/orgs/${organizationId}/openapi/bench`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      publish.push(performance.now() - start);
      const spec = JSON.parse(String(res.body)) as { processingState: string; lastProcessErrorCode?: string };
      if (res.status >= 300 || spec.processingState !== 'complete' || spec.lastProcessErrorCode) throw new Error(`publish failed: ${res.status} ${String(res.body).slice(0, 300)}`);
    }
    const ratio = median(publish) / median(baseline);
    return [{
      name: `openapi: publish a ${(size / 1024 / 1024).toFixed(1)} MB spec until processed`, value: `${median(publish).toFixed(0)} ms`,
      ratio, target: '<= 2x parsing + validating it', ok: ratio <= 2,
    }];
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
