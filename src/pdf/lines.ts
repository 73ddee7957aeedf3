import type { PDFFont } from 'pdf-lib';
import type { FontSet } from './font-set';
import { breaksAnywhere, type Face } from './scripts';

/** Where a link goes: a URL, or a page (and heading) of this PDF. */
export type LinkTarget = { url: string } | { page: string; anchor?: string };

export interface Style {
  face: Face;
  size: number;
  color: [number, number, number];
  italic?: boolean;
  strike?: boolean;
  /** Inline code: drawn on a light background. */
  code?: boolean;
  link?: LinkTarget;
}

/** Text in one style, as a paragraph's inline content gives it. */
export interface Span { text: string; style: Style }

/** What is drawn in one go: text of one font and style. */
export interface Piece { text: string; font: PDFFont; style: Style; width: number }

/** What a line never breaks inside: a word (or one character of Chinese or Japanese). */
export interface Atom { pieces: Piece[]; width: number; spaceBefore: number; breakBefore?: boolean }

export interface Line { atoms: Atom[]; width: number }

const WORD = /\n|[^\S\n]+|[^\s]/gu;

/**
 * Spans as atoms: words split at spaces (kept as the space before the next word; runs of spaces count
 * once, except in code), Chinese and Japanese characters one atom each, a line end a forced break.
 */
export async function atomsOf(spans: Span[], fonts: FontSet): Promise<Atom[]> {
  const atoms: Atom[] = [];
  let current: Atom | undefined;
  let space = 0;
  let breakNext = false;
  let lastCjk = false;
  const close = () => {
    if (current) atoms.push(current);
    current = undefined;
  };
  for (const span of spans) {
    const spaceWidth = fonts.width((await fonts.runs(' ', span.style.face))[0].font, ' ', span.style.size);
    for (const [token] of span.text.matchAll(WORD)) {
      if (token === '\n') {
        close();
        breakNext = true;
        space = 0;
        continue;
      }
      if (/^\s+$/.test(token)) {
        close();
        space = span.style.face === 'mono' ? spaceWidth * token.length : spaceWidth;
        continue;
      }
      const cjk = breaksAnywhere(token.codePointAt(0)!);
      if (cjk || lastCjk) close();
      lastCjk = cjk;
      if (!current) {
        current = { pieces: [], width: 0, spaceBefore: space, ...(breakNext ? { breakBefore: true } : {}) };
        space = 0;
        breakNext = false;
      }
      for (const run of await fonts.runs(token, span.style.face)) {
        const width = fonts.width(run.font, run.text, span.style.size);
        const last = current.pieces[current.pieces.length - 1];
        if (last && last.font === run.font && last.style === span.style) {
          last.text += run.text;
          last.width = fonts.width(last.font, last.text, span.style.size);
        } else current.pieces.push({ text: run.text, font: run.font, style: span.style, width });
        current.width = current.pieces.reduce((sum, p) => sum + p.width, 0);
      }
    }
  }
  close();
  return atoms;
}

/** An atom wider than a line, in pieces of one character that each fit (a long URL, a line of code). */
function splitAtom(atom: Atom): Atom[] {
  const out: Atom[] = [];
  for (const piece of atom.pieces) {
    for (const ch of piece.text) {
      const width = piece.font.widthOfTextAtSize(ch, piece.style.size);
      out.push({ pieces: [{ ...piece, text: ch, width }], width, spaceBefore: 0 });
    }
  }
  if (out.length) out[0] = { ...out[0], spaceBefore: atom.spaceBefore, ...(atom.breakBefore ? { breakBefore: true } : {}) };
  return out;
}

/** Atoms in lines no wider than `width`, greedily; a forced break starts a new line. */
export function breakLines(atoms: Atom[], width: number): Line[] {
  const lines: Line[] = [];
  let line: Line = { atoms: [], width: 0 };
  const place = (atom: Atom) => {
    const gap = line.atoms.length ? atom.spaceBefore : 0;
    if (atom.breakBefore || (line.atoms.length && line.width + gap + atom.width > width)) {
      if (line.atoms.length || atom.breakBefore) lines.push(line);
      line = { atoms: [], width: 0 };
      line.atoms.push(atom);
      line.width = atom.width;
      return;
    }
    line.atoms.push(atom);
    line.width += gap + atom.width;
  };
  for (const atom of atoms) {
    if (atom.width > width) splitAtom(atom).forEach(place);
    else place(atom);
  }
  if (line.atoms.length) lines.push(line);
  return lines;
}
