import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox } from '../helpers/cli';
import { runBuilt, runBuiltJson } from '../helpers/built';
import { readPdf } from '../helpers/pdf-text';

const FIXTURE = join(__dirname, '../fixtures/djangogirls');

/**
 * The Chinese or Russian letters of a text, in order: what the PDF must hold of each paragraph (an
 * image's alt text left out: the image is drawn instead).
 */
function letters(text: string): string {
  return (text.replace(/!\[[^\]]*\]/g, '').match(/[\p{Script=Han}\p{Script=Cyrillic}]+/gu) ?? []).join('');
}

const squeezed = (text: string) => text.replace(/\s+/g, '');

// Slow on purpose: a push of 3.2 MB of images and a PDF that embeds them, through the built CLI (6 s idle, 41 s
// seen with a load average of 10).
/**
 * A PDF of real pages in Chinese and Russian (DjangoGirls' tutorial, pushed as its repository holds
 * them) through the built CLI: pdf.js reads every character of their text back, in order, and finds
 * the chapter's four images drawn.
 */
describe('PDFs of real Chinese and Russian pages through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));

  it.each(['zh', 'ru'])('%s: the text of every paragraph, the images, the contents with page numbers', async (language) => {
    if (language === 'zh') expect((await runBuilt(box, ['init'])).code).toBe(0);
    cpSync(join(FIXTURE, language), join(box.dir, language), { recursive: true });
    const space = (await runBuiltJson(box, ['spaces', 'create', '--title', `DjangoGirls ${language}`])).id as string;
    const pushed = await runBuilt(box, ['content', 'push', language, '--space', space, '--merge']);
    expect(pushed.code, pushed.stderr).toBe(0);

    // Russian on US Letter sheets (`--paper letter`), Chinese on A4.
    const made = await runBuilt(box, ['content', 'pdf', '--space', space, '-o', `${language}.pdf`, ...(language === 'ru' ? ['--paper', 'letter'] : [])]);
    expect(made.code, made.stderr).toBe(0);
    const pdf = await readPdf(readFileSync(join(box.dir, `${language}.pdf`)));
    expect(pdf.pages[0].size).toEqual(language === 'ru' ? [612, 792] : [595, 842]);
    expect(pdf.title).toBe(`DjangoGirls ${language}`);
    const all = letters(pdf.pages.map((p) => p.text).join(''));
    for (const file of ['README.md', 'how_the_internet_works/README.md']) {
      const markdown = readFileSync(join(FIXTURE, language, file), 'utf8');
      // Paragraph by paragraph: each one's text is in the PDF as written.
      const paragraphs = markdown.split(/\n\s*\n/).map(letters).filter((p) => p.length > 0);
      expect(paragraphs.length).toBeGreaterThan(10);
      for (const paragraph of paragraphs) {
        expect(all, `${language}/${file}`).toContain(paragraph);
      }
    }
    // The chapter's four images, drawn (PNGs of 87 KB to 1.5 MB).
    expect(pdf.pages.reduce((sum, p) => sum + p.images, 0)).toBe(4);
    // The contents: each page's title with the number of the sheet it starts on, a link to it.
    const [contents] = pdf.pages;
    const chapter = language === 'zh' ? '互联网是如何工作的？' : 'Как работает Интернет';
    const start = pdf.pages.findIndex((p, i) => i > 0 && squeezed(p.text).startsWith(squeezed(chapter))) + 1;
    expect(start).toBeGreaterThan(1);
    expect(squeezed(contents.text)).toContain(`${squeezed(chapter)}${start}`);
    expect(contents.links.map((l) => l.dest)).toContain(start);
  }, 180_000);
});
