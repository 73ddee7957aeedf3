import { describe, expect, it } from 'vitest';
import { request } from 'undici';
import { apiCaller, servedSandbox } from '../helpers/serve';
import { testEngine } from '../helpers/engine';
import { testApp } from '../helpers/app';

/** downloadURL and PDF URLs as capability URLs (issue 13): usable without a token, bound, expiring. */
describe('capability URLs through serve', () => {
  const { box, served, remote } = servedSandbox();

  const get = async (url: string, token?: string) => {
    const res = await request(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.statusCode, bytes: Buffer.from(await res.body.arrayBuffer()) };
  };

  it('lets anyone holding a file or PDF URL download it without a token, refuses an altered one, and ends with rotate-secret', async () => {
    const { url, token } = served();
    const call = async (method: string, path: string, body?: unknown) => (await apiCaller(url, token)(method, path, body)).json();
    const space = JSON.parse((await remote(['spaces', 'create', '--title', 'Shared', '--json'])).stdout).id;
    const cr = (await call('POST', `/v1/spaces/${space}/change-requests`, {})).id;
    const files = [{ name: 'a.txt', base64: Buffer.from('file A').toString('base64') }, { name: 'b.txt', base64: Buffer.from('file B').toString('base64') }];
    await call('POST', `/v1/spaces/${space}/change-requests/${cr}/content`, { changes: [{ operation: 'insert_page', document: { markdown: '# Home\n\nHello.' } }, { operation: 'insert_files', files }] });
    await call('POST', `/v1/spaces/${space}/change-requests/${cr}/merge`, {});
    const listed = (await call('GET', `/v1/spaces/${space}/content/files`)).items as { name: string; downloadURL: string }[];
    const [a, b] = listed;
    expect(a.downloadURL).toMatch(new RegExp(`^${url}/v1/spaces/${space}/files/\\w+/download\\?user=\\w+&expires=\\d+&signature=`));

    // No token: the URL itself is the right to download.
    expect(await get(a.downloadURL)).toMatchObject({ status: 200, bytes: Buffer.from('file A') });
    const pdfUrl = (await call('GET', `/v1/spaces/${space}/pdf`)).url as string;
    const pdf = await get(pdfUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

    // Bound to its object and its user: another file's path, another user, another signature.
    const aUrl = new URL(a.downloadURL);
    const bPath = new URL(b.downloadURL).pathname;
    expect((await get(`${url}${bPath}${aUrl.search}`)).status).toBe(403);
    const otherUser = new URL(a.downloadURL);
    otherUser.searchParams.set('user', 'someoneelse123456789');
    expect((await get(otherUser.href)).status).toBe(403);
    const later = new URL(a.downloadURL);
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 3600));
    expect((await get(later.href)).status).toBe(403);
    expect((await get(`${url}${aUrl.pathname}`)).status).toBe(401); // no signature, no token

    // rotate-secret ends every URL handed out.
    expect((await box.run(['db', 'rotate-secret', '--yes'])).code).toBe(0);
    const rotated = await request(a.downloadURL);
    expect(rotated.statusCode).toBe(403);
    expect(((await rotated.body.json()) as { error: { message: string } }).error.message).toMatch(/not valid .*rotated/);
    expect((await get(pdfUrl)).status).toBe(403);
  });
});

describe('capability URLs expire', () => {
  it('are refused after the end of the hour after the one they were made in (1 to 2 hours)', async () => {
    const t = await testEngine({ start: '2026-03-01T10:30:00.000Z' });
    const api = testApp(t.engine);
    const space = (await api.request('POST', `/v1/orgs/${t.orgId}/spaces`, { as: t.adminId, body: { title: 'S' } })).body.id as string;
    const cr = (await api.request('POST', `/v1/spaces/${space}/change-requests`, { as: t.adminId, body: {} })).body.id as string;
    const write = await api.request('POST', `/v1/spaces/${space}/change-requests/${cr}/content`, { as: t.adminId, body: { changes: [{ operation: 'insert_files', files: [{ name: 'x.txt', base64: 'eA==' }] }] } });
    expect(write.status).toBe(200);
    const link = new URL(write.body.insertedFiles[0].downloadURL as string);
    expect(link.searchParams.get('expires')).toBe(String(Date.parse('2026-03-01T12:00:00.000Z') / 1000));
    const fetchIt = async () => await api.request('GET', `${link.pathname}${link.search}`, { as: null });
    expect((await fetchIt()).status).toBe(200);
    t.clock.advance(89 * 60_000); // 11:59
    expect((await fetchIt()).status).toBe(200);
    t.clock.advance(60_000); // 12:00
    const expired = await fetchIt();
    expect(expired.status).toBe(403);
    expect(expired.body.error.message).toMatch(/^this link has expired/);
  });
});
