/** How many terminal columns text takes: escape codes none, combining marks none, wide (CJK, emoji) two. */

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
// eslint-disable-next-line no-control-regex
const ANSI_AT_START = /^\u001b\[[0-9;]*m/;
// Made on first use: their Unicode classes take a quarter of a millisecond to build, and most tables
// are printable ASCII, which needs neither (see displayWidth).
let unicode: { ZERO_WIDTH: RegExp; WIDE: RegExp } | undefined;
const classes = () =>
  (unicode ??= {
    ZERO_WIDTH: /[\p{Mn}\p{Me}\u200b-\u200f\u2060\ufe00-\ufe0f]/u,
    WIDE: /[\p{Emoji_Presentation}\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{20000}-\u{3fffd}]/u,
  });
/** Printable ASCII only: one column a character. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** Columns one character (code point) takes. */
function charWidth(char: string): number {
  const { ZERO_WIDTH, WIDE } = classes();
  if (ZERO_WIDTH.test(char)) return 0;
  return WIDE.test(char) ? 2 : 1;
}

export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let width = 0;
  for (const char of stripAnsi(text)) width += charWidth(char);
  return width;
}

/**
 * `text` cut to `width` columns, ending in `…` when something was cut. Escape codes are kept (they take
 * no room) and closed with a reset, so a cut never leaves a colour running into the next cell.
 */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  let out = '';
  let used = 0;
  let styled = false;
  for (let rest = text; rest; ) {
    const escape = ANSI_AT_START.exec(rest)?.[0];
    if (escape) {
      out += escape;
      styled = true;
      rest = rest.slice(escape.length);
      continue;
    }
    const char = String.fromCodePoint(rest.codePointAt(0)!);
    const w = charWidth(char);
    if (used + w > width - 1) break;
    out += char;
    used += w;
    rest = rest.slice(char.length);
  }
  return `${out}…${styled ? '\u001b[0m' : ''}`;
}

/** `text` followed by spaces up to `width` columns. */
export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
