import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { testEngine } from '../helpers/engine';
import { testApp, expectOk, expectError } from '../helpers/app';

async function setup() {
  const t = await testEngine();
  const api = testApp(t.engine);
  const as = { userId: t.adminId };
  const space = await t.engine.spaces.create(as, t.orgId, { title: 'Handbook' });
  const cr = await t.engine.changeRequests.create(as, space.id, {});
  const written = await t.engine.changeRequests.write(as, space.id, cr.id, [
    { operation: 'insert_page', document: { markdown: '# Welcome\n\nHello **there**.\n\n- one\n- two\n\n```js\nconsole.log(1)\n```\n' } },
    { operation: 'insert_page', document: { markdown: `# Long\n\n${'Lorem ipsum dolor sit amet. '.repeat(400)}` } },
  ]);
  const download = async (url: string) => {
    const target = new URL(url);
    const res = await api.app.handleAsync({ method: 'GET', url: target.pathname + target.search, headers: { authorization: `Bearer ${await api.tokenFor(t.adminId)}` } });
    return res;
  };
  return { t, api, space, cr, pages: written.changes.map((c) => c.page!), download };
}

describe('PDF of content', () => {
  it('answers a URL that serves a real PDF of every page of the change request', async () => {
    const { t, api, space, cr, download } = await setup();
    const res = await api.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.number}/pdf`, { as: t.adminId });
    expectOk(res, 'getChangeRequestPdf');
    expect(res.body.url).toMatch(new RegExp(`^http://docs.test/v1/spaces/${space.id}/pdf/download\\?revision=`));
    const pdf = await download(res.body.url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Handbook');
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(3); // the long page wraps onto more pages
  });

  it('renders one page with only=true&page=', async () => {
    const { t, api, space, cr, pages, download } = await setup();
    const res = await api.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/pdf?only=true&page=${pages[0]}`, { as: t.adminId });
    expectOk(res, 'getChangeRequestPdf');
    const doc = await PDFDocument.load((await download(res.body.url)).body as Buffer);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    // docsctl's `paper`: carried by the URL (signed with the rest of its query), US Letter sheets.
    const letter = await api.request('GET', `/v1/spaces/${space.id}/change-requests/${cr.id}/pdf?only=true&page=${pages[0]}&paper=letter`, { as: t.adminId });
    expectOk(letter, 'getChangeRequestPdf');
    expect(letter.body.url).toContain('paper=letter');
    expect((await PDFDocument.load((await download(letter.body.url)).body as Buffer)).getPage(0).getSize()).toEqual({ width: 612, height: 792 });
  });

  it('serves the space content too (empty until merged) and checks its input', async () => {
    const { t, api, space, cr, download } = await setup();
    const before = await api.request('GET', `/v1/spaces/${space.id}/pdf`, { as: t.adminId });
    expectOk(before, 'getSpacePdf');
    expect((await PDFDocument.load((await download(before.body.url)).body as Buffer)).getPageCount()).toBe(1);
    await t.engine.changeRequests.merge({ userId: t.adminId }, space.id, cr.id);
    const after = await api.request('GET', `/v1/spaces/${space.id}/pdf`, { as: t.adminId });
    expect(after.body.url).not.toBe(before.body.url);

    expectError(await api.request('GET', `/v1/spaces/${space.id}/pdf?only=true`, { as: t.adminId }), 400, /^page: is required with only=true$/);
    expectError(await api.request('GET', `/v1/spaces/${space.id}/pdf?page=nope`, { as: t.adminId }), 400, /page: no page nope/);
    expectError(await api.request('GET', `/v1/spaces/${space.id}/pdf?only=maybe`, { as: t.adminId }), 400, /only: must be true or false/);
    expectError(await api.request('GET', `/v1/spaces/${space.id}/pdf?paper=legal`, { as: t.adminId }), 400, /^paper: /);
    expectError(await api.request('GET', `/v1/spaces/${space.id}/pdf`), 401);
    expectError(await api.request('GET', `/v1/spaces/nope/pdf`, { as: t.adminId }), 404);
    const bad = await download(`http://docs.test/v1/spaces/${space.id}/pdf/download?revision=nope`);
    expect(bad.status).toBe(404);
  });
});
