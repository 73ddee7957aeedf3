import { describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { sampleSandbox } from '../commands/support';
import { BIN, builtEnv, runBuilt } from '../helpers/built';

/**
 * A command's process ends without Node's teardown once nothing is left to run (src/exit-when-idle.ts,
 * issue 35): nothing under way may be cut short, and the exit code, the `exit` handlers and the
 * database come out as a natural exit leaves them.
 */
const helper = transformSync(readFileSync(fileURLToPath(new URL('../../src/exit-when-idle.ts', import.meta.url)), 'utf8'), { loader: 'ts', format: 'cjs' }).code;

/** Runs `body` in a Node process with `exitWhenIdle` (src/, compiled above) required beside it: its exit code and output. */
function runWithHelper(body: string): { code: number | null; stdout: string } {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-exit-'));
  writeFileSync(join(dir, 'exit-when-idle.cjs'), helper);
  const script = join(dir, 'run.cjs');
  writeFileSync(script, `const { exitWhenIdle } = require('./exit-when-idle.cjs');\n${body}`);
  const result = spawnSync(process.execPath, [script], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' }, timeout: 10_000 });
  return { code: result.status, stdout: result.stdout };
}

describe('exitWhenIdle', () => {
  it('waits for what is still under way (a timer, a socket closing) and keeps the exit code and the exit handlers', () => {
    const { code, stdout } = runWithHelper(`
      process.on('exit', (c) => process.stdout.write('exit handler ran with ' + c + '\\n'));
      process.exitCode = 3;
      exitWhenIdle();
      setTimeout(() => process.stdout.write('timer ran\\n'), 150);
      const server = require('node:net').createServer((socket) => socket.end('hello'));
      server.listen(0, '127.0.0.1', () => {
        const client = require('node:net').connect(server.address().port, '127.0.0.1');
        client.on('data', (chunk) => process.stdout.write('read ' + chunk + '\\n'));
        client.on('close', () => { process.stdout.write('socket closed\\n'); server.close(); });
      });
    `);
    expect(code).toBe(3);
    expect(stdout.split('\n').filter(Boolean).sort()).toEqual(['exit handler ran with 3', 'read hello', 'socket closed', 'timer ran']);
  });

  it('exits with 0 when no exit code was set, once the loop is empty', () => {
    const { code, stdout } = runWithHelper(`exitWhenIdle(); setImmediate(() => process.stdout.write('last\\n'));`);
    expect({ code, stdout }).toEqual({ code: 0, stdout: 'last\n' });
  });
});

describe.skipIf(process.platform === 'win32')('the built CLI ends without Node teardown', () => {
  it('gives a reader that drains slowly every byte of a long output', async () => {
    const box = await sampleSandbox();
    const fast = await runBuilt(box, ['completion', 'zsh']);
    expect(fast.code, fast.stderr).toBe(0);
    // Longer than a pipe holds (64 KiB): the CLI's writes wait for a reader that starts 300 ms late.
    expect(fast.stdout.length).toBeGreaterThan(65_536);
    const child = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" completion zsh | (sleep 0.3; cat)`], { cwd: box.dir, env: builtEnv(box), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stdout).toBe(fast.stdout);
  });

  it('keeps exit codes, writes its code cache at exit and leaves the database closed', async () => {
    const box = await sampleSandbox();
    const cache = mkdtempSync(join(tmpdir(), 'docsctl-exit-cache-'));
    const first = await runBuilt(box, ['teams', 'create', 'Night shift'], { env: { XDG_CACHE_HOME: cache, NODE_DEBUG: 'docsctl' } });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/code cache written: .*code-[0-9a-f]{16}-teams-/);
    expect(readdirSync(join(cache, 'docsctl')).some((name) => /-teams-/.test(name))).toBe(true);
    // The write is in the database file itself, its write-ahead log checkpointed and gone.
    const db = box.env.DOCSCTL_DB!;
    expect(existsSync(`${db}-wal`)).toBe(false);
    expect((await runBuilt(box, ['teams', 'list', '--format', 'csv'])).stdout).toContain('Night shift');
    const missing = await runBuilt(box, ['members', 'get', 'nobody@nowhere.example']);
    expect(missing.code).toBe(5);
    expect(missing.stderr).toMatch(/nobody@nowhere\.example/);
  });
});
