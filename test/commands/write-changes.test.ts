import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client';
import { localTransport } from '../../src/api/transports/local';
import { routes } from '../../src/api/routes/index';
import { createApp } from '../../src/server/app';
import { writeChanges } from '../../src/commands/shared/write-changes';
import type { Change } from '../../src/domain/content-change';
import { testEngine } from '../helpers/engine';

/** A change request to write to, through the API as a command would. */
async function setup() {
  const t = await testEngine();
  const api = new ApiClient(localTransport(createApp({ engine: t.engine }), { userId: t.adminId }));
  const space = await api.call(routes.createSpace, { params: { organizationId: t.orgId }, body: { title: 'Big' } });
  const cr = await api.call(routes.createChangeRequest, { params: { spaceId: space.id }, body: {} });
  return { api, params: { spaceId: space.id, changeRequestId: cr.id } };
}

const insert = (ref: string, into?: string): Change => ({ operation: 'insert_page', document: { markdown: `# ${ref}\n` }, title: ref, ref, ...(into ? { into } : {}) }) as Change;

describe('writing page changes in several batches', () => {
  it('names a parent inserted by an earlier batch by the id it got, keeping order and nesting', async () => {
    const { api, params } = await setup();
    const changes = [insert('guides'), insert('install', 'guides'), insert('upgrade', 'guides'), insert('deep', 'install'), insert('faq')];
    const batches: number[] = [];
    await writeChanges(api, params, changes, { perWrite: 2, done: (written) => batches.push(written) });
    expect(batches).toEqual([2, 4, 5]);
    const { pages } = await api.call(routes.listChangeRequestPages, { params });
    const shape = (list: { slug: string; pages?: unknown[] }[]): unknown[] => list.map((p) => (p.pages?.length ? { [p.slug]: shape(p.pages as never) } : p.slug));
    expect(shape(pages as never)).toEqual([{ guides: [{ install: ['deep'] }, 'upgrade'] }, 'faq']);
  });

  it('stops at the first refused batch, naming the change, with earlier batches kept in the change request', async () => {
    const { api, params } = await setup();
    const changes = [insert('a'), insert('b'), insert('c', 'nowhere')];
    await expect(writeChanges(api, params, changes, { perWrite: 2 })).rejects.toThrow(/changes\[0\]\.into/);
    const { pages } = await api.call(routes.listChangeRequestPages, { params });
    expect(pages.map((p) => p.slug)).toEqual(['a', 'b']);
  });
});
