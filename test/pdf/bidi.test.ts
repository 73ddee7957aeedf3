import { describe, expect, it } from 'vitest';
import { bidiClassOf, bidiLevels, visualOrder, type BidiClass } from '../../src/pdf/bidi';

/** Words of a line in the order they are drawn, left to right (spaces left out: they are neutral words too). */
function drawn(words: string[], rtl: boolean): string[] {
  const classes: BidiClass[] = words.map(bidiClassOf);
  return visualOrder(bidiLevels(classes, rtl)).map((i) => words[i]);
}

// The words of a line in mixed directions (issue 58, PDFs): UAX #9 at the level of words.
describe('the order of words on a line of mixed directions (pdf/bidi.ts)', () => {
  it('classes a word by its first strong letter, else a number, else neutral', () => {
    expect(['مرحبا', 'שלום', 'Hello', '(مرحبا)', 'ok,', '123', '3.5%', '—', '!', 'Привет'].map(bidiClassOf)).toEqual(['R', 'R', 'L', 'R', 'L', 'EN', 'EN', 'N', 'N', 'L']);
  });

  it('keeps a run of left-to-right words in order inside right-to-left text, its spaces inside it', () => {
    expect(drawn(['مرحبا', ' ', 'Hello', ' ', 'World', ' ', 'بالعالم'], true)).toEqual(['بالعالم', ' ', 'Hello', ' ', 'World', ' ', 'مرحبا']);
  });

  it('reverses a run of right-to-left words inside left-to-right text', () => {
    expect(drawn(['The', 'words', 'مرحبا', 'بالعالم', 'mean', 'hello'], false)).toEqual(['The', 'words', 'بالعالم', 'مرحبا', 'mean', 'hello']);
  });

  it('draws numbers left to right where they stand, and with the words before them after left-to-right text', () => {
    // Right to left: each number stays where the sentence puts it.
    expect(drawn(['عدد', '123', 'و', '456'], true)).toEqual(['456', 'و', '123', 'عدد']);
    // A number after a left-to-right word belongs to its run (W7).
    expect(drawn(['مرحبا', 'version', '2', 'بالعالم'], true)).toEqual(['بالعالم', 'version', '2', 'مرحبا']);
    // Left to right, a number after right-to-left words is a run of its own beside them.
    expect(drawn(['see', 'مرحبا', '42', 'بالعالم', 'now'], false)).toEqual(['see', 'بالعالم', '42', 'مرحبا', 'now']);
  });

  it('gives neutrals the direction around them, else the paragraph\'s', () => {
    expect(drawn(['مرحبا', '—', 'بالعالم', 'Hello'], false)).toEqual(['بالعالم', '—', 'مرحبا', 'Hello']);
    expect(drawn(['Hello', '—', 'مرحبا'], true)).toEqual(['مرحبا', '—', 'Hello']);
    expect(drawn(['a', 'b', 'c'], false)).toEqual(['a', 'b', 'c']);
    expect(drawn(['ا', 'ب', 'ج'], true)).toEqual(['ج', 'ب', 'ا']);
    expect(drawn([], true)).toEqual([]);
  });
});
