// `npm run bench`: every performance claim of the README, measured against a baseline in the same run.
// Runs from dist/bench/main.js after bundling, so paths are relative to that file.
import { fileURLToPath } from 'node:url';
import { benchStartup } from './startup';
import { benchStartupBefore } from './startup-before';
import { benchRemote } from './remote';
import { benchSingleExecutable } from './single-executable';
import { benchThroughput } from './throughput';
import { benchBulkPut } from './bulk-put';
import { benchSpacePaging } from './space-paging';
import { benchContentPush } from './content-push';
import { benchSearch } from './search';
import { benchGitSyncPush } from './git-sync';
import { benchGitSyncRemotePush } from './git-sync-remote';
import { benchGitSyncCorpus } from './git-sync-corpus';
import { benchOrgExport } from './org-export';
// Also the program of its own children: with their role set, they play it and exit here (bench/uploads.ts).
import { benchUploads } from './uploads';
import { printRows, type BenchRow } from './report';

const bin = fileURLToPath(new URL('../../bin/docsctl.cjs', import.meta.url));
const root = fileURLToPath(new URL('../..', import.meta.url));
const quick = process.argv.includes('--quick');
// `--only NAME[,NAME]` runs those groups alone (names below), for measuring one figure quietly.
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? new Set(process.argv[onlyAt + 1]?.split(',')) : undefined;
const groups: Record<string, () => BenchRow[] | Promise<BenchRow[]>> = {
  startup: () => benchStartup(bin, quick ? 8 : 30),
  'startup-before': () => benchStartupBefore(root, bin, quick ? 21 : 101),
  remote: () => benchRemote(bin, quick ? 11 : 31),
  'single-executable': () => benchSingleExecutable(root, quick ? 11 : 31),
  throughput: () => benchThroughput(bin, quick ? 3000 : 10000, quick ? 3 : 7),
  'bulk-put': () => benchBulkPut(),
  'space-paging': () => benchSpacePaging(quick ? 20_000 : 100_000),
  'content-push': async () => [...(await benchContentPush(quick ? 200 : 1000)), ...(await benchContentPush(quick ? 2000 : 10_000))],
  'git-sync': () => benchGitSyncPush(bin, quick ? 200 : 1000, quick ? 1 : 3),
  'git-sync-remote': () => benchGitSyncRemotePush(bin, quick ? 100 : 300, quick ? 1 : 3),
  'git-sync-corpus': () => benchGitSyncCorpus(bin, root, quick ? 1 : 3),
  search: () => benchSearch(quick ? 2000 : 10_000),
  'org-export': () => benchOrgExport(quick ? 2000 : 10_000, quick ? 3 : 1),
  uploads: () => benchUploads(bin),
  openapi: async () => [...(await import('./openapi-publish')).benchOpenapiPublish([process.execPath, bin], quick ? 8 : 30), ...(await (await import('./openapi')).benchOpenapi(quick ? 1 : 3))],
  postgres: async () => (await import('./postgres')).benchPostgres(bin, quick ? 1000 : 4000, quick ? 1 : 3, quick ? 2000 : 10_000),
  'postgres-network': async () => (await import('./postgres-network')).benchPostgresNetwork(bin, quick ? 50 : 200),
  webhooks: async () => (await import('./webhooks')).benchWebhooks(bin, quick ? 300 : 1000, quick ? 1 : 3),
  sites: async () => [...await (await import('./sites')).benchSites(quick ? 100 : 300), ...await (await import('./static-build')).benchStaticBuild(quick ? 2_000 : 10_000), ...await (await import('./github-operation')).benchGithubOperation(root)],
};
const unknown = [...(only ?? [])].filter((name) => !(name in groups));
if (unknown.length) throw new Error(`unknown bench group ${unknown.join(', ')}; groups: ${Object.keys(groups).join(', ')}`);
const rows: BenchRow[] = [];
console.log(`docsctl bench on node ${process.version}${quick ? ' (quick)' : ''}\n`);
for (const [name, run] of Object.entries(groups)) if (!only || only.has(name)) rows.push(...(await run()));
printRows(rows);
const missed = rows.filter((r) => r.ok === false);
if (missed.length && process.argv.includes('--strict')) process.exitCode = 1;
