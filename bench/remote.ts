// A remote `members list` (env URL and token, a real `serve` on loopback) against a minimal Node client:
// node:http GETs the same page and prints two columns. Both run interleaved; the ratio of medians and
// each one's peak memory (maxRSS) are reported (issue 19).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { BenchRow } from './report';
import { LINK_DELAY_MS, runQuiet, startDelayingProxy, startServe } from './spawn';
import { startupEnv, timeInterleaved } from './startup';
import { faultsOver, pageFaultMicros, usageOf, writeUsageReporter } from './page-faults';
import { bundleFloorEnv, COMPILE_BUNDLES } from './bundle-floor';

/** The baseline: what the same page costs with nothing of docsctl in it. */
const MINIMAL_CLIENT = `
const http = require('node:http');
const url = process.env.BASE + '/v1/orgs/' + process.env.ORG + '/members?limit=100';
http.get(url, { headers: { authorization: 'Bearer ' + process.env.TOKEN, accept: 'application/json' } }, (res) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (chunk) => (body += chunk));
  res.on('end', () => {
    for (const m of JSON.parse(body).items) process.stdout.write(m.id + '\\t' + m.user.email + '\\n');
  });
});
`;

/**
 * The floor of docsctl's remote `members list` that its start-up bundles set (bundle-floor.ts): the two a
 * remote `members list` reads (dist/docsctl.cjs, the core, and dist/docsctl-members.cjs) compiled from
 * their code caches, none of it run; then the minimal client's request. What docsctl adds above this is
 * its own code running (modules, commander, the client, the organization look-up).
 */
const BUNDLE_FLOOR = `${COMPILE_BUNDLES}${MINIMAL_CLIENT}`;

export async function benchRemote(bin: string, runs: number): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const local = startupEnv(dir);
  let served: { child: ChildProcess } | undefined;
  let far: { child: ChildProcess } | undefined;
  try {
    runQuiet(bin, ['init', '--sample'], local);
    const token = JSON.parse(runQuiet(bin, ['tokens', 'create', '--json'], local)).token as string;
    const org = JSON.parse(runQuiet(bin, ['orgs', 'list', '--json'], local)).items[0].id as string;
    const serve = await startServe(bin, local);
    served = serve;
    const { DOCSCTL_DB, ...withoutDb } = local;
    const remote = { ...withoutDb, DOCSCTL_URL: serve.url, DOCSCTL_TOKEN: token };
    const minimal = join(dir, 'minimal-client.cjs');
    writeFileSync(minimal, MINIMAL_CLIENT);
    const reporter = writeUsageReporter(dir);
    const baselineEnv = { ...withoutDb, BASE: serve.url, ORG: org, TOKEN: token };
    const bundleFloor = join(dir, 'bundle-floor.cjs');
    writeFileSync(bundleFloor, BUNDLE_FLOOR);
    const root = join(dirname(bin), '..');
    const floorEnv = { ...remote, ...baselineEnv, ...bundleFloorEnv(root, ['docsctl.cjs', 'docsctl-members.cjs']) };
    // The same through a profile saved by `login`, which keeps the user's only organization: one request,
    // as the minimal client makes, where the URL and token alone look the organization up first.
    runQuiet(bin, ['login', '--url', serve.url, '--token', token, '--profile', 'bench'], withoutDb);
    const profiled = { ...withoutDb, DOCSCTL_PROFILE: 'bench' };
    // Warm: the code cache (written by the first runs) and the server.
    for (let i = 0; i < 3; i++) runQuiet(bin, ['members', 'list'], remote);
    const [baseline, docsctl, floor, throughProfile] = timeInterleaved([[minimal], [bin, 'members', 'list'], [bundleFloor], [bin, 'members', 'list']], runs, [baselineEnv, remote, floorEnv, profiled]);
    const usageBaseline = usageOf([minimal], baselineEnv, reporter, 5);
    const usage = usageOf([bin, 'members', 'list'], remote, reporter, 5);
    const usageFloor = usageOf([bundleFloor], floorEnv, reporter, 5);
    // The same two over a link of 10 ms round trips (a delaying proxy), where the look-up is a round trip.
    const link = await startDelayingProxy(serve.url, withoutDb);
    far = link;
    runQuiet(bin, ['login', '--url', link.url, '--token', token, '--profile', 'far'], withoutDb);
    const farRemote = { ...remote, DOCSCTL_URL: link.url };
    runQuiet(bin, ['members', 'list'], farRemote);
    const [farDocsctl, farProfile] = timeInterleaved([[bin, 'members', 'list'], [bin, 'members', 'list']], runs, [farRemote, { ...withoutDb, DOCSCTL_PROFILE: 'far' }]);
    const micros = pageFaultMicros();
    const ratio = docsctl / baseline;
    return [
      { name: 'remote: minimal node:http client (baseline)', value: `${baseline.toFixed(1)} ms, peak ${usageBaseline.peakMb.toFixed(0)} MB` },
      { name: 'remote: docsctl members list (env URL + token)', value: `${docsctl.toFixed(1)} ms`, ratio, target: '<= 1.3x baseline', ok: ratio <= 1.3 },
      { name: "remote: floor, docsctl's start-up bundles compiled from their code caches, then the client", value: `${floor.toFixed(1)} ms`, ratio: floor / baseline },
      { name: 'remote: members list over that floor (what its code adds)', value: `+${(docsctl - floor).toFixed(1)} ms`, ratio: docsctl / floor },
      { name: 'remote: members list through a profile saved by login (its organization kept: one request)', value: `${throughProfile.toFixed(1)} ms`, ratio: throughProfile / baseline },
      { name: 'remote: through the profile / with the URL and token alone', value: `${(throughProfile - docsctl).toFixed(1)} ms`, ratio: throughProfile / docsctl },
      { name: `remote over ${2 * LINK_DELAY_MS} ms round trips: members list, env URL + token (two requests)`, value: `${farDocsctl.toFixed(1)} ms` },
      { name: `remote over ${2 * LINK_DELAY_MS} ms round trips: through the profile saved by login (one request) / URL + token`, value: `${(farProfile - farDocsctl).toFixed(1)} ms`, ratio: farProfile / farDocsctl },
      { name: 'remote: page faults, members list over the client', value: faultsOver(usage.faults, usageBaseline.faults, micros) },
      { name: 'remote: page faults, members list over the floor', value: faultsOver(usage.faults, usageFloor.faults, micros) },
      { name: 'remote: members list peak memory', value: `${usage.peakMb.toFixed(0)} MB`, target: '<= 60 MB', ok: usage.peakMb <= 60 },
    ];
  } finally {
    served?.child.kill();
    far?.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
