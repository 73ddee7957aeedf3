// `content push --merge` of a Git Sync repository to a remote `serve` through a link of 10 ms round
// trips (a TCP proxy adding 5 ms each way), as CI pushes to an instance in a nearby data centre: 300
// pages showing an image each, with the uploads four in flight (the default) against the same push
// with them one by one (`--parallel 1`) over the same link, in the same run.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, type BenchRow } from './report';
import { runQuiet, startServe, startServer } from './spawn';
import { repository, timedPush } from './git-sync';

const LINK_DELAY_MS = 5;

/** A TCP proxy to PORT that holds every chunk LINK_DELAY_MS each way; prints its { url }. */
const DELAYING_PROXY = `
const net = require('node:net');
const delay = Number(process.env.DELAY_MS);
const pipe = (from, to) => from
  .on('data', (chunk) => setTimeout(() => to.write(chunk), delay))
  .on('end', () => setTimeout(() => to.end(), delay))
  .on('error', () => to.destroy());
const server = net.createServer((client) => {
  const upstream = net.connect(Number(process.env.PORT), '127.0.0.1');
  pipe(client, upstream);
  pipe(upstream, client);
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + server.address().port })));
`;

export async function benchGitSyncRemotePush(bin: string, pages = 300, runs = 3): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-bench-gitsync-remote-'));
  const { NODE_EXTRA_CA_CERTS: _, ...clean } = process.env;
  const local = { ...clean, DOCSCTL_DB: join(dir, 'bench.db'), DOCSCTL_CONFIG_DIR: dir, CI: '1' };
  const children: ChildProcess[] = [];
  try {
    const withImages = join(dir, 'with-images');
    repository(withImages, pages, true);
    runQuiet(bin, ['init'], local);
    const token = JSON.parse(runQuiet(bin, ['tokens', 'create', '--json'], local)).token as string;
    const serve = await startServe(bin, local);
    children.push(serve.child);
    const proxy = await startServer(['-e', DELAYING_PROXY], { ...clean, PORT: new URL(serve.url).port, DELAY_MS: String(LINK_DELAY_MS) });
    children.push(proxy.child);
    const remote = ['--url', proxy.url, '--token', token];
    const time = (pushFlags: string[] = []) => timedPush(bin, { ...clean, DOCSCTL_CONFIG_DIR: dir, CI: '1' }, withImages, pages, remote, pushFlags);
    const oneByOne: number[] = [];
    const overlapped: number[] = [];
    let uploaded = 0;
    for (let i = 0; i < runs; i++) {
      oneByOne.push(time(['--parallel', '1']).ms);
      const run = time();
      overlapped.push(run.ms);
      uploaded = run.summary.uploaded;
    }
    const ratio = median(overlapped) / median(oneByOne);
    const name = `git sync push+merge, remote over 10 ms round trips: ${pages} pages, ${uploaded} images`;
    return [
      { name: `${name}, one upload at a time (baseline)`, value: `${median(oneByOne).toFixed(0)} ms` },
      { name: `${name}, four in flight`, value: `${median(overlapped).toFixed(0)} ms`, ratio, target: '≤ 0.5x', ok: ratio <= 0.5 },
    ];
  } finally {
    for (const child of children) child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}
