import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { request } from 'undici';
import { sampleSandbox } from '../commands/support';
import { BIN, builtEnv, runBuilt } from '../helpers/built';

// Slow on purpose: a load test. Thousands of requests through a built `serve` while its stdout's pipe
// is full (about 10 s alone; past 20 s on a busy machine).

/**
 * A piped stdout is written with write(2) by short commands (src/output/process-writer.ts), which
 * blocks while the reader does not read. `serve` writes its access log through Node's stream instead,
 * which queues: a log reader that stalls (a full pipe to a log shipper) never stalls the requests.
 */
describe.skipIf(process.platform === 'win32')('serve with a stalled access-log reader', () => {
  it('answers thousands of requests while nobody reads its stdout', async () => {
    const box = await sampleSandbox();
    const minted = await runBuilt(box, ['tokens', 'create', '--name', 'log', '--json']);
    expect(minted.code, minted.stderr).toBe(0);
    const token = JSON.parse(minted.stdout).token as string;
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', '--log-format', 'json', '--rate-limit', '1000000', '--shutdown-grace', '0'], {
      cwd: box.dir, env: builtEnv(box), stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let seen = '';
        child.stdout!.on('data', (chunk: Buffer) => {
          seen += chunk.toString('utf8');
          const found = /"url":\s*"(http[^"]+)"/.exec(seen)?.[1];
          if (found) resolve(found);
        });
        exited.then((code) => reject(new Error(`serve exited ${code}`)));
      });
      // From here on nobody reads the access log: the pipe fills after a few hundred lines.
      child.stdout!.pause();
      let answered = 0;
      let next = 0;
      const total = 3000;
      const lane = async () => {
        while (next < total) {
          next++;
          const res = await request(`${url}/v1/orgs`, { headers: { authorization: `Bearer ${token}` }, headersTimeout: 10_000, bodyTimeout: 10_000 });
          await res.body.dump();
          if (res.statusCode === 200) answered++;
        }
      };
      await Promise.all(Array.from({ length: 16 }, lane));
      expect(answered).toBe(total);
    } finally {
      child.stdout!.resume();
      child.kill('SIGTERM');
      await exited;
    }
  }, 90_000);

  it('stops quietly, as before, when the reader of its access log has gone (EPIPE), without a stack trace', async () => {
    const box = await sampleSandbox();
    const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--json', '--log-format', 'json', '--shutdown-grace', '0'], {
      cwd: box.dir, env: builtEnv(box), stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const url = await new Promise<string>((resolve, reject) => {
      let seen = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        const found = /"url":\s*"(http[^"]+)"/.exec(seen)?.[1];
        if (found) resolve(found);
      });
      exited.then((code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
    });
    child.stdout!.destroy();
    // The access-log line of each request meets EPIPE; the first one ends the process.
    for (let i = 0; i < 5 && child.exitCode === null; i++) await request(`${url}/healthz`).then((res) => res.body.dump(), () => undefined);
    expect({ code: await exited, stderr }).toEqual({ code: 0, stderr: '' });
  }, 30_000);
});
