/** Random condition text for fuzz tests: pieces of the language, of JavaScript, and stray characters. */

/** A small seeded generator (mulberry32), so a failure can be replayed. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Pieces of the language and of the JavaScript it is not, plus single characters of every kind.
const PIECES = [
  'visitor', 'visitor.claims.', 'visitor.claims.unsigned.', 'beta', 'claims', '.', '..', '?.', '(', ')', '[', ']', '{', '}',
  '!', '!=', '==', '===', '&&', '||', '&', '|', '+', '-', '*', '/', '%', '<', '>=', '?', ':', ',', ';', ' ', '\t', '\n',
  'true', 'false', 'null', 'this', 'undefined', '"', "'", '\\', '"x"', "'y'", '1', '0.5', '1e309', '.5', '0x1F', '`', '=>',
  'constructor', '__proto__', 'new', 'typeof', '\u00e9', '\u{1F600}', '\u0000', '\ud800',
];

export function randomCondition(next: () => number): string {
  let text = '';
  const length = Math.floor(next() * 40);
  for (let i = 0; i < length; i++) {
    text += next() < 0.8 ? PIECES[Math.floor(next() * PIECES.length)] : String.fromCharCode(Math.floor(next() * 0x3000));
  }
  return text;
}
