/**
 * The fast reader of simple inline markdown (search indexing) against marked: on generated inputs full
 * of markdown's punctuation, wherever `plainInline` answers, its answer is the text of marked's tokens;
 * and search sections read with it equal those read with marked's full lexer, on generated pages and on
 * every fixture page.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Lexer, type Token } from 'marked';
import { plainInline } from '../../src/markdown/plain-inline';
import { lexBlocks } from '../../src/markdown/markdown';
import { sectionsOf } from '../../src/engine/content/search-sections';
import { random } from '../helpers/random-condition';

const PIECES = [
  'a', 'word', 'Zoë', '日本', '42', ' ', ' ', ' ', '  ', '\n', '\t', '*', '**', '***', '_', '__', '~', '~~', '`', '[', ']', '(', ')', '!', '<', '>', '&',
  '&amp;', '@', 'x@y.z', 'http://x.com/a*b', 'www.x.com', '.', ',', ';', ':', '?', '"', "'", '-', '/', '\\', '#', '|', '{', '%', 'é',
  '`c`', '`a b`', '\\*', '&lt;', '[x](y)', '[a b](https://e.com/p?q=1&r=2)', '[a  b](u)', '[](u)', '[x](y "t")', '![i](p.png)', '**bold**', '*em*', '**a b**', '*a*b', ' **x** ', '**x**.',
];

/** The text of marked's inline tokens, concatenated as search sections and heading ids read it. */
function markedText(tokens: Token[]): string {
  return tokens.map((t) => ('tokens' in t && Array.isArray(t.tokens) ? markedText(t.tokens) : t.type === 'br' ? '\n' : ((t as { text?: string }).text ?? t.raw))).join('');
}

function generatedInline(next: () => number, pieces = 1 + Math.floor(next() * 14)): string {
  return Array.from({ length: pieces }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
}

describe('plainInline', () => {
  it('reads plain text, emphasis and links as marked does', () => {
    expect(plainInline('Some text with **bold** and a [link](https://example.com). ')).toBe('Some text with bold and a link. ');
    expect(plainInline('*one* two (**three**)')).toBe('one two (three)');
    expect(plainInline('plain')).toBe('plain');
  });

  it('leaves to marked what it does not read plainly', () => {
    for (const src of ['`code`', 'a\\*b', 'snake_case', '~~gone~~', '<b>x</b>', 'AT&amp;T', '![i](p.png)', 'see http://x.com/*a*', 'a@b.c', 'two  \nlines', '2 * 3', '**x**y', '[a](b "title")', '[ref]', '*a **b** c*']) {
      expect(plainInline(src), src).toBeUndefined();
    }
  });

  it('answers exactly the text of marked tokens on generated inputs', () => {
    const next = random(19);
    // Mostly what the fast path reads, with a hazard now and then, so that many inputs take it.
    const likely = ['word', ' ', ' ', '**bold**', '*em*', '**a b**', '[x](y)', '[a b](https://e.com/p?q=1&r=2)', '.', ',', '(', ')', '"', "'", '\n', '!', '-', '/'];
    const pick = (items: string[]) => items[Math.floor(next() * items.length)];
    let answered = 0;
    let marked = 0;
    for (let n = 0; n < 40_000; n++) {
      const src = n % 2 ? generatedInline(next) : Array.from({ length: 1 + Math.floor(next() * 10) }, () => pick(next() < 0.85 ? likely : PIECES)).join('');
      const fast = plainInline(src);
      if (fast === undefined) continue;
      answered++;
      if (/[*[]/.test(src)) marked++;
      expect(fast, JSON.stringify(src)).toBe(markedText(new Lexer({ gfm: true }).inlineTokens(src)));
    }
    // The comparison is not empty: many inputs take the fast path, many of them with emphasis or links.
    expect(answered).toBeGreaterThan(8000);
    expect(marked).toBeGreaterThan(3000);
  });
});

describe('search sections read with plainInline', () => {
  const both = (markdown: string) => expect(sectionsOf(markdown, 'Title'), JSON.stringify(markdown)).toEqual(sectionsOf(markdown, 'Title', lexBlocks));

  it('equal those read with marked on generated pages', () => {
    const next = random(7);
    const starts = ['', '', '# ', '## ', '- ', '1. ', '> ', '| a | b |\n|---|---|\n| ', '{% hint style="info" %}\n', '    '];
    for (let n = 0; n < 3000; n++) {
      const blocks = Array.from({ length: 1 + Math.floor(next() * 5) }, () => starts[Math.floor(next() * starts.length)] + generatedInline(next));
      both(blocks.join(next() < 0.5 ? '\n\n' : '\n'));
    }
  });

  it('equal those read with marked on every fixture page', () => {
    const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : name.endsWith('.md') ? [path] : [];
    });
    const pages = files(join(__dirname, '..', 'fixtures'));
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) both(readFileSync(page, 'utf8'));
  });
});
