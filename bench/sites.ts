// Published sites for visitors (issue 56): a rendered page's latency against an authenticated API read
// on the same engine, the first render of a 1,000-block page, and what a landing page weighs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../src/engine/index';
import { createApp } from '../src/server/app';
import { siteReader } from '../src/server/site/reader';
import { SCRIPT, STYLESHEET } from '../src/server/site/assets';
import { median, type BenchRow } from './report';

/** A page as documentation pages are: headings, prose, a list, code, a hint, tabs and a table. */
function ordinaryPage(title: string): string {
  const prose = 'The service answers JSON over HTTPS; every request carries a bearer token, and lists are paginated with cursors. ';
  return [
    `# ${title}`, prose.repeat(3), '## Before you start', `- ${prose}\n- ${prose}\n- ${prose}`,
    '```js\nconst client = new Client({ token: process.env.TOKEN });\nawait client.members.list();\n```',
    '{% hint style="info" %}\nTokens expire after **30 days**.\n{% endhint %}',
    '{% tabs %}\n{% tab title="macOS" %}\nbrew install acme\n{% endtab %}\n{% tab title="Linux" %}\napt install acme\n{% endtab %}\n{% endtabs %}',
    '## Limits', '| Plan | Requests |\n| --- | ---: |\n| Free | 1,000 |\n| Team | 100,000 |', prose.repeat(2),
  ].join('\n\n');
}

/** 1,000 blocks: paragraphs, headings, lists, code and hints in turn. */
function thousandBlocks(): string {
  const blocks = Array.from({ length: 1000 }, (_, i) => {
    switch (i % 5) {
      case 0: return `## Part ${i}`;
      case 1: return `Paragraph ${i} with **bold**, \`code\` and [a link](https://example.com/${i}).`;
      case 2: return `- item ${i}\n- item ${i + 1}`;
      case 3: return `\`\`\`sh\necho ${i}\n\`\`\``;
      default: return `{% hint style="warning" %}\nHint ${i}\n{% endhint %}`;
    }
  });
  return ['# A thousand blocks', ...blocks].join('\n\n');
}

export async function benchSites(requests = 300): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-sites-'));
  const engine = await openEngine(join(dir, 'sites.db'));
  try {
    const { organizationId, userId } = await engine.install();
    const actor = { userId };
    const space = await engine.spaces.create(actor, organizationId, { title: 'Guides' });
    const crs = engine.changeRequests;
    const cr = await crs.create(actor, space.id, { subject: 'pages' });
    const titles = Array.from({ length: 30 }, (_, i) => `Guide ${i + 1}`);
    await crs.write(actor, space.id, cr.id, [...titles.map((title) => ({ operation: 'insert_page' as const, document: { markdown: ordinaryPage(title) } })), { operation: 'insert_page' as const, document: { markdown: thousandBlocks() } }]);
    await crs.merge(actor, space.id, cr.id);
    const site = await engine.sites.create(actor, organizationId, { title: 'Acme', visibility: 'public', spaces: [space.id] });
    await engine.sites.update(actor, organizationId, site.id, { published: true });

    const app = createApp({ engine });
    const read = siteReader(engine);
    const token = (await engine.tokens.create({ user: userId })).token;
    const base = `/o/${organizationId}/sites/${site.id}`;
    const timed = async (ask: () => Promise<{ status: number; body?: string | Buffer }>) => {
      const t0 = performance.now();
      const answer = await ask();
      if (answer.status !== 200) throw new Error(`status ${answer.status}: ${String(answer.body).slice(0, 200)}`);
      return { ms: performance.now() - t0, bytes: answer.body === undefined ? 0 : Buffer.byteLength(answer.body) };
    };
    const apiRead = () => timed(() => app.handleAsync({ method: 'GET', url: `/v1/spaces/${space.id}`, headers: { authorization: `Bearer ${token}` } }));
    const visit = (path: string, cookie?: string) => timed(async () => (await read({ method: 'GET', url: `${base}${path}`, headers: { host: 'docs.example', ...(cookie ? { cookie } : {}) } }))!);

    // The landing page, first (nothing kept yet), then its weight with the stylesheet and the script.
    const landing = await visit('');
    const weight = landing.bytes + Buffer.byteLength(STYLESHEET.body) + Buffer.byteLength(SCRIPT.body);
    // A 1,000-block page's first render (the space's revision is kept by then, as on any later view).
    const big = await visit('/a-thousand-blocks');
    // Then, interleaved, the same ordinary page and the API read.
    const page = [];
    const api = [];
    // A visitor whose claims (an unsigned-claims cookie) may change the page: their page is not kept whole.
    const claimed = [];
    const claims = 'gitbook-visitor-public={"plan":"team"}';
    await visit('/guide-2');
    await visit('/guide-2', claims);
    await apiRead();
    for (let i = 0; i < requests; i++) {
      api.push((await apiRead()).ms);
      page.push((await visit('/guide-2')).ms);
      claimed.push((await visit('/guide-2', claims)).ms);
    }
    const ratio = median(page) / median(api);
    return [
      { name: 'sites: authenticated GET /v1/spaces/{id} (baseline)', value: `${median(api).toFixed(2)} ms` },
      { name: 'sites: a rendered page, median (kept whole)', value: `${median(page).toFixed(2)} ms`, ratio, target: '<= 3x the API read', ok: ratio <= 3 },
      { name: 'sites: the page for a visitor with claims (its body kept)', value: `${median(claimed).toFixed(2)} ms`, ratio: median(claimed) / median(api) },
      { name: 'sites: first render of a 1,000-block page', value: `${big.ms.toFixed(1)} ms (${(big.bytes / 1024).toFixed(0)} KB)`, target: '<= 50 ms', ok: big.ms <= 50 },
      { name: 'sites: the landing page\'s first view', value: `${landing.ms.toFixed(1)} ms` },
      { name: 'sites: landing page HTML + CSS + JS, uncompressed', value: `${(weight / 1024).toFixed(1)} KB`, target: '<= 150 KB', ok: weight <= 150 * 1024 },
    ];
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
