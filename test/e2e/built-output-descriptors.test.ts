import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleSandbox } from '../commands/support';
import { BIN, builtEnv, runBuilt } from '../helpers/built';

/**
 * The built CLI writes a stdout and stderr that are no terminal with write(2) on the descriptor
 * (src/output/process-writer.ts) rather than through Node's stream: the same bytes to a pipe, a file
 * and /dev/null, and a reader that leaves early (`docsctl … | head`) ends it quietly with exit 0.
 */
describe.skipIf(process.platform === 'win32')('the built CLI on pipes, files and /dev/null', () => {
  /** Runs the built CLI with `stdout` as its descriptor 1 (stderr piped): its exit code and stderr. */
  const runTo = async (box: { dir: string; env: Record<string, string> }, argv: string[], stdout: number | 'ignore') => {
    const child = spawn(process.execPath, [BIN, ...argv], { cwd: box.dir, env: builtEnv(box), stdio: ['ignore', stdout, 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    return { code, stderr };
  };

  it('writes the same output to a pipe and to a file, and runs with stdout on /dev/null', async () => {
    const box = await sampleSandbox();
    const piped = await runBuilt(box, ['members', 'list', '--format', 'csv']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.split('\n').length).toBeGreaterThan(30);
    const file = join(box.dir, 'members.csv');
    const fd = openSync(file, 'w');
    try {
      const written = await runTo(box, ['members', 'list', '--format', 'csv'], fd);
      expect(written, written.stderr).toEqual({ code: 0, stderr: '' });
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, 'utf8')).toBe(piped.stdout);
    expect(await runTo(box, ['members', 'list'], 'ignore')).toEqual({ code: 0, stderr: '' });
    // stderr on a file too: an error still says what is wrong, and its exit code.
    const errors = join(box.dir, 'errors.txt');
    const errorFd = openSync(errors, 'w');
    try {
      const child = spawn(process.execPath, [BIN, 'members', 'get', 'nobody@nowhere.example'], { cwd: box.dir, env: builtEnv(box), stdio: ['ignore', 'ignore', errorFd] });
      expect(await new Promise((resolve) => child.on('close', resolve))).toBe(5);
    } finally {
      closeSync(errorFd);
    }
    expect(readFileSync(errors, 'utf8')).toMatch(/^error: .*nobody@nowhere\.example/);
  });

  it('stops quietly with exit 0 when the reader of its output has gone', async () => {
    const box = await sampleSandbox();
    const child = spawn(process.execPath, [BIN, 'members', 'list', '--json'], { cwd: box.dir, env: builtEnv(box), stdio: ['ignore', 'pipe', 'pipe'] });
    // The reader leaves before anything is written: the first write meets EPIPE.
    child.stdout!.destroy();
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  });
});
