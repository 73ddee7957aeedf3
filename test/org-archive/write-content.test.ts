import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../src/api/client';
import { localTransport } from '../../src/api/transports/local';
import { routes } from '../../src/api/routes/index';
import { createApp } from '../../src/server/app';
import { Importer } from '../../src/commands/org-archive/importer';
import { remapFileLinks, remapIncludes, writeContent } from '../../src/commands/org-archive/write-content';
import { IdMap } from '../../src/org-archive/id-map';
import type { ArchivedContent } from '../../src/org-archive/model';
import { testEngine } from '../helpers/engine';

const ids = (entries: [string, string][]) => new Map(entries);

describe('remapIncludes', () => {
  it('points include lines at the target ids as remapFileLinks does links, in every spelling the reader takes', () => {
    const markdown = [
      '{% include "/reusable-contents/src-1" %}',
      "  {%- include '/reusable-contents/src-2' -%}",
      '{% include "/reusable-contents/unknown" %}',
      '{% include "../.gitbook/includes/src-1.md" %}',
      'Text about /reusable-contents/src-1 and [a link](/files/f-1).',
    ].join('\n');
    const remapped = remapIncludes(remapFileLinks(markdown, ids([['f-1', 'F1']])), ids([['src-1', 'T1'], ['src-2', 'T2']]));
    expect(remapped.split('\n')).toEqual([
      '{% include "/reusable-contents/T1" %}',
      "  {%- include '/reusable-contents/T2' -%}",
      '{% include "/reusable-contents/unknown" %}',
      '{% include "../.gitbook/includes/src-1.md" %}',
      'Text about /reusable-contents/src-1 and [a link](/files/F1).',
    ]);
    expect(remapIncludes('no tags', ids([['x', 'y']]))).toBe('no tags');
  });

  it('stays linear on hostile markdown', () => {
    const started = performance.now();
    const many = '{% include "/reusable-contents/a'.repeat(20_000);
    const long = `{% include "/reusable-contents/${'a'.repeat(500_000)}`;
    const blanks = `{% include ${' '.repeat(500_000)}x`;
    for (const text of [many, long, blanks]) expect(remapIncludes(text, ids([['a', 'b']]))).toBe(text);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

/** A space's change request written through the API as `import` writes it, and the importer over it. */
async function setup() {
  const t = await testEngine();
  const api = new ApiClient(localTransport(createApp({ engine: t.engine }), { userId: t.adminId }));
  const space = await api.call(routes.createSpace, { params: { organizationId: t.orgId }, body: { title: 'Handbook' } });
  const cr = await api.call(routes.createChangeRequest, { params: { spaceId: space.id }, body: {} });
  const map = IdMap.open(join(mkdtempSync(join(tmpdir(), 'docsctl-write-')), 'a.map.json'), 'digest', { url: 'file:///b.db', organization: t.orgId }, false);
  const progress = { advance: () => {}, setTotal: () => {}, done: () => {} };
  const im = new Importer(api, t.orgId, map, { organization: {} as never, spaces: [], sites: [], specs: [], blobs: new Map() }, progress);
  const root = { spaceId: space.id, changeRequestId: cr.id };
  const state = async () => ({
    reusables: (await api.call(routes.listChangeRequestReusableContents, { params: root, query: { limit: 100 } })).items,
    pages: (await api.call(routes.listChangeRequestPages, { params: root })).pages,
  });
  return { api, im, root, state };
}

/** A reusable content's text is kept byte for byte (CRLF, trailing blanks), unlike a page's. */
const RESTART = '1. Stop.\r\n2. Start.  ';

const CONTENT: ArchivedContent = {
  pages: [{
    id: 'src-page', parent: null, path: 'guide', title: 'Guide', slug: 'guide', type: 'document',
    markdown: '# Guide\n\n{% include "/reusable-contents/src-restart" %}\n\nThen:\n\n{% include "/reusable-contents/src-contact" %}\n',
  }],
  files: [],
  reusableContents: [
    { id: 'src-contact', title: 'Contact', markdown: 'Write to us.\n' },
    { id: 'src-restart', title: 'Restart', markdown: RESTART, git: '.gitbook/includes/restart.md' },
  ],
};

describe('writing archived content with reusable contents', () => {
  it('inserts them before the pages, which include them by their new ids', async () => {
    const { im, root, state } = await setup();
    const reusableIds = new Map<string, string>();
    await writeContent(im, root, CONTENT, new Map(), reusableIds);
    const { reusables, pages } = await state();
    expect(reusables.map((r) => ({ title: r.title, markdown: r.markdown, git: r.git?.path }))).toEqual([
      { title: 'Contact', markdown: 'Write to us.\n', git: undefined },
      { title: 'Restart', markdown: RESTART, git: '.gitbook/includes/restart.md' },
    ]);
    expect(reusableIds).toEqual(new Map([['src-contact', reusables[0].id], ['src-restart', reusables[1].id]]));
    const markdown = (await im.api.call(routes.getChangeRequestPage, { params: { ...root, pageId: pages[0].id }, query: { format: 'markdown' } })) as { markdown?: string };
    expect(markdown.markdown).toContain(`{% include "/reusable-contents/${reusables[1].id}" %}\n\nThen:\n\n{% include "/reusable-contents/${reusables[0].id}" %}`);
  });

  it('is planned against what the change request holds: a re-run without the ids (a killed run) makes nothing twice', async () => {
    const { im, root, state } = await setup();
    await writeContent(im, root, CONTENT, new Map(), new Map());
    const before = await state();
    const again = new Map<string, string>();
    await writeContent(im, root, CONTENT, new Map(), again);
    const after = await state();
    expect(after).toEqual(before);
    expect([...again.values()].sort()).toEqual(before.reusables.map((r) => r.id).sort());
  });

  it('updates the ones it pairs (by id mapped, else by file or title) and deletes the target\'s left over', async () => {
    const { im, root, state } = await setup();
    const reusableIds = new Map<string, string>();
    await writeContent(im, root, CONTENT, new Map(), reusableIds);
    const first = await state();
    const changed: ArchivedContent = {
      ...CONTENT,
      pages: [{ ...CONTENT.pages[0], markdown: '# Guide\n\n{% include "/reusable-contents/src-contact" %}\n' }],
      // Restart is gone; Contact is renamed and moved into a file.
      reusableContents: [{ id: 'src-contact', title: 'Contact us', markdown: 'Write to us.\n', git: '.gitbook/includes/contact.md' }],
    };
    await writeContent(im, root, changed, new Map(), new Map(reusableIds));
    const { reusables } = await state();
    expect(reusables).toEqual([expect.objectContaining({ id: first.reusables[0].id, title: 'Contact us', git: expect.objectContaining({ path: '.gitbook/includes/contact.md' }) })]);
  });
});
