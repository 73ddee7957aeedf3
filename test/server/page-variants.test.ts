import { describe, expect, it } from 'vitest';
import { expectOk } from '../helpers/app';
import { PUBLIC_URL } from '../helpers/engine';
import { changeRequestApi } from '../helpers/content';

/** A change request holding one page of each variant: a document in a group, a link and a computed page. */
async function variantsSetup() {
  const { t, api, space, url: root } = await changeRequestApi();
  const computed = { type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } } };
  const written = await api.request('POST', root, {
    as: t.adminId,
    body: {
      changes: [
        { operation: 'insert_page', type: 'group', title: 'Guides', document: { markdown: '' }, ref: 'guides' },
        { operation: 'insert_page', title: 'Install', document: { markdown: '# Install\n\nRun it.\n' }, into: 'guides', git: { path: 'guides/install.md' } },
        { operation: 'insert_page', type: 'link', title: 'Status', href: 'https://status.acme.example', document: { markdown: '' } },
        { operation: 'insert_page', title: 'Reference', document: { markdown: '' }, computed },
      ],
    },
  });
  expectOk(written, 'writeChangeRequestContent');
  const [group, doc, link, reference] = written.body.changes.map((c: { page: string }) => c.page);
  return { t, api, space, root, ids: { group, doc, link, reference } };
}

describe('pages as the platform’s four variants (document, group, link, computed)', () => {
  it('lists each page with its variant’s fields, discriminated by type, and nothing of another variant', async () => {
    const s = await variantsSetup();
    const res = await s.api.request('GET', `${s.root}/pages`, { as: s.t.adminId });
    expectOk(res, 'listChangeRequestPages');
    const [group, link, reference] = res.body.pages;
    const base = { createdAt: expect.any(String), updatedAt: expect.any(String), hidden: false };

    expect(group).toEqual({
      ...base, id: s.ids.group, kind: 'group', type: 'group', title: 'Guides', slug: 'guides', path: 'guides', noIndex: false, noRobotsIndex: false,
      pages: [expect.objectContaining({ id: s.ids.doc, kind: 'sheet', type: 'document' })],
    });
    const doc = group.pages[0];
    expect(doc).toMatchObject({
      slug: 'install', path: 'guides/install', description: '', documentId: expect.any(String), tags: [], pages: [],
      urls: { app: `${PUBLIC_URL}/app/s/${s.space.id}/guides/install` },
      layout: { width: 'default', coverSize: 'hero', coverMask: 'none', metadata: true, actions: true, anchors: true },
    });
    expect(doc).not.toHaveProperty('object');

    expect(link).toEqual({
      ...base, id: s.ids.link, kind: 'link', type: 'link', title: 'Status', slug: 'status', path: 'status',
      target: { kind: 'url', url: 'https://status.acme.example' }, href: 'https://status.acme.example',
    });

    expect(reference).toMatchObject({
      ...base, id: reference.id, type: 'computed', title: 'Reference', path: 'reference', pages: [],
      computed: { type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec: 'petstore' } } }, props: { models: false } },
    });
    for (const field of ['kind', 'documentId', 'layout', 'markdown']) expect(reference).not.toHaveProperty(field);
  });

  it('gives a document page its content in the asked format, and a computed page the reference it generates', async () => {
    const s = await variantsSetup();
    const asMarkdown = await s.api.request('GET', `${s.root}/page/${s.ids.doc}?format=markdown`, { as: s.t.adminId });
    expectOk(asMarkdown, 'getChangeRequestPage');
    expect(asMarkdown.body).toMatchObject({ kind: 'sheet', type: 'document', markdown: '# Install\n\nRun it.\n' });
    expect(asMarkdown.body).not.toHaveProperty('document');
    const asDocument = await s.api.request('GET', `${s.root}/page/${s.ids.doc}?format=document`, { as: s.t.adminId });
    expect(asDocument.body.document).toMatchObject({ object: 'document' });
    expect(asDocument.body).not.toHaveProperty('markdown');

    const reference = await s.api.request('GET', `${s.root}/page/${s.ids.reference}?format=markdown`, { as: s.t.adminId });
    expect(reference.body).toMatchObject({ type: 'computed', markdown: expect.stringContaining('petstore') });
    const group = await s.api.request('GET', `${s.root}/page/${s.ids.group}?format=markdown`, { as: s.t.adminId });
    expect(group.body).toMatchObject({ type: 'group', kind: 'group' });
    expect(group.body).not.toHaveProperty('markdown');
  });

  // The ids `printf '# Install\n\nRun it.\n' | git hash-object --stdin` gives (and the same with "twice").
  it('gives a page kept in a file the Git blob id of its markdown, as `git hash-object` computes it', async () => {
    const s = await variantsSetup();
    const page = await s.api.request('GET', `${s.root}/page/${s.ids.doc}?format=markdown`, { as: s.t.adminId });
    const oid = '27f119e7545c39af6a6e2a7d456472e1fd217612';
    expect(page.body.git).toEqual({ oid, path: 'guides/install.md' });

    const changed = await s.api.request('POST', s.root, {
      as: s.t.adminId,
      body: { changes: [{ operation: 'update_page', page: s.ids.doc, document: { markdown: '# Install\n\nRun it twice.\n' } }] },
    });
    expectOk(changed, 'writeChangeRequestContent');
    const after = await s.api.request('GET', `${s.root}/page/${s.ids.doc}?format=markdown`, { as: s.t.adminId });
    expect(after.body.git.oid).not.toBe(oid);
    expect(after.body.git.oid).toBe('440253afff2eefb86ca8d48805b2fbc15c33cd08');
  });
});
