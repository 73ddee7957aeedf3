import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { apiCaller, servedSandbox, startServe } from '../helpers/serve';
import { sandbox } from '../helpers/cli';
import { createRateLimiter } from '../../src/server/rate-limit';
import { encodeCursor, packKey } from '../../src/engine/pagination';

/** Forged cursors and deeply nested JSON through a real `serve`: 400s naming the field, never a 500 (issue 13, items 9 and 10). */
describe('hostile input through serve', () => {
  const { served, remote } = servedSandbox();

  const call = (method: string, path: string, body?: unknown) => apiCaller(served().url, served().token)(method, path, body);
  async function alive() {
    expect((await call('GET', '/v1/user')).status).toBe(200);
  }
  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('answers 400 for every forged search cursor', async () => {
    // Two spaces of three matching pages: the space search pages through pages, the organization's through spaces.
    const spaces: string[] = [];
    for (const title of ['Searchable', 'Also searchable']) {
      const space = JSON.parse((await remote(['spaces', 'create', '--title', title, '--json'])).stdout).id;
      const cr = (await call('POST', `/v1/spaces/${space}/change-requests`, {})).json().id;
      const pages = Array.from({ length: 3 }, (_, i) => ({ operation: 'insert_page', document: { markdown: `# Rate limits ${i}\n\nRate limits apply.` } }));
      expect((await call('POST', `/v1/spaces/${space}/change-requests/${cr}/content`, { changes: pages })).status).toBe(200);
      expect((await call('POST', `/v1/spaces/${space}/change-requests/${cr}/merge`, {})).status).toBe(200);
      spaces.push(space);
    }
    const space = spaces[0];
    const org = (await call('GET', '/v1/orgs')).json().items[0].id;

    for (const path of [`/v1/spaces/${space}/search?query=rate&limit=1`, `/v1/orgs/${org}/search?query=rate&limit=1`]) {
      const first = await call('GET', path);
      expect(first.status, first.text).toBe(200);
      const next = first.json().next?.page as string;
      expect(next, first.text).toBeTruthy();
      // A cursor is the listing's tag (4 bytes) and the key: forged ones keep the tag and change the key.
      const tag = Buffer.from(next, 'base64url').subarray(0, 4);
      const withKey = (key: (string | number | null)[]) => Buffer.concat([tag, packKey(key)]).toString('base64url');
      expect(next).toBe(withKey([1]));
      expect((await call('GET', `${path}&page=${next}`)).status).toBe(200);
      const forgeries = [[1.5], [-1], ['1'], [null], [1e300], [1, 2], []].map(withKey);
      forgeries.push(encodeCursor('another-list', [1]), cursor(['search', [1]]), 'x', Buffer.concat([tag, Buffer.from([9, 9, 9])]).toString('base64url'), Buffer.concat([tag, Buffer.from([4, 200])]).toString('base64url'));
      for (const forged of forgeries) {
        const answer = await call('GET', `${path}&page=${forged}`);
        expect(answer.status, JSON.stringify(forged)).toBe(400);
        expect(answer.json().error.message).toMatch(/^page: is not a valid page cursor/);
        await alive();
      }
    }
  });

  it('answers 400 naming the field for JSON nested deeper than 64 levels: an adaptive schema, computed page props, anything', async () => {
    // Written as text: JSON.stringify itself overflows the stack on such depths.
    const nest = (levels: number) => `${'{"properties": '.repeat(levels)}true${'}'.repeat(levels)}`;
    const org = (await call('GET', '/v1/orgs')).json().items[0].id;
    const site = await call('POST', `/v1/orgs/${org}/sites`, { title: 'Adaptive' });
    expect(site.status, site.text).toBe(201);
    const schemaPath = `/v1/orgs/${org}/sites/${site.json().id}/adaptive-schema`;
    const deep = await call('PUT', schemaPath, `{"jsonSchema": {"type": "object", "properties": ${nest(20_000)}}}`);
    expect(deep.status).toBe(400);
    expect(deep.json().error.message).toBe('jsonSchema.properties.properties.properties…: must not nest objects and arrays more than 64 levels deep');
    await alive();

    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Computed', '--json'])).stdout).id;
    const cr = (await call('POST', `/v1/spaces/${space}/change-requests`, {})).json().id;
    const computed = `{"type": "builtin:openapi", "dependencies": {"spec": {"ref": {"kind": "openapi", "spec": "pets"}}}, "props": ${nest(5_000)}}`;
    const page = await call('POST', `/v1/spaces/${space}/change-requests/${cr}/content`, `{"changes": [{"operation": "insert_page", "document": {"markdown": "# API"}, "computed": ${computed}}]}`);
    expect(page.status).toBe(400);
    expect(page.json().error.message).toMatch(/^changes\[0\]\.computed\.props…: must not nest/);
    await alive();

    // Arrays count too, and so does a body far deeper than any parser stack.
    const arrays = await call('PATCH', `/v1/orgs/${org}`, `{"title": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(arrays.status).toBe(400);
    expect(arrays.json().error.message).toMatch(/^(title\[0\]\[0\]\[0\]…: must not nest|body: is not valid JSON)/);
    await alive();

    // A schema of ordinary depth still goes in.
    const shallow = await call('PUT', schemaPath, { jsonSchema: { type: 'object', additionalProperties: false, properties: { a: { type: 'boolean', description: 'A beta tester' } } } });
    expect(shallow.status, shallow.text).toBe(200);
  });
});

describe('rate limits against junk tokens, through serve (issue 13, item 8)', () => {
  it('counts requests with unknown tokens against the client address, while a valid token keeps its own count', async () => {
    const box = sandbox();
    expect((await box.run(['init'])).code).toBe(0);
    const served = await startServe(box, { args: ['--rate-limit', '3'] });
    try {
      const get = async (token: string) => {
        const res = await request(`${served.url}/v1/user`, { headers: { authorization: `Bearer ${token}` } });
        await res.body.dump();
        return { status: res.statusCode, remaining: res.headers['x-ratelimit-remaining'] };
      };
      // A new junk token each time: before, each had a fresh bucket and was never limited.
      const junk = [];
      for (let i = 0; i < 5; i++) junk.push(await get(`dct_junk${i}${Math.random()}`));
      expect(junk.map((r) => r.status)).toEqual([401, 401, 401, 429, 429]);
      expect(await get(served.token)).toEqual({ status: 200, remaining: '2' });
    } finally {
      await served.stop();
    }
  });

  it('forgets the least recently used key when full, not every key at once', () => {
    let now = 0;
    const take = createRateLimiter({ limit: 2, windowSeconds: 60, maxKeys: 3 }, { now: () => new Date(now) });
    expect(take('busy').remaining).toBe(1);
    for (const key of ['a', 'b']) take(key);
    now += 1000; // last use is kept to the second
    expect(take('busy').remaining).toBe(0); // used last, so it is kept
    take('c'); // the fourth key: 'a', idle longest, goes
    expect(take('busy').allowed).toBe(false);
    expect(take('a').remaining).toBe(1); // counted afresh
    now += 60_000;
    expect(take('busy').remaining).toBe(1);
  });
});
