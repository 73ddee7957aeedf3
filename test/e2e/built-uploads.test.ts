import { afterAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { runBuilt } from '../helpers/built';

const MiB = 1024 * 1024;

/** Uploads and the largest file size through the built `bin/docsctl.cjs`, in local mode, with `docsctl api`. */
describe('uploads through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));
  const ok = async (argv: string[], env: Record<string, string> = {}) => {
    const result = await runBuilt(box, ['api', ...argv], { env });
    expect(result.code, `${argv.join(' ')}: ${result.stderr}`).toBe(0);
    return result.stdout;
  };

  it('takes DOCSCTL_MAX_FILE_SIZE, uploads a file of several chunks, and downloads it back', async () => {
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    expect(JSON.parse(await ok(['/v1/limits']))).toEqual({ object: 'limits', maxFileSize: 100 * MiB });
    expect(JSON.parse(await ok(['/v1/limits'], { DOCSCTL_MAX_FILE_SIZE: '5MiB' }))).toEqual({ object: 'limits', maxFileSize: 5 * MiB });
    const bad = await runBuilt(box, ['api', '/v1/limits'], { env: { DOCSCTL_MAX_FILE_SIZE: 'plenty' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('DOCSCTL_MAX_FILE_SIZE: must be a size from 1 byte to 1 GiB');

    const space = JSON.parse(await ok(['-X', 'POST', '/v1/orgs/{org}/spaces', '-f', 'title=Files'])).id as string;
    // Text, so that `api --input` (which reads text) sends it as it is: 3.5 MiB, four chunks.
    const text = 'docsctl streams files. '.repeat(Math.ceil((3.5 * MiB) / 23)).slice(0, 3.5 * MiB);
    const file = join(box.dir, 'notes.txt');
    writeFileSync(file, text);
    const tooBig = await runBuilt(box, ['api', '-X', 'POST', `/v1/spaces/${space}/uploads?name=notes.txt`, '--input', file], { env: { DOCSCTL_MAX_FILE_SIZE: '3MiB' } });
    expect(tooBig.code).toBe(1);
    expect(tooBig.stderr).toContain('body: notes.txt: the file must be at most 3 MiB (3145728 bytes)');
    const upload = JSON.parse(await ok(['-X', 'POST', `/v1/spaces/${space}/uploads?name=notes.txt`, '--input', file]));
    expect(upload).toMatchObject({ object: 'upload', id: createHash('sha256').update(text).digest('hex'), size: text.length });

    const cr = JSON.parse(await ok(['-X', 'POST', `/v1/spaces/${space}/change-requests`])).id as string;
    const batch = join(box.dir, 'batch.json');
    writeFileSync(batch, JSON.stringify({ changes: [{ operation: 'insert_files', files: [{ name: 'notes.txt', upload: upload.id }] }] }));
    const written = JSON.parse(await ok(['-X', 'POST', `/v1/spaces/${space}/change-requests/${cr}/content`, '--input', batch]));
    expect(written.insertedFiles[0]).toMatchObject({ name: 'notes.txt', contentType: 'text/plain', size: text.length });
    const downloaded = await ok([`/v1/spaces/${space}/files/${written.insertedFiles[0].id}/download`]);
    expect(downloaded.length).toBe(text.length);
    expect(downloaded === text).toBe(true);
  }, 60_000);
});
