import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { servedSandbox } from '../helpers/serve';

/** The CI path through a real `docsctl serve`: push a folder, merge, pull it back, download a file. */
describe('content in remote mode through serve', () => {
  // Remote commands must not see the local database: only the URL and the token.
  const { box, remote } = servedSandbox();

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
