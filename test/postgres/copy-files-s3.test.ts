import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomFillSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBuilt } from '../helpers/built';
import { freshDatabase } from './database';
import { downloadedFiles, spaceWithFiles, withClient } from './files';
import type { S3Settings } from '../../src/engine/content/s3-file-store';

const MiB = 1024 * 1024;
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type S3Server = { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; stop: () => Promise<void> };

/**
 * `db copy --files` with PostgreSQL on either side (the files moved inside the target's transaction,
 * the row copy a savepoint of it), through the built entry, against an S3-protocol server of its own.
 */
describe('db copy --files with PostgreSQL and S3', () => {
  const dir = mkdtempSync(join(tmpdir(), 'docsctl-copy-s3-'));
  let s3: S3Server;
  beforeAll(async () => {
    const { startS3Server } = (await import('../../scripts/s3-server.js' as string)) as { startS3Server: () => Promise<S3Server> };
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The engine on `database`, its store reached with the test server's keys, and its admin's client. */
  const withS3 = <T>(database: string, use: Parameters<typeof withClient<T>>[1]) => {
    const s3Settings: S3Settings = { endpoint: s3.endpoint, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } };
    return withClient(database, use, { s3: s3Settings });
  };

  it('moves chunked and inline files from SQLite rows to S3 under PostgreSQL, and back into rows', async () => {
    const box = { dir, env: { DOCSCTL_CONFIG_DIR: join(dir, 'config'), HOME: dir, DOCSCTL_FILES_ENDPOINT: s3.endpoint, AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey, AWS_EC2_METADATA_DISABLED: 'true' } };
    const big = Buffer.alloc(5 * MiB + 123);
    randomFillSync(big);
    const small = Buffer.from('a small file, kept inline');
    const original = join(dir, 'original.db');
    const made = await withS3(original, async (api) => await spaceWithFiles(api, big, small));
    const read = async (database: string) => await withS3(database, async (api, query) => {
      return {
        ...await downloadedFiles(api, made, dir),
        chunks: (await query<{ chunks: number }>('SELECT chunks FROM blobs ORDER BY size')).map((b) => Number(b.chunks)),
        rows: (await query<{ n: number }>('SELECT COUNT(*) AS n FROM blob_chunks'))[0].n,
        files: (await query<{ value: string }>("SELECT value FROM meta WHERE key = 'files'"))[0]?.value,
      };
    });
    expect(await read(original)).toEqual({ big: sha(big), small: small.toString(), chunks: [0, 6], rows: 6, files: undefined });

    const location = `s3://${s3.bucket}/copied`;
    const url = await freshDatabase('copyfiles');
    const copied = await runBuilt(box, ['db', 'copy', '--from', original, '--to', url, '--files', location, '--json']);
    expect(copied.code, copied.stderr).toBe(0);
    expect(JSON.parse(copied.stdout).files).toEqual({ to: location, moved: 2, bytes: big.length + small.length });
    expect(await read(url)).toEqual({ big: sha(big), small: small.toString(), chunks: [-1, -1], rows: 0, files: location });

    const back = join(dir, 'back.db');
    const returned = await runBuilt(box, ['db', 'copy', '--from', url, '--to', back, '--files', 'database']);
    expect(returned.code, returned.stderr).toBe(0);
    expect(await read(back)).toEqual({ big: sha(big), small: small.toString(), chunks: [0, 6], rows: 6, files: undefined });
  }, 120_000);
});
