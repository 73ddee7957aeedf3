// `sites build` (issue 58): a 10,000-page site written as static files, then again after one page
// changed, through the same in-process reader local mode uses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../src/engine/index';
import { siteReader } from '../src/server/site/reader';
import { buildStaticSite } from '../src/static-site/build';
import type { SiteFetcher } from '../src/static-site/fetcher';
import type { BenchRow } from './report';

const page = (i: number) => `# Page ${i}\n\nThe service answers JSON over HTTPS; page ${i} says how.\n\n## Details\n\nEvery request carries a bearer token.\n\n\`\`\`sh\ncurl https://api.example/${i}\n\`\`\`\n`;

export async function benchStaticBuild(pages = 10_000, spaces = 20): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-static-'));
  const engine = await openEngine(join(dir, 'static.db'));
  try {
    const { organizationId, userId } = await engine.install();
    const actor = { userId };
    const crs = engine.changeRequests;
    const spaceIds: string[] = [];
    let firstPages: { page?: string }[] = [];
    const perSpace = Math.ceil(pages / spaces);
    for (let s = 0; s < spaces; s++) {
      const space = await engine.spaces.create(actor, organizationId, { title: `Product ${s + 1}` });
      const cr = await crs.create(actor, space.id, { subject: 'pages' });
      const written = await crs.write(actor, space.id, cr.id, Array.from({ length: perSpace }, (_, i) => ({ operation: 'insert_page' as const, document: { markdown: page(s * perSpace + i) } })));
      await crs.merge(actor, space.id, cr.id);
      if (!s) firstPages = written.changes;
      spaceIds.push(space.id);
    }
    const site = await engine.sites.create(actor, organizationId, { title: 'Products', visibility: 'public', spaces: spaceIds });
    await engine.sites.update(actor, organizationId, site.id, { published: true });
    const read = siteReader(engine);
    const fetch: SiteFetcher = async (path, headers = {}) => {
      const answer = (await read({ method: 'GET', url: path, headers: { host: 'bench.build', ...headers } }))!;
      return { status: answer.status, headers: answer.headers, body: Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body ?? '') };
    };
    const published = (await engine.sites.get(actor, organizationId, site.id)).urls.published.replace(/\/+$/, '');
    const options = { fetch, out: join(dir, 'out'), fetchBase: `/o/${organizationId}/sites/${site.id}`, published };
    const t0 = performance.now();
    const first = await buildStaticSite(options);
    const whole = performance.now() - t0;
    // One page changed, through a merged change request.
    const cr = await crs.create(actor, spaceIds[0], { subject: 'edit' });
    const pageId = firstPages[1].page;
    await crs.write(actor, spaceIds[0], cr.id, [{ operation: 'update_page', page: pageId!, document: { markdown: `${page(1)}\nChanged.\n` } }]);
    await crs.merge(actor, spaceIds[0], cr.id);
    const t1 = performance.now();
    const second = await buildStaticSite(options);
    const again = performance.now() - t1;
    return [
      { name: `sites build: ${first.pages} pages in ${spaces} site spaces, first build`, value: `${(whole / 1000).toFixed(1)} s (${first.written} files)`, target: '<= 20 s', ok: whole <= 20_000 },
      { name: 'sites build: the same after one page changed', value: `${(again / 1000).toFixed(2)} s (${second.written} written)`, target: '<= 1 s', ok: again <= 1000 },
    ];
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
