import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openEngine } from '../../src/engine/index';
import { createApp } from '../../src/server/app';
import { ApiClient } from '../../src/api/client';
import { localTransport } from '../../src/api/transports/local';
import { routes } from '../../src/api/routes/index';

/** The engine on `database` (opened with `options`) and a client of it as its admin, for `use`; closed after. */
export async function withClient<T>(
  database: string,
  use: (api: ApiClient, query: <R>(sql: string) => Promise<R[]>) => Promise<T>,
  options: Parameters<typeof openEngine>[1] = {},
): Promise<T> {
  const engine = await openEngine(database, options);
  try {
    const { userId } = await engine.install();
    return await use(new ApiClient(localTransport(createApp({ engine }), { userId: userId! })), (sql) => engine.core.all(sql));
  } finally {
    await engine.close();
  }
}

/** A space of the first organization with two merged files: `big` uploaded, `small` sent as base64. Answers the space and the files' ids. */
export async function spaceWithFiles(api: ApiClient, big: Buffer, small: Buffer): Promise<{ spaceId: string; files: string[] }> {
  const organizationId = (await api.call(routes.listOrganizations)).items[0].id;
  const space = await api.call(routes.createSpace, { params: { organizationId }, body: { title: 'Files' } });
  const upload = await api.upload(routes.createSpaceUpload, { params: { spaceId: space.id } }, big);
  const cr = await api.call(routes.createChangeRequest, { params: { spaceId: space.id }, body: {} });
  const written = await api.call(routes.writeChangeRequestContent, {
    params: { spaceId: space.id, changeRequestId: cr.id },
    body: { changes: [{ operation: 'insert_files', files: [{ name: 'big.bin', upload: upload.id }, { name: 'small.txt', base64: small.toString('base64') }] }] },
  });
  await api.call(routes.mergeChangeRequest, { params: { spaceId: space.id, changeRequestId: cr.id } });
  return { spaceId: space.id, files: written.insertedFiles.map((f) => f.id) };
}

/**
 * The two files of `spaceWithFiles` as `api` serves them: the big one downloaded into a file of `dir`
 * (streamed), the small one whole; answers the big one's SHA-256 and the small one's text.
 */
export async function downloadedFiles(api: ApiClient, made: { spaceId: string; files: string[] }, dir: string): Promise<{ big: string; small: string }> {
  const target = join(dir, `download-${Math.random().toString(36).slice(2)}`);
  await api.download(routes.downloadSpaceFile, { params: { spaceId: made.spaceId, fileId: made.files[0] } }, target);
  const whole = await api.call(routes.downloadSpaceFile, { params: { spaceId: made.spaceId, fileId: made.files[1] } });
  return { big: createHash('sha256').update(readFileSync(target)).digest('hex'), small: (whole as unknown as Buffer).toString() };
}
