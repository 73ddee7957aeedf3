// GET /v1/orgs/{id}/members/{userId} on `docsctl serve` against a bare node:http server answering the same JSON.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool, request } from 'undici';
import { median, type BenchRow } from './report';
import { runQuiet, startServe, startServer } from './spawn';
import { withSqliteModule } from './startup';
import { SQLITE_FLOOR_SERVER } from './floor-servers';

const BARE_SERVER = `
const http = require('node:http');
const body = process.env.BODY;
const server = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + server.address().port })));
`;

/** Sends `total` requests over `connections` keep-alive connections; returns requests per second. */
async function load(url: string, path: string, headers: Record<string, string>, total: number, connections: number): Promise<number> {
  const pool = new Pool(url, { connections, pipelining: 1 });
  let sent = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (sent < total) {
        sent++;
        const res = await pool.request({ method: 'GET', path, headers });
        await res.body.text();
        if (res.statusCode !== 200) throw new Error(`status ${res.statusCode}`);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  await pool.close();
  return total / seconds;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ), or undefined where there is no /proc. */
function ticksPerSecond(): number | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  return Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
}

/** The CPU a process has used so far (user + system), in clock ticks, from /proc/PID/stat. */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * `load` against one server, with the CPU the server process spent per request (µs), where /proc tells:
 * the rate depends on the client too (it shares this 2-core machine and parses every answer), the
 * server's own CPU per request does not.
 */
async function measured(server: { child: ChildProcess; url: string }, path: string, headers: Record<string, string>, total: number, hz: number | undefined): Promise<{ rate: number; cpuMicros?: number }> {
  const before = hz ? cpuTicks(server.child.pid!) : 0;
  const rate = await load(server.url, path, headers, total, 8);
  return { rate, cpuMicros: hz ? ((cpuTicks(server.child.pid!) - before) / hz / total) * 1e6 : undefined };
}

export async function benchThroughput(bin: string, total: number, rounds: number): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-'));
  const env = { ...process.env, DOCSCTL_DB: join(dir, 'serve.db'), DOCSCTL_CONFIG_DIR: dir, CI: '1' };
  const children: ChildProcess[] = [];
  try {
    runQuiet(bin, ['init', '--sample'], env);
    const token = JSON.parse(runQuiet(bin, ['tokens', 'create', '--json'], env)).token as string;
    const served = await startServe(bin, env);
    children.push(served.child);
    const headers = { authorization: `Bearer ${token}` };
    const orgs = (await (await request(`${served.url}/v1/orgs`, { headers })).body.json()) as { items: { id: string }[] };
    const members = (await (await request(`${served.url}/v1/orgs/${orgs.items[0].id}/members?limit=5`, { headers })).body.json()) as { items: { id: string }[] };
    const path = `/v1/orgs/${orgs.items[0].id}/members/${members.items[3].id}`;
    const body = await (await request(`${served.url}${path}`, { headers })).body.text();
    const bare = await startServer(['-e', BARE_SERVER], { ...process.env, BODY: body });
    children.push(bare.child);
    const floor = await startServer(['-e', SQLITE_FLOOR_SERVER], withSqliteModule(bin, env));
    children.push(floor.child);
    const floorBody = await (await request(`${floor.url}${path}`, { headers })).body.text();
    if (Object.keys(JSON.parse(floorBody)).join() !== Object.keys(JSON.parse(body)).filter((k) => k !== 'lastSeenAt').join()) throw new Error(`the floor server answers another shape: ${floorBody}`);

    // Warm both up, then measure in pairs, alternating which goes first, and take the median of the
    // per-pair ratios: drift of a shared machine hits both sides of a pair alike.
    // The first thousands of requests run cold (JIT); warm both well before measuring.
    for (let i = 0; i < 2; i++) {
      await load(served.url, path, headers, total, 8);
      await load(bare.url, path, headers, total, 8);
      await load(floor.url, path, headers, total, 8);
    }
    const hz = ticksPerSecond();
    const servedRates: number[] = [];
    const bareRates: number[] = [];
    const floorRates: number[] = [];
    const ratios: number[] = [];
    const floorRatios: number[] = [];
    const againstFloor: number[] = [];
    const servedCpu: number[] = [];
    const floorCpu: number[] = [];
    for (let round = 0; round < rounds; round++) {
      // Each pair alternates which goes first: served and floor, and the bare server before or after them.
      const first = round % 2 === 0;
      const b = first ? await load(bare.url, path, headers, total, 8) : 0;
      const s = first ? await measured(served, path, headers, total, hz) : undefined;
      const f = await measured(floor, path, headers, total, hz);
      const s2 = s ?? (await measured(served, path, headers, total, hz));
      const b2 = first ? b : await load(bare.url, path, headers, total, 8);
      bareRates.push(b2);
      floorRates.push(f.rate);
      floorRatios.push(f.rate / b2);
      servedRates.push(s2.rate);
      ratios.push(s2.rate / b2);
      againstFloor.push(s2.rate / f.rate);
      if (s2.cpuMicros !== undefined && f.cpuMicros !== undefined) {
        servedCpu.push(s2.cpuMicros);
        floorCpu.push(f.cpuMicros);
      }
    }
    const ratio = median(ratios);
    const floorRatio = median(againstFloor);
    return [
      { name: 'serve: bare node:http, same JSON (baseline)', value: `${median(bareRates).toFixed(0)} req/s` },
      {
        name: 'serve: GET member through docsctl serve',
        value: `${median(servedRates).toFixed(0)} req/s`,
        ratio,
        target: '>= 0.8x baseline',
        ok: ratio >= 0.8,
      },
      { name: 'serve: floor, node:http + better-sqlite3 doing the same reads', value: `${median(floorRates).toFixed(0)} req/s`, ratio: median(floorRatios) },
      { name: 'serve: docsctl serve against its floor (pairs)', value: `${floorRatio.toFixed(2)}x the floor's rate`, ratio: floorRatio, target: '>= 0.95x its floor', ok: floorRatio >= 0.95 },
      ...(servedCpu.length
        ? [{ name: "serve: the server's CPU per request, docsctl serve / its floor", value: `${median(servedCpu).toFixed(1)} against ${median(floorCpu).toFixed(1)} µs`, ratio: median(servedCpu.map((c, i) => c / floorCpu[i])) }]
        : []),
    ];
  } finally {
    for (const child of children) child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
