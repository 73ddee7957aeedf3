import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox, run, type RunResult } from '../helpers/cli';
import { stopServers } from '../../src/commands/serve';

/** The CI path through a real `docsctl serve`: push a folder, merge, pull it back, download a file. */
describe('content in remote mode through serve', () => {
  const box = sandbox();
  let serving: Promise<RunResult>;
  let url = '';
  let token = '';
  const remote = (argv: string[]) => run(['--url', url, '--token', token, ...argv], { cwd: box.dir, env: { DOCSCTL_CONFIG_DIR: box.env.DOCSCTL_CONFIG_DIR } });

  beforeAll(async () => {
    expect((await box.run(['init'])).code).toBe(0);
    let listening: (line: string) => void = () => undefined;
    const announced = new Promise<string>((resolve) => (listening = resolve));
    serving = run(['serve', '--port', '0', '--json'], { env: box.env, cwd: box.dir, onStdout: (chunk) => listening(chunk) });
    url = JSON.parse(await announced).url;
    token = JSON.parse((await box.run(['tokens', 'create', '--json'])).stdout).token;
  });

  afterAll(async () => {
    stopServers();
    expect((await serving).code).toBe(0);
  });

  it('pushes, merges, pulls back and downloads over HTTP', async () => {
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'API docs', '--json'])).stdout).id;
    const docs = join(box.dir, 'docs');
    mkdirSync(join(docs, 'img'), { recursive: true });
    writeFileSync(join(docs, 'README.md'), '# API\n\n![diagram](img/flow.png)\n');
    writeFileSync(join(docs, 'auth.md'), '# Authentication\n\nBearer tokens.\n');
    const png = Buffer.alloc(24);
    png.writeUInt32BE(0x89504e47, 0);
    png.write('IHDR', 12, 'ascii');
    png.writeUInt32BE(640, 16);
    png.writeUInt32BE(480, 20);
    writeFileSync(join(docs, 'img/flow.png'), png);

    const pushed = await remote(['content', 'push', 'docs', '--space', space, '--merge', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(JSON.parse(pushed.stdout)).toMatchObject({ inserted: 2, uploaded: 1, merged: true });
    expect((await remote(['content', 'push', 'docs', '--space', space])).stderr).toContain('Nothing to push');

    const files = JSON.parse((await remote(['content', 'files', '--space', space, '--json'])).stdout);
    expect(files.items[0]).toMatchObject({ name: 'img/flow.png', dimensions: { width: 640, height: 480 } });
    expect((await remote(['content', 'download', files.items[0].id, '--space', space, '-o', 'copy.png'])).code).toBe(0);
    expect(readFileSync(join(box.dir, 'copy.png')).equals(png)).toBe(true);

    expect((await remote(['content', 'pull', 'out', '--space', space])).code).toBe(0);
    expect(readFileSync(join(box.dir, 'out/auth.md'), 'utf8')).toBe('# Authentication\n\nBearer tokens.\n');
    expect((await remote(['content', 'push', 'out', '--space', space])).stderr).toContain('Nothing to push');

    const pdf = await remote(['cr', 'pdf', '1', '--space', space, '-o', 'docs.pdf']);
    expect(pdf.code, pdf.stderr).toBe(0);
    expect(readFileSync(join(box.dir, 'docs.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
