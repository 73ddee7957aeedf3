import { describe, expect, it } from 'vitest';
import { publishedSiteSetup } from '../helpers/site-reader';
import { readPdf } from '../helpers/pdf-text';

/** `{site}/~gitbook/pdf`: a site's PDF, with exactly what the visitor may see (issue 58). */
describe('GET {site}/~gitbook/pdf', () => {
  it('answers the PDF of every page a visitor sees, links between them as jumps and links elsewhere as URLs', async () => {
    const t = await publishedSiteSetup({ pages: ['# Welcome\n\nHello, visitor. Read [the install](install.md).', '# Install\n\n## Requirements\n\nNode.', '---\nhidden: true\n---\n# Secret\n\nSecret words.'] });
    const answer = await t.visitBytes(`${t.base}/~gitbook/pdf`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe('inline; filename="Acme Docs.pdf"; filename*=UTF-8\'\'Acme%20Docs.pdf');
    const pdf = await readPdf(answer.body);
    expect(pdf.title).toBe('Acme Docs');
    const text = pdf.pages.map((p) => p.text).join('\n');
    expect(text).toContain('Hello, visitor.');
    expect(text).toContain('Requirements');
    expect(text).not.toContain('Secret');
    const install = pdf.pages.findIndex((p, i) => i > 0 && p.text.startsWith('Install')) + 1;
    expect(pdf.pages.flatMap((p) => p.links)).toContainEqual({ dest: install });
    // One page: its links to the pages left out are the site's URLs.
    const one = await readPdf((await t.visitBytes(`${t.base}/~gitbook/pdf?page=${t.pageIds[0]}`)).body);
    expect(one.title).toBe('Welcome');
    expect(one.pages.flatMap((p) => p.links)).toContainEqual({ url: `http://docs.test${t.base}/install` });
    // US Letter sheets when asked.
    const letter = await readPdf((await t.visitBytes(`${t.base}/~gitbook/pdf?page=${t.pageIds[0]}&paper=letter`)).body);
    expect(letter.pages.map((p) => p.size)).toEqual([[612, 792]]);
  });

  it('answers 404 for a page the visitor cannot see, an unpublished site, and a share-link site without its key', async () => {
    const t = await publishedSiteSetup({ pages: ['# Welcome\n\nHello.', '---\nhidden: true\n---\n# Secret\n\nSecret words.'] });
    expect((await t.visit(`${t.base}/~gitbook/pdf?page=nope`)).status).toBe(404);
    expect((await t.visit(`${t.base}/~gitbook/pdf?page=${t.pageIds[1]}`)).status).toBe(404);
    expect((await t.visit(`${t.base}/~gitbook/pdf?siteSpace=nope`)).status).toBe(404);
    await t.patchSite({ published: false });
    const hidden = await t.visit(`${t.base}/~gitbook/pdf`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).not.toContain('Welcome');
    // A paper the renderer does not know: a 400 naming it.
    await t.patchSite({ published: true });
    const paper = await t.visit(`${t.base}/~gitbook/pdf?paper=legal`);
    expect(paper.status).toBe(400);
    expect(paper.body).toContain('paper: must be one of a4, letter');
    const shared = await publishedSiteSetup({ visibility: 'share-link' });
    expect((await shared.visit(`${shared.base}/~gitbook/pdf`)).status).toBe(404);
  });
});
