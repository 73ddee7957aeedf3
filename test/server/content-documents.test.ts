/**
 * The platform's document tree on the API: page reads with format=document answer it, page writes and
 * comment bodies take it (written as markdown), and a bad or oversized tree is a 400 naming the field
 * and the rule.
 */
import { describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../helpers/app';
import { contentSetup } from '../helpers/content';
import { commentSetup } from './comments-setup';
import { markdownToDocument } from '../../src/markdown/document/from-markdown';
import { DOCUMENT_LIMITS } from '../../src/markdown/document/limits';

const RICH = [
  '# Install',
  '',
  'Run **this** with `npm` and read [the guide](guide.md).',
  '',
  '{% hint style="warning" %}',
  'Needs Node 20.',
  '{% endhint %}',
  '',
  '* one',
  '* two',
  '',
  '```sh',
  'npm i',
  '```',
  '',
  '| Key | Value |',
  '| --- | --- |',
  '| a | 1 |',
  '',
].join('\n');

const leaf = (text: string) => ({ object: 'leaf', text, marks: [] });
const paragraph = (text: string) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [leaf(text)] }] });

async function withCr() {
  const s = await contentSetup();
  const cr = await s.createCr({ subject: 'documents' });
  const pageUrl = (page: string, format: string) => `${s.crUrl(cr.id)}/content/page/${page}?format=${format}`;
  return { s, cr, pageUrl };
}

describe('page content as the platform document tree', () => {
  it('answers format=document with the tree, which written back gives the same markdown and tree', async () => {
    const { s, cr, pageUrl } = await withCr();
    const [page] = (await s.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: `---\ndescription: How to\n---\n${RICH}` } }])).changes.map((c: { page: string }) => c.page);
    const read = await s.api.request('GET', pageUrl(page, 'document'), { as: s.adminId });
    expectOk(read, 'getChangeRequestPage');
    expect(read.body.document).toEqual(markdownToDocument(RICH));
    expect(read.body.document.nodes.map((n: { type: string }) => n.type)).toEqual(['heading-1', 'paragraph', 'hint', 'list-unordered', 'code', 'table']);

    // The tree as a page's document: stored as the same markdown, read back as the same tree.
    const written = await s.writeOk(cr.id, [{ operation: 'insert_page', document: read.body.document }]);
    const copy = written.changes[0].page;
    expect(await s.markdownOf(copy, cr.id)).toBe(RICH);
    expect((await s.api.request('GET', pageUrl(copy, 'document'), { as: s.adminId })).body.document).toEqual(read.body.document);
    // Its title comes from its first heading, as for markdown.
    expect(await s.titles(cr.id)).toEqual(['Install', 'Install']);
  });

  it('updates a page from a tree, keeping what the tree does not carry (title, description)', async () => {
    const { s, cr } = await withCr();
    const [page] = (await s.writeOk(cr.id, [{ operation: 'insert_page', document: { markdown: '---\ndescription: Kept\n---\n# Old\n' } }])).changes.map((c: { page: string }) => c.page);
    await s.writeOk(cr.id, [{ operation: 'update_page', page, document: { object: 'document', data: {}, nodes: [paragraph('New *text*')] } }]);
    expect(await s.markdownOf(page, cr.id)).toBe('New \\*text\\*\n');
    const [node] = await s.pages(cr.id);
    expect(node).toMatchObject({ title: 'Old', description: 'Kept' });
  });

  it('refuses a bad tree with a 400 naming the field and the rule, writing nothing', async () => {
    const { s, cr } = await withCr();
    const write = async (document: unknown) => await s.write(cr.id, [{ operation: 'insert_page', document }]);
    expectError(await write({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'hint', data: { style: 'loud' }, nodes: [] }] }), 400,
      /^changes\[0\]\.document\.nodes\[0\]\.data\.style: must be one of: "info", "warning", "danger", "success"$/);
    expectError(await write({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'drawing', data: {}, nodes: [] }] }), 400,
      /^changes\[0\]\.document\.nodes\[0\]\.type: must be a block type docsctl can write as markdown: /);
    expectError(await write({ object: 'document', data: {}, nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'p1' } }, nodes: [] }] }] }), 400,
      /^changes\[0\]\.document\.nodes\[0\]\.nodes\[0\]\.data\.ref: must be a reference \{ "kind": "url", "url": string \} or \{ "kind": "file", "file": an id \}/);
    // Neither markdown nor a tree.
    expectError(await write({ object: 'document' }), 400, /^changes\[0\]\.document: does not match any accepted shape/);
    expectError(await write('# Title'), 400, /^changes\[0\]\.document: must be of type object$/);
    expectError(await write({ markdown: 3 }), 400, /^changes\[0\]\.document: does not match any accepted shape \(markdown: must be of type string\)$/);
    expect(await s.pages(cr.id)).toEqual([]);
  });

  it(`bounds a tree: ${DOCUMENT_LIMITS.depth} levels deep, ${DOCUMENT_LIMITS.nodes} nodes, ${DOCUMENT_LIMITS.text} characters of text`, async () => {
    const { s, cr } = await withCr();
    const write = async (nodes: unknown[]) => await s.write(cr.id, [{ operation: 'insert_page', document: { object: 'document', data: {}, nodes } }]);
    let deep: unknown = paragraph('deep');
    for (let i = 0; i < DOCUMENT_LIMITS.depth; i++) deep = { object: 'block', type: 'blockquote', nodes: [deep] };
    expectError(await write([deep]), 400, new RegExp(`^changes\\[0\\]\\.document\\.nodes\\[0\\](\\.nodes\\[0\\])+: is nested deeper than ${DOCUMENT_LIMITS.depth} levels \\(at most ${DOCUMENT_LIMITS.depth}\\)$`));
    const many = Array.from({ length: Math.ceil(DOCUMENT_LIMITS.nodes / 3) + 1 }, () => paragraph('x'));
    expectError(await write(many), 400, new RegExp(`^changes\\[0\\]\\.document\\.nodes\\[\\d+\\]\\S*: makes the document hold more than ${DOCUMENT_LIMITS.nodes} nodes`));
    expectError(await write([paragraph('x'.repeat(DOCUMENT_LIMITS.text + 1))]), 400,
      new RegExp(`^changes\\[0\\]\\.document\\.nodes\\[0\\]\\.nodes\\[0\\]\\.leaves\\[0\\]\\.text: makes the document's text longer than ${DOCUMENT_LIMITS.text} characters`));
    // Text within the bound whose markdown (escapes) is not.
    expectError(await write([paragraph('*'.repeat(DOCUMENT_LIMITS.text))]), 400, /^changes\[0\]\.document: is longer than 1000000 characters once written as markdown \(at most 1000000\)$/);
    expect(await s.pages(cr.id)).toEqual([]);
  });
});

describe('comment bodies as the platform document tree', () => {
  it('takes { document } as a body, stored as markdown, answered in either format', async () => {
    const s = await commentSetup();
    const document = { object: 'document', data: {}, nodes: [paragraph('Is step 2 right?')] };
    const c = await s.postOk({ page: s.intro, body: { document } });
    expect(c.body).toEqual({ document: markdownToDocument('Is step 2 right?\n') });
    expect((await s.getOk(c.id, s.adminId, undefined, '?format=markdown')).body).toEqual({ markdown: 'Is step 2 right?\n' });
    await s.putOk(c.id, { body: { document: { object: 'document', data: {}, nodes: [paragraph('Edited')] } } });
    expect((await s.getOk(c.id, s.adminId, undefined, '?format=markdown')).body).toEqual({ markdown: 'Edited\n' });
    const reply = await s.api.request('POST', s.replies(c.id), { as: s.other, body: { body: { document } } });
    expectOk(reply, 'postCommentReplyInSpace');
    expect(reply.body.body).toEqual({ document: markdownToDocument('Is step 2 right?') });
  });

  it('refuses both forms at once, and a bad tree, naming the field', async () => {
    const s = await commentSetup();
    expectError(await s.post({ body: { markdown: 'x', document: { object: 'document', data: {}, nodes: [] } } }), 400, /^body: must hold markdown or document, not both$/);
    expectError(await s.post({ body: { document: { object: 'document', data: {}, nodes: [{ object: 'text', leaves: [] }] } } }), 400, /^body\.document\.nodes\[0\]\.object: must be "block"$/);
    expectError(await s.post({ body: { document: { object: 'document', data: {}, nodes: [paragraph('x'.repeat(100_001))] } } }), 400, /^body\.document: is longer than 100000 characters once written as markdown \(at most 100000\)$/);
  });
});
