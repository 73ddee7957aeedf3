import type { FontName } from './fonts';

/** How a run of text is set: body text, bold (headings, strong) or monospace (code). */
export type Face = 'regular' | 'bold' | 'mono';

const inRanges = (cp: number, ranges: readonly (readonly [number, number])[]) => ranges.some(([from, to]) => cp >= from && cp <= to);

const ARABIC = [[0x0600, 0x06ff], [0x0750, 0x077f], [0x0870, 0x08ff], [0xfb50, 0xfdff], [0xfe70, 0xfeff]] as const;
const HEBREW = [[0x0590, 0x05ff], [0xfb1d, 0xfb4f]] as const;
const HANGUL = [[0x1100, 0x11ff], [0x3130, 0x318f], [0xa960, 0xa97f], [0xac00, 0xd7af], [0xd7b0, 0xd7ff]] as const;
/** Han, kana, bopomofo, CJK punctuation and full-width forms: Noto Sans SC has them (kana included). */
const CJK = [
  [0x2e80, 0x2fdf], [0x3000, 0x303f], [0x3040, 0x30ff], [0x3100, 0x312f], [0x31a0, 0x31ff], [0x3200, 0x4dbf],
  [0x4e00, 0x9fff], [0xf900, 0xfaff], [0xfe30, 0xfe4f], [0xff00, 0xffef], [0x20000, 0x3134f],
] as const;
const EMOJI = [[0x1f000, 0x1faff], [0x2600, 0x27bf], [0x2b00, 0x2bff], [0x1f900, 0x1f9ff]] as const;
/**
 * Characters drawn as nothing when no font has them: variation selectors, joiners, the skin tones and
 * tags of emoji sequences (the base emoji is drawn), zero-width spaces and marks.
 */
const IGNORABLE = [[0x200b, 0x200f], [0x2060, 0x206f], [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0x1f3fb, 0x1f3ff], [0xe0000, 0xe007f]] as const;

export const isRtl = (cp: number) => inRanges(cp, ARABIC) || inRanges(cp, HEBREW);
/** Text that breaks between any two characters: Chinese and Japanese put no spaces between words (Korean does). */
export const breaksAnywhere = (cp: number) => inRanges(cp, CJK);
export const isIgnorable = (cp: number) => inRanges(cp, IGNORABLE);

/** The font a character is drawn with first: its script's, else the face's. */
export function preferredFont(cp: number, face: Face): FontName {
  if (inRanges(cp, ARABIC)) return 'NotoSansArabic-Regular';
  if (inRanges(cp, HANGUL)) return 'NotoSansKR-Regular';
  if (inRanges(cp, CJK)) return 'NotoSansSC-Regular';
  if (inRanges(cp, EMOJI)) return 'NotoEmoji-Regular';
  return face === 'mono' ? 'NotoSansMono-Regular' : face === 'bold' ? 'NotoSans-Bold' : 'NotoSans-Regular';
}

/** Where a character goes when its font lacks it, in order (the large CJK font last but one: it is read only then). */
export const FALLBACK_FONTS: readonly FontName[] = ['NotoSans-Regular', 'NotoSansMono-Regular', 'NotoEmoji-Regular', 'NotoSansSC-Regular', 'NotoSansKR-Regular'];

/** The direction of a paragraph: that of its first letter of a strong direction (as the Unicode bidi rule P2 has it). */
export function paragraphIsRtl(text: string): boolean {
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (isRtl(cp)) return true;
    if (/\p{L}/u.test(ch)) return false;
  }
  return false;
}
