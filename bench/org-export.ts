// Exporting the sample organization grown to 10,000 pages (local transport), against reading the same
// objects with the list operations an `--all` script would run.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEngine } from '../src/engine/index';
import { loadSample } from '../src/engine/sample';
import { createApp } from '../src/server/app';
import { ApiClient } from '../src/api/client';
import { localTransport } from '../src/api/transports/local';
import { routes } from '../src/api/routes/index';
import type { Route } from '../src/api/routes/route';
import { readOrganizationArchive } from '../src/commands/org-archive/read-org';
import { saveArchive } from '../src/org-archive/archive';
import { createProgress } from '../src/output/progress';
import { median, type BenchRow } from './report';

/** Grows every space of the organization by pages (sections of 20 under a parent), through change requests. */
async function grow(api: ApiClient, organizationId: string, pages: number): Promise<void> {
  const spaces = (await api.call(routes.listSpaces, { params: { organizationId }, query: { limit: 1000 } })).items;
  const perSpace = Math.ceil(pages / spaces.length);
  for (const space of spaces) {
    const changes = [];
    for (let i = 0; i < perSpace; i++) {
      const parent = i % 20 === 0;
      changes.push({
        operation: 'insert_page', document: { markdown: `# Page ${i}\n\n${'Text with **bold** and a [link](https://example.com). '.repeat(8)}\n` },
        title: `Page ${i}`, ...(parent ? { ref: `p${i}` } : { into: `p${i - (i % 20)}` }),
      });
    }
    const params = { spaceId: space.id };
    const cr = await api.call(routes.createChangeRequest, { params, body: { subject: 'Grow' } });
    for (let i = 0; i < changes.length; i += 5000) {
      await api.call(routes.writeChangeRequestContent, { params: { ...params, changeRequestId: cr.id }, body: { changes: changes.slice(i, i + 5000) } as never });
    }
    await api.call(routes.mergeChangeRequest, { params: { ...params, changeRequestId: cr.id } });
  }
}

/** The baseline: every list an `--all` script reads for the same objects (no page bodies, no file bytes). */
async function readWithLists(api: ApiClient, organizationId: string): Promise<number> {
  let items = 0;
  const list = async (route: Route, params: Record<string, string>, query: Record<string, unknown> = {}) => {
    for await (const item of api.paginate(route as never, { params, query: { limit: 1000, ...query } } as never)) {
      items++;
      void item;
    }
  };
  const org = { organizationId };
  for (const route of [routes.listMembersInOrganizationById, routes.listOrganizationInvites, routes.listOrganizationSamlProviders, routes.listCustomFields, routes.listCollections, routes.listTranslations, routes.listOpenAPISpecs]) await list(route, org);
  for (const team of (await api.call(routes.listTeamsInOrganizationById, { params: org, query: { limit: 1000 } })).items) await list(routes.listTeamMembersInOrganizationById, { ...org, teamId: team.id });
  for (const space of (await api.call(routes.listSpaces, { params: org, query: { limit: 1000 } })).items) {
    const params = { spaceId: space.id };
    items += (await api.call(routes.listSpacePages, { params })).pages.length;
    for (const route of [routes.listSpaceFiles, routes.listSpaceUserPermissions, routes.listSpaceTeamPermissions, routes.listChangeRequests, routes.listCommentsInSpace]) await list(route, params);
  }
  for (const site of (await api.call(routes.listSites, { params: org, query: { limit: 1000 } })).items) {
    for (const route of [routes.listSiteSections, routes.listSiteSectionGroups, routes.listSiteSpaces]) await list(route, { ...org, siteId: site.id });
  }
  return items;
}

export async function benchOrgExport(pages = 10_000, runs = 3): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const engine = await openEngine(join(dir, 'org.db'));
  try {
    await loadSample(engine);
    const { organizationId, userId } = await engine.install();
    const api = new ApiClient(localTransport(createApp({ engine }), { userId }));
    await grow(api, organizationId, pages);
    const archive = join(dir, 'org.docsctl.tgz');
    const exports: number[] = [];
    const lists: number[] = [];
    let counted = 0;
    for (let i = 0; i < runs; i++) {
      let start = performance.now();
      const { archive: read, title } = await readOrganizationArchive(api, organizationId, createProgress({ write: () => true }, false, ''));
      const manifest = await saveArchive(archive, read, { createdAt: new Date().toISOString(), createdBy: 'bench', source: { url: 'bench', organization: organizationId, title } });
      exports.push(performance.now() - start);
      counted = manifest.counts.pages;
      start = performance.now();
      await readWithLists(api, organizationId);
      lists.push(performance.now() - start);
    }
    const ratio = median(exports) / median(lists);
    return [
      { name: `export: sample grown to ${counted} pages (${(statSync(archive).size / 1024 / 1024).toFixed(1)} MiB archive)`, value: `${(median(exports) / 1000).toFixed(2)} s`, target: '< 30 s', ok: median(exports) < 30_000 },
      { name: 'export: the same objects read with --all lists (no page bodies, no bytes)', value: `${median(lists).toFixed(0)} ms`, ratio, target: 'export / lists' },
    ];
  } finally {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
