import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, writeFileSync, readFileSync } from 'node:fs';
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

  it('round-trips a Git Sync folder over HTTP: the pull gives back the same files, the pages keep their files', async () => {
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Handbook', '--json'])).stdout).id;
    const fixture = join(__dirname, '../fixtures/gitsync/handbook');
    cpSync(fixture, join(box.dir, 'handbook'), { recursive: true });
    const pushed = await remote(['content', 'push', 'handbook', '--space', space, '--merge', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(JSON.parse(pushed.stdout)).toMatchObject({ inserted: 14, uploaded: 5, merged: true });
    const pages = JSON.parse((await remote(['content', 'tree', '--space', space, '--json'])).stdout).pages;
    expect(pages.find((p: { path: string }) => p.path === 'getting-started').pages[1]).toMatchObject({ path: 'getting-started/quick-start', git: { path: 'tutorials/quick-start.md' } });
    expect((await remote(['content', 'pull', 'handbook-out', '--space', space])).code).toBe(0);
    for (const file of ['SUMMARY.md', 'README.md', 'getting-started/installation.md', 'reference/api/README.md', '.gitbook/assets/image (1).png']) {
      expect(readFileSync(join(box.dir, 'handbook-out', file)).equals(readFileSync(join(fixture, file))), file).toBe(true);
    }
    const again = await remote(['content', 'push', 'handbook-out', '--space', space]);
    expect(again.stderr).toContain('Nothing to push');
  });
});
