/**
 * The order words are drawn in on a line of mixed directions: the Unicode bidirectional algorithm
 * (UAX #9) at the level of words, as a PDF's lines are made of them (lines.ts). A word takes the
 * direction of its first letter of a strong direction (Arabic or Hebrew: right to left; any other
 * letter: left to right), a word with a digit and no letter is a number, anything else is neutral.
 * Then, as the algorithm has it: a number after left-to-right text is left-to-right (W7), neutrals
 * between two words of one direction take it and the paragraph's otherwise (N1, N2; numbers count as
 * right to left there), levels go up for what runs against the paragraph (I1, I2), and each line is
 * drawn with every run at a level or higher reversed, from the highest level down (L2). Words
 * themselves are shaped whole by fontkit (an Arabic word's glyphs set right to left).
 */
import { isRtl } from './scripts';

export type BidiClass = 'L' | 'R' | 'EN' | 'N';

/** A word's class: its first letter's direction, else a number, else neutral. */
export function bidiClassOf(word: string): BidiClass {
  let digit = false;
  for (const ch of word) {
    const cp = ch.codePointAt(0)!;
    if (isRtl(cp) && /[\p{L}\p{M}]/u.test(ch)) return 'R';
    if (/\p{L}/u.test(ch)) return 'L';
    if (/\p{Nd}/u.test(ch)) digit = true;
  }
  return digit ? 'EN' : 'N';
}

/** The embedding level of each word of a line (even: left to right) in a paragraph of direction `rtl`. */
export function bidiLevels(classes: readonly BidiClass[], rtl: boolean): number[] {
  const base = rtl ? 1 : 0;
  const direction: BidiClass = rtl ? 'R' : 'L';
  // W7: a number whose strong neighbour before it is left to right (or the paragraph, if none) is too.
  let strong = direction;
  const resolved = classes.map((cls) => {
    if (cls === 'L' || cls === 'R') strong = cls;
    return cls === 'EN' && strong === 'L' ? 'L' : cls;
  });
  // N1, N2: neutrals between words of one direction (a number counting as right to left) take it.
  const strongOf = (cls: BidiClass): BidiClass | undefined => (cls === 'N' ? undefined : cls === 'L' ? 'L' : 'R');
  for (let i = 0; i < resolved.length; i++) {
    if (resolved[i] !== 'N') continue;
    let end = i;
    while (end < resolved.length && resolved[end] === 'N') end++;
    const before = i > 0 ? strongOf(resolved[i - 1]) : direction;
    const after = end < resolved.length ? strongOf(resolved[end]) : direction;
    const taken = before === after ? before! : direction;
    for (let j = i; j < end; j++) resolved[j] = taken;
    i = end - 1;
  }
  // I1, I2: what runs against the paragraph goes up a level (a number in left-to-right text, two).
  return resolved.map((cls) => {
    if (base === 0) return cls === 'R' ? 1 : cls === 'EN' ? 2 : 0;
    return cls === 'R' ? 1 : 2;
  });
}

/** The order the words of a line are drawn in, left to right, as indexes of `levels` (L2). */
export function visualOrder(levels: readonly number[]): number[] {
  const order = levels.map((_, i) => i);
  if (!levels.length) return order;
  const highest = Math.max(...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < order.length; i++) {
      if (levels[order[i]] < level) continue;
      let end = i;
      while (end < order.length && levels[order[end]] >= level) end++;
      order.splice(i, end - i, ...order.slice(i, end).reverse());
      i = end;
    }
  }
  return order;
}
