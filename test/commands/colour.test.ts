import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/main';
import { sampleSandbox, type Sandbox } from './support';

/** main(argv) with both streams terminals (the run helper keeps stderr a pipe). */
async function onTerminal(s: Sandbox, argv: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    stdout: { isTTY: true, columns: 120, write: (t: string) => out.push(t) },
    stderr: { isTTY: true, write: (t: string) => err.push(t) },
    stdin: Object.assign(Readable.from([]), { isTTY: true }),
    env: { ...s.env, ...env },
    cwd: s.dir,
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

describe('colour with meaning, sparingly', () => {
  let s: Sandbox;
  beforeAll(async () => {
    s = await sampleSandbox();
  });

  it('colours roles on a terminal, and errors in red', async () => {
    const listed = await onTerminal(s, ['members', 'list', '--role', 'admin']);
    expect(listed.stdout).toContain('\u001b[33madmin\u001b[39m');
    const failed = await onTerminal(s, ['spaces', 'get', 'nope']);
    expect(failed.code).toBe(5);
    expect(failed.stderr).toMatch(/^\u001b\[31merror:\u001b\[39m space nope not found/);
  });

  it('never under NO_COLOR or CI, and never when piped', async () => {
    for (const env of [{ NO_COLOR: '1' }, { CI: 'true' }] as Record<string, string>[]) {
      const listed = await onTerminal(s, ['members', 'list', '--role', 'admin'], env);
      expect(listed.stdout).not.toContain('\u001b[');
      const failed = await onTerminal(s, ['spaces', 'get', 'nope'], env);
      expect(failed.stderr).toMatch(/^error: space nope not found/);
    }
    const piped = await s.run(['members', 'list', '--role', 'admin']);
    expect(piped.stdout).not.toContain('\u001b[');
    expect((await s.run(['spaces', 'get', 'nope'])).stderr).toMatch(/^error: /);
  });
});
