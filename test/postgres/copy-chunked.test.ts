import { afterAll, describe, expect, it } from 'vitest';
import { createHash, randomFillSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuilt } from '../helpers/built';
import { freshDatabase } from './database';
import { downloadedFiles, spaceWithFiles, withClient } from './files';

const MiB = 1024 * 1024;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** `db copy` of files kept in chunks (migration 12), SQLite to PostgreSQL and back, through the built entry. */
describe('db copy of chunked files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-copy-chunks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const box = { dir, env: { DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir } };

  it('copies every chunk and upload, and the files download the same on each side', async () => {
    // More chunks than a copy reads at a time (16), so it reads them page after page.
    const big = Buffer.alloc(18 * MiB + 123);
    randomFillSync(big);
    const small = Buffer.from('a small file, kept inline');
    const original = join(dir, 'original.db');
    const made = await withClient(original, async (api) => await spaceWithFiles(api, big, small));
    /** The two files' bytes as `database` serves them, and what its tables hold of them. */
    const read = async (database: string) => await withClient(database, async (api, query) => {
      return {
        ...await downloadedFiles(api, made, dir),
        chunks: await query<{ blob_id: string; seq: number }>('SELECT blob_id, seq FROM blob_chunks ORDER BY blob_id, seq'),
        uploads: (await query<{ blob_id: string }>('SELECT blob_id FROM space_uploads')).map((u) => u.blob_id),
      };
    });
    const before = await read(original);
    expect(before.big).toBe(sha(big));
    expect(before.small).toBe(small.toString());
    expect(before.chunks).toHaveLength(19);
    expect(before.uploads).toEqual([sha(big)]);

    const url = await freshDatabase('copychunks');
    const copied = await runBuilt(box, ['db', 'copy', '--from', original, '--to', url, '--json']);
    expect(copied.code, copied.stderr).toBe(0);
    const tables = JSON.parse(copied.stdout).tables as { name: string; rows: number }[];
    expect(tables.find((t) => t.name === 'blob_chunks')?.rows).toBe(19);
    expect(tables.find((t) => t.name === 'space_uploads')?.rows).toBe(1);
    expect(await read(url)).toEqual(before);

    const back = join(dir, 'back.db');
    const returned = await runBuilt(box, ['db', 'copy', '--from', url, '--to', back]);
    expect(returned.code, returned.stderr).toBe(0);
    expect(await read(back)).toEqual(before);
  }, 120_000);
});
