import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';
import { runBuilt, startBuiltServer } from '../helpers/built';

/** A folder of markdown with one image of `size` random bytes (over a chunk: read back a piece at a time). */
function docs(root: string, size: number) {
  const image = randomBytes(size);
  mkdirSync(join(root, 'images'), { recursive: true });
  writeFileSync(join(root, 'README.md'), '# Welcome\n\n![diagram](images/diagram.png)\n');
  writeFileSync(join(root, 'images/diagram.png'), Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), image]));
  return readFileSync(join(root, 'images/diagram.png'));
}

const objectPath = (store: string, bytes: Buffer) => {
  const id = createHash('sha256').update(bytes).digest('hex');
  return join(store, id.slice(0, 2), id);
};

describe('files outside the database (--files dir:PATH, issue 33 item 4)', () => {
  it('keeps new files in the folder, content-addressed; the database remembers it; another folder is refused', async () => {
    const box = sandbox();
    expect((await box.run(['--files', 'dir:files', 'init'])).code).toBe(0);
    const space = JSON.parse((await box.run(['spaces', 'create', '--title', 'Docs', '--json'])).stdout).id as string;
    const image = docs(join(box.dir, 'docs'), 3 * 1024 * 1024 + 17);
    // No --files: the database says where its files go.
    const pushed = await box.run(['content', 'push', 'docs', '--space', space, '--merge', '--json']);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(JSON.parse(pushed.stdout)).toMatchObject({ uploaded: 1, merged: true });
    const stored = objectPath(join(box.dir, 'files'), image);
    expect(readFileSync(stored).equals(image)).toBe(true);
    const pulled = await box.run(['content', 'pull', 'out', '--space', space, '--json']);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(readFileSync(join(box.dir, 'out/images/diagram.png')).equals(image)).toBe(true);
    const other = await box.run(['--files', 'dir:elsewhere', 'spaces', 'list']);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`--files dir:${join(box.dir, 'elsewhere')}: this database keeps its files in dir:${join(box.dir, 'files')}; give that one, or none (the database remembers it)`);
    const backup = await box.run(['db', 'backup', 'backup.db', '--json']);
    expect(backup.code, backup.stderr).toBe(0);
    expect(JSON.parse(backup.stdout)).toMatchObject({ filesNotIncluded: `dir:${join(box.dir, 'files')}` });
    const said = await box.run(['db', 'backup', 'backup2.db'], { tty: true });
    expect(said.stderr).toContain(`Not in it: the files this database keeps in dir:${join(box.dir, 'files')}`);
    const s3 = await box.run(['--files', 's3://bucket/docs', 'spaces', 'list']);
    expect(s3.code).toBe(2);
    expect(s3.stderr).toContain(`--files s3://bucket/docs: this database keeps its files in dir:${join(box.dir, 'files')}`);
  });

  it('through a built serve: uploads land in the folder, downloads stream from it, in remote mode', async () => {
    const box = sandbox();
    expect((await runBuilt(box, ['--files', 'dir:files', 'init'])).code).toBe(0);
    const server = await startBuiltServer(box);
    try {
      const remote = (argv: string[]) => runBuilt(box, ['--url', server.url, '--token', server.token, ...argv]);
      const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Docs', '--json'])).stdout).id as string;
      const image = docs(join(box.dir, 'docs'), 2 * 1024 * 1024);
      const pushed = await remote(['content', 'push', 'docs', '--space', space, '--merge']);
      expect(pushed.code, pushed.stderr).toBe(0);
      expect(existsSync(objectPath(join(box.dir, 'files'), image))).toBe(true);
      const pulled = await remote(['content', 'pull', 'out', '--space', space]);
      expect(pulled.code, pulled.stderr).toBe(0);
      expect(readFileSync(join(box.dir, 'out/images/diagram.png')).equals(image)).toBe(true);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
