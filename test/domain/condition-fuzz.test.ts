import { describe, expect, it } from 'vitest';
import { ConditionError, MAX_CONDITION_CHARS, holds, parseCondition } from '../../src/domain/condition/index';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
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

function randomCondition(next: () => number): string {
  let text = '';
  const length = Math.floor(next() * 40);
  for (let i = 0; i < length; i++) {
    text += next() < 0.8 ? PIECES[Math.floor(next() * PIECES.length)] : String.fromCharCode(Math.floor(next() * 0x3000));
  }
  return text;
}

/** Parses, and evaluates what parses; anything thrown must be a ConditionError. */
function tryCondition(source: string): void {
  try {
    const node = parseCondition(source);
    expect(typeof holds(node, { signed: { beta: true }, unsigned: {} })).toBe('boolean');
  } catch (error) {
    if (!(error instanceof ConditionError)) throw new Error(`${JSON.stringify(source)} threw ${String(error)}`);
    expect(error.position).toBeGreaterThanOrEqual(1);
    expect(error.position).toBeLessThanOrEqual(source.length + 1);
  }
}

describe('parseCondition under random input', () => {
  it('parses or refuses 20,000 random strings with a ConditionError, quickly', () => {
    const next = random(20);
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) tryCondition(randomCondition(next));
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('stays quick on the worst shapes of the longest input', () => {
    const shapes = [
      '('.repeat(MAX_CONDITION_CHARS),
      '!'.repeat(MAX_CONDITION_CHARS - 4) + 'true',
      `${'('.repeat(400)}true${')'.repeat(400)}`,
      '"'.repeat(MAX_CONDITION_CHARS),
      'visitor.claims.a||'.repeat(56),
      'true == '.repeat(128).slice(0, MAX_CONDITION_CHARS),
      '['.repeat(MAX_CONDITION_CHARS),
      `${'a('.repeat(300)}`,
      '1'.repeat(MAX_CONDITION_CHARS),
    ];
    for (const source of shapes) {
      const started = performance.now();
      tryCondition(source);
      expect(performance.now() - started).toBeLessThan(500);
    }
  });
});
