import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { hasTerminal, runBuilt } from '../helpers/built';

/** Long pushes and pulls show a progress line (files and bytes) to a person at a terminal, and nothing to CI or a pipe. */
describe('content push and pull progress', async () => {
  const terminal = await hasTerminal();

  it.skipIf(!terminal)('counts files and bytes on a terminal, and writes nothing of it under CI or to a pipe', async () => {
    const box = sandbox();
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    const space = JSON.parse((await runBuilt(box, ['spaces', 'create', '--title', 'Progress', '--json'])).stdout).id as string;
    mkdirSync(join(box.dir, 'docs/.gitbook/assets'), { recursive: true });
    writeFileSync(join(box.dir, 'docs/README.md'), '# Images\n');
    for (let i = 0; i < 3; i++) writeFileSync(join(box.dir, `docs/.gitbook/assets/shot-${i}.png`), Buffer.alloc(300_000, i));

    const pushed = await runBuilt(box, ['content', 'push', 'docs', '--space', space, '--merge'], { tty: true });
    expect(pushed.code, pushed.stdout).toBe(0);
    expect(pushed.stdout).toMatch(/Uploading: \d\/3 objects, [\d.]+ (KiB|B)/);
    const pulled = await runBuilt(box, ['content', 'pull', 'out', '--space', space], { tty: true });
    expect(pulled.code, pulled.stdout).toBe(0);
    expect(pulled.stdout).toMatch(/Downloading: \d\/3 objects/);

    const ci = await runBuilt(box, ['content', 'pull', 'ci', '--space', space], { tty: true, env: { CI: '1' } });
    expect(ci.code, ci.stdout).toBe(0);
    expect(ci.stdout).not.toContain('Downloading');
    const piped = await runBuilt(box, ['content', 'pull', 'piped', '--space', space]);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).toBe('Wrote 5 file(s) to piped.\n');
  });
});
