import type { PDFDocument, PDFFont } from 'pdf-lib';
import fontkit from '@pdf-lib/fontkit';
import { fontBytes, type FontName } from './fonts';
import { FALLBACK_FONTS, isIgnorable, preferredFont, type Face } from './scripts';

/** A piece of text in one font. */
export interface FontRun { text: string; font: PDFFont }

/** What pdf-lib keeps of a font it embeds: the parsed font, which knows its characters, its subset, and what writes its ToUnicode map. */
interface Embedded {
  embedder: {
    font: { hasGlyphForCodePoint(cp: number): boolean };
    subset: TrueTypeSubset;
    glyphCache: { access(): { id: number; codePoints: number[] }[] };
    embedUnicodeCmap(context: unknown): unknown;
  };
}
/** fontkit's subset of a TrueType font, as far as evenGlyphs needs it. */
interface TrueTypeSubset { glyf: Uint8Array[]; offset: number; _addGlyph(gid: number): number }

/**
 * Pads each glyph of a subset to an even length. fontkit writes a small subset's `loca` in the short
 * format, which stores offsets halved: after a glyph of odd length (fonts with a long `loca` need no
 * padding, and Noto's have none) every later glyph's offset was off by one byte, and readers drew
 * nothing for it (a page of Chinese came out with one character in ten).
 */
function evenGlyphs(subset: TrueTypeSubset): void {
  const addGlyph = subset._addGlyph.bind(subset);
  subset._addGlyph = (gid) => {
    const index = addGlyph(gid);
    const glyph = subset.glyf[index];
    if (glyph.length % 2) {
      // Of the glyph's own class: fontkit's bundled Buffer, which its writer insists on.
      const padded = glyph.slice(0, 0).constructor === Buffer ? Buffer.alloc(glyph.length + 1) : new (glyph.constructor as new (size: number) => Uint8Array)(glyph.length + 1);
      padded.set(glyph);
      padded[glyph.length] = 0;
      subset.glyf[index] = padded;
      subset.offset += 1;
    }
    return index;
  };
}

/** What a glyph that stands for no character reads as: WORD JOINER, invisible and joining-transparent. */
const NO_CHARACTER = 0x2060;

/**
 * Gives the glyphs that stand for no character a reading in the font's ToUnicode map: the marks fontkit's
 * shaping splits from a letter (Noto Sans Arabic draws beh as a dotless beh, which stands for the
 * letter, and a dot below). Mapped to nothing (`<>`, as pdf-lib wrote them) or left out, readers took
 * the glyph's code for a character: copied Arabic text had a control character inside every beh, teh or
 * yeh. A format character reads as nothing: pdf.js leaves it out, and it neither breaks a word nor
 * its letters' joining.
 */
function marksReadAsNothing(embedder: Embedded['embedder']): void {
  const embed = embedder.embedUnicodeCmap.bind(embedder);
  embedder.embedUnicodeCmap = (context) => {
    const cache = embedder.glyphCache;
    const access = cache.access.bind(cache);
    cache.access = () => access().map((glyph) => (glyph.codePoints.length > 0 ? glyph : { id: glyph.id, codePoints: [NO_CHARACTER] }));
    try {
      return embed(context);
    } finally {
      cache.access = access;
    }
  };
}

/** Fonts parsed once a process (Noto Sans SC takes ~0.3 s): pdf-lib parses the bytes of each font it embeds. */
const parsed = new WeakMap<Uint8Array, ReturnType<typeof fontkit.create>>();
const parsedOnce: typeof fontkit = {
  ...fontkit,
  create(bytes: Uint8Array, postscriptName?: string) {
    let font = parsed.get(bytes);
    if (!font) parsed.set(bytes, (font = fontkit.create(bytes, postscriptName)));
    return font;
  },
};

/**
 * The fonts of one PDF, embedded when a character first needs them (subset: the file holds the glyphs
 * drawn only), and which font draws each character: its script's, else the first fallback that has it.
 */
export class FontSet {
  private readonly embedded = new Map<FontName, PDFFont>();
  /** Per face, the font of each character seen (null: no font has it). */
  private readonly chosen = new Map<string, PDFFont | null>();
  /** Widths of text at size 1, per font: words repeat, and measuring one shapes it each time. */
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  constructor(private readonly pdf: PDFDocument) {
    pdf.registerFontkit(parsedOnce);
  }

  /** The width of `text` in `font` at `size`, in points. */
  width(font: PDFFont, text: string, size: number): number {
    let known = this.widths.get(font);
    if (!known) this.widths.set(font, (known = new Map()));
    let unit = known.get(text);
    if (unit === undefined) {
      if (known.size > 50_000) known.clear();
      unit = font.widthOfTextAtSize(text, 1);
      known.set(text, unit);
    }
    return unit * size;
  }

  async font(name: FontName): Promise<PDFFont> {
    let font = this.embedded.get(name);
    if (!font) {
      font = await this.pdf.embedFont(fontBytes(name), { subset: true });
      const { embedder } = font as unknown as Embedded;
      evenGlyphs(embedder.subset);
      marksReadAsNothing(embedder);
      this.embedded.set(name, font);
    }
    return font;
  }

  /**
   * The text as runs of one font each. A character no font has is written as its code point
   * (`[U+0E01]`), so nothing becomes a question mark; joiners and variation selectors of emoji
   * sequences are left out when their font has no glyph for them.
   */
  async runs(text: string, face: Face): Promise<FontRun[]> {
    const out: FontRun[] = [];
    const push = (piece: string, font: PDFFont) => {
      const last = out[out.length - 1];
      if (last?.font === font) last.text += piece;
      else out.push({ text: piece, font });
    };
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      const font = await this.fontFor(cp, face);
      if (font) push(ch, font);
      else if (!isIgnorable(cp)) push(`[U+${cp.toString(16).toUpperCase().padStart(4, '0')}]`, await this.font(face === 'mono' ? 'NotoSansMono-Regular' : 'NotoSans-Regular'));
    }
    return out;
  }

  private async fontFor(cp: number, face: Face): Promise<PDFFont | null> {
    // Spaces, tabs and line ends are drawn in the face's own font, whatever surrounds them.
    if (cp === 0x20 || cp === 0x09 || cp === 0x0a) return this.font(preferredFont(0x41, face));
    const key = `${face}:${cp}`;
    let font = this.chosen.get(key);
    if (font !== undefined) return font;
    font = null;
    for (const name of [preferredFont(cp, face), ...FALLBACK_FONTS]) {
      const candidate = await this.font(name);
      if ((candidate as unknown as Embedded).embedder.font.hasGlyphForCodePoint(cp)) {
        font = candidate;
        break;
      }
    }
    this.chosen.set(key, font);
    return font;
  }
}
