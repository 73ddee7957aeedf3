import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderPdf, type PdfSource } from '../../src/pdf/render';
import { readPdf } from '../helpers/pdf-text';

const squeezed = (text: string) => text.replace(/\s+/g, '');

function source(pages: { id: string; title: string; markdown: string; depth?: number }[], extra: Partial<PdfSource> = {}): PdfSource {
  return {
    title: 'Handbook',
    pages: pages.map((p) => ({ depth: 0, ...p })),
    resolve: (target) => (/^https?:/.test(target) ? { url: target } : target.endsWith('.md') || target.includes('.md#') ? { page: target.split(/\.md/)[0], ...(target.includes('#') ? { anchor: target.split('#')[1] } : {}) } : undefined),
    fileBytes: async () => undefined,
    ...extra,
  };
}

describe('renderPdf', () => {
  it('draws every script in a font that has it: the text reads back as written, nothing as "?"', async () => {
    const lines = ['Привет, мир', 'Καλημέρα', '互联网是如何工作的', 'ひらがなとカタカナ', '한국어 텍스트', 'مرحبا بالعالم'];
    const pdf = await readPdf(await renderPdf(source([{ id: 'p', title: 'Scripts', markdown: lines.join('\n\n') }])));
    const text = pdf.pages.map((p) => p.text).join('\n');
    for (const line of lines.slice(0, 5)) expect(squeezed(text)).toContain(squeezed(line));
    // Arabic is shaped (joined letter forms, a dot of a letter as a mark) and set right to left: it reads back
    // as written, no character for a mark (each beh read as "ب\u0005" before).
    expect(text).toContain('مرحبا بالعالم');
    expect(text).not.toContain('?');
  });

  it('draws the words of mixed directions in the order a reader reads them (the bidi algorithm at word level)', async () => {
    const pdf = await readPdf(await renderPdf(source([{ id: 'p', title: 'Bidi', markdown: 'مرحبا Hello World 2 بالعالم\n\nThe words مرحبا بالعالم mean hello' }])));
    const items = pdf.pages.flatMap((p) => p.items);
    const at = (str: string) => items.find((i) => i.str === str)!;
    // Right to left with a left-to-right run: بالعالم at the left, "Hello World 2" in its own order, مرحبا at the right.
    expect(at('بالعالم').x).toBeLessThan(at('Hello World 2').x);
    expect(at('Hello World 2').x).toBeLessThan(at('مرحبا').x);
    expect(at('بالعالم').y).toBe(at('مرحبا').y);
    // Left to right with a right-to-left run: pdf.js reads the run back in its words' order only when it
    // is drawn right to left (بالعالم left of مرحبا), between "The words" and "mean hello".
    expect(at('The words').x).toBeLessThan(at('مرحبا بالعالم').x);
    expect(at('مرحبا بالعالم').x).toBeLessThan(at('mean hello').x);
  });

  it('draws on A4 sheets unless asked for US Letter, the contents and numbers placed on them alike', async () => {
    const pages = [{ id: 'a', title: 'One', markdown: 'Words. '.repeat(900) }, { id: 'b', title: 'Two', markdown: 'More.' }];
    const a4 = await readPdf(await renderPdf(source(pages)));
    const letter = await readPdf(await renderPdf(source(pages, { paper: 'letter' })));
    expect(new Set(a4.pages.map((p) => p.size.join('x')))).toEqual(new Set(['595x842']));
    expect(new Set(letter.pages.map((p) => p.size.join('x')))).toEqual(new Set(['612x792']));
    // The contents say where each page starts on sheets of that size.
    const two = letter.pages.findIndex((p, i) => i > 0 && p.text.startsWith('Two')) + 1;
    expect(squeezed(letter.pages[0].text)).toContain(`Two${two}`);
    // Each sheet's number is centred on its own width.
    const foot = letter.pages[1].items.find((i) => i.str === '2')!;
    expect(Math.abs(foot.x - 306)).toBeLessThan(6);
  });

  it('shows an emoji as its glyph, and a character no font has as its code point', async () => {
    const pdf = await readPdf(await renderPdf(source([{ id: 'p', title: 'Signs', markdown: 'Ship it 🚀 now ✅\n\nThai: ก' }])));
    const text = pdf.pages[0].text;
    expect(text).toContain('🚀');
    expect(text).toContain('✅');
    expect(text).toContain('[U+0E01]');
  });

  it('puts a contents first with the number of the sheet each page starts on, each entry a jump to it', async () => {
    const long = `${'A sentence that fills the sheet. '.repeat(600)}`;
    const pdf = await readPdf(await renderPdf(source([
      { id: 'intro', title: 'Introduction', markdown: long },
      { id: 'setup', title: 'Setup', markdown: 'Install it.', depth: 1 },
    ])));
    const starts = ['Introduction', 'Setup'].map((title) => pdf.pages.findIndex((p, i) => i > 0 && p.text.startsWith(title)) + 1);
    expect(starts[0]).toBe(2);
    expect(starts[1]).toBeGreaterThan(3); // the long page takes several sheets
    expect(squeezed(pdf.pages[0].text)).toContain(`Introduction${starts[0]}`);
    expect(squeezed(pdf.pages[0].text)).toContain(`Setup${starts[1]}`);
    expect(pdf.pages[0].links.map((l) => l.dest)).toEqual(starts);
    // Every sheet has its number at its foot.
    pdf.pages.forEach((page, i) => expect(page.text.trim().endsWith(String(i + 1))).toBe(true));
  });

  it('makes links work: a URL opens, a page of the PDF (and its heading) is a jump, a broken one is text', async () => {
    const pdf = await readPdf(await renderPdf(source([
      { id: 'one', title: 'One', markdown: 'See [the site](https://example.com/docs), [two](two.md), [its part](two.md#part) and [nothing](missing).' },
      // A heading inside a hint is not the page's own: the anchor `part` is the heading further down.
      { id: 'two', title: 'Two', markdown: `{% hint style="info" %}\n## Aside\n{% endhint %}\n\n${'Filler. '.repeat(700)}\n\n## Part\n\nHere.` },
    ])));
    const one = pdf.pages.findIndex((p, i) => i > 0 && p.text.startsWith('One'));
    const two = pdf.pages.findIndex((p, i) => i > 0 && p.text.startsWith('Two')) + 1;
    const part = pdf.pages.findIndex((p) => p.text.includes('Here.')) + 1;
    expect(part).toBeGreaterThan(two);
    expect(pdf.pages[one].links).toEqual([{ url: 'https://example.com/docs' }, { dest: two }, { dest: part }]);
    expect(pdf.pages[one].text).toContain('nothing');
  });

  it('draws code, tables, hints, lists and quotes with their text; images of the content; other images as their text', async () => {
    const png = readFileSync(join(__dirname, '../fixtures/djangogirls/zh/how_the_internet_works/images/internet_4.png'));
    const markdown = [
      '```js', 'const answer = 42;', '```', '',
      '| Name | Role |', '|---|---|', '| Ada | **admin** |', '',
      '{% hint style="warning" %}', 'Back up first.', '{% endhint %}', '',
      '1. first', '2. second', '',
      '> Quoted words', '',
      '![Diagram](/files/F1)', '',
      '![Elsewhere](https://example.com/a.png)', '',
      '<div align="center">Centred <b>HTML</b></div>',
    ].join('\n');
    const pdf = await readPdf(await renderPdf(source([{ id: 'p', title: 'Kinds', markdown }], { fileBytes: async (id) => (id === 'F1' ? png : undefined) })));
    const text = pdf.pages.map((p) => p.text).join('\n');
    for (const expected of ['const answer = 42;', 'Name', 'Role', 'Ada', 'admin', 'Back up first.', '1.', 'first', '2.', 'second', 'Quoted words', '[Elsewhere]', 'Centred', 'HTML']) expect(text).toContain(expected);
    expect(text).not.toContain('<div');
    expect(pdf.pages.reduce((sum, p) => sum + p.images, 0)).toBe(1);
    expect(pdf.pages.flatMap((p) => p.links)).toContainEqual({ url: 'https://example.com/a.png' });
  });

  it('includes reusable contents, and stops a loop of them', async () => {
    const pdf = await readPdf(await renderPdf(source([{ id: 'p', title: 'Page', markdown: 'Before.\n\n{% include "/reusable-contents/r1" %}\n\nAfter.' }], {
      reusable: (id) => (id === 'r1' ? 'Shared words.\n\n{% include "/reusable-contents/r1" %}' : undefined),
    })));
    const text = pdf.pages.map((p) => p.text).join('\n');
    expect(text).toContain('Before.');
    expect(text).toContain('After.');
    // Four levels deep, as the site's renderer goes.
    expect(text.match(/Shared words\./g)?.length).toBe(4);
  });
});
