import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { servedSandbox } from '../helpers/serve';
import { runBuilt } from '../helpers/built';

/**
 * Real documentation keeps screenshots and recordings of many megabytes (issue 29): a folder with a
 * 60 MB file pushes and pulls back identical through the built CLI, on the local engine and through
 * a real serve (the bytes streamed both ways; docs/performance.md has the memory this takes).
 */
describe('a 60 MB file in a Git Sync folder', () => {
  const { box, served } = servedSandbox();
  const video = randomBytes(60 * 1024 * 1024);

  const roundTrip = async (name: string, remote: string[]) => {
    const cli = (argv: string[]) => runBuilt(box, [...remote, ...argv]);
    const space = JSON.parse((await cli(['spaces', 'create', '--title', name, '--json'])).stdout).id as string;
    const docs = join(box.dir, name);
    mkdirSync(join(docs, '.gitbook/assets/recordings'), { recursive: true });
    writeFileSync(join(docs, 'README.md'), '# Demo\n\n[The recording](.gitbook/assets/recordings/demo.webm)\n');
    writeFileSync(join(docs, '.gitbook/assets/recordings/demo.webm'), video);
    const pushed = await cli(['content', 'push', name, '--space', space, '--merge', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(JSON.parse(pushed.stdout)).toMatchObject({ inserted: 1, uploaded: 1, merged: true });
    const pulled = await cli(['content', 'pull', `${name}-pulled`, '--space', space]);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(readFileSync(join(box.dir, `${name}-pulled/.gitbook/assets/recordings/demo.webm`)).equals(video)).toBe(true);
    expect(readFileSync(join(box.dir, `${name}-pulled/README.md`), 'utf8')).toBe('# Demo\n\n[The recording](.gitbook/assets/recordings/demo.webm)\n');
    const again = await cli(['content', 'push', `${name}-pulled`, '--space', space]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('Nothing to push');
  };

  it('on the local engine', async () => {
    await roundTrip('local', []);
  }, 120_000);

  it('through serve', async () => {
    await roundTrip('remote', ['--url', served().url, '--token', served().token]);
  }, 120_000);
});
