// `npm run bench`: every performance claim of the README, measured against a baseline in the same run.
// Runs from dist/bench/main.js after bundling, so paths are relative to that file.
import { fileURLToPath } from 'node:url';
import { benchStartup } from './startup';
import { benchThroughput } from './throughput';
import { benchBulkPut } from './bulk-put';
import { benchSpacePaging } from './space-paging';
import { benchContentPush } from './content-push';
import { benchSearch } from './search';
import { benchGitSyncPush } from './git-sync';
import { benchOrgExport } from './org-export';
import { printRows, type BenchRow } from './report';

const bin = fileURLToPath(new URL('../../bin/docsctl.cjs', import.meta.url));
const quick = process.argv.includes('--quick');
const rows: BenchRow[] = [];
console.log(`docsctl bench on node ${process.version}${quick ? ' (quick)' : ''}\n`);
rows.push(...benchStartup(bin, quick ? 8 : 30));
rows.push(...(await benchThroughput(bin, quick ? 3000 : 10000, quick ? 3 : 7)));
rows.push(...(await benchBulkPut()));
rows.push(...(await benchSpacePaging(quick ? 20_000 : 100_000)));
rows.push(...(await benchContentPush(quick ? 200 : 1000)));
rows.push(...benchGitSyncPush(bin, quick ? 200 : 1000, quick ? 1 : 3));
rows.push(...(await benchSearch(quick ? 2000 : 10_000)));
rows.push(...(await benchOrgExport(quick ? 2000 : 10_000, quick ? 3 : 1)));
rows.push(...(await (await import('./openapi')).benchOpenapi(quick ? 1 : 3)));
rows.push(...(await (await import('./postgres')).benchPostgres(bin, quick ? 1000 : 4000, quick ? 1 : 3)));
printRows(rows);
const missed = rows.filter((r) => r.ok === false);
if (missed.length && process.argv.includes('--strict')) process.exitCode = 1;
