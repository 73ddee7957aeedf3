// An operation page of GitHub's REST API description (issue 58): its first render, spec included. The
// description (13 MB) is the tests' (test/fixtures/openapi/github, brotli); DOCSCTL_GITHUB_SPEC names
// another file of it (`npm pack @octokit/openapi`: package/generated/api.github.com.json).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../src/engine/index';
import { siteReader } from '../src/server/site/reader';
import type { BenchRow } from './report';

/** `root`: the repository's folder (the bench runs bundled in dist/bench/). */
export async function benchGithubOperation(root: string): Promise<BenchRow[]> {
  const file = process.env.DOCSCTL_GITHUB_SPEC;
  const name = "sites: an operation page of GitHub's description, first render";
  if (file && !existsSync(file)) return [{ name, value: `skipped: DOCSCTL_GITHUB_SPEC names no file (${file})` }];
  const text = file ? readFileSync(file, 'utf8') : brotliDecompressSync(readFileSync(join(root, 'test', 'fixtures', 'openapi', 'github', 'api.github.com.json.br'))).toString('utf8');
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-github-'));
  const engine = await openEngine(join(dir, 'github.db'), { openapiLimits: { maxExpansion: 0 } });
  try {
    const { organizationId, userId } = await engine.install();
    const actor = { userId };
    await engine.openapi.put(actor, organizationId, 'github', { source: { text } });
    const space = await engine.spaces.create(actor, organizationId, { title: 'GitHub' });
    const crs = engine.changeRequests;
    const cr = await crs.create(actor, space.id, { subject: 'page' });
    await crs.write(actor, space.id, cr.id, [{ operation: 'insert_page', document: { markdown: '# Repositories\n\n{% openapi-operation spec="github" path="/repos/{owner}/{repo}" method="get" %}\n{% endopenapi-operation %}\n' } }]);
    await crs.merge(actor, space.id, cr.id);
    const site = await engine.sites.create(actor, organizationId, { title: 'GitHub', visibility: 'public', spaces: [space.id] });
    await engine.sites.update(actor, organizationId, site.id, { published: true });
    const read = siteReader(engine);
    const t0 = performance.now();
    const answer = (await read({ method: 'GET', url: `/o/${organizationId}/sites/${site.id}`, headers: { host: 'bench' } }))!;
    const ms = performance.now() - t0;
    const html = String(answer.body);
    if (answer.status !== 200 || !html.includes('/repos/{owner}/{repo}')) throw new Error(`the operation page answered ${answer.status}`);
    return [{ name, value: `${ms.toFixed(1)} ms (${(Buffer.byteLength(html) / 1024).toFixed(0)} KB)`, target: '<= 100 ms', ok: ms <= 100 }];
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
