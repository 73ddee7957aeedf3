import { describe, expect, it } from 'vitest';
import { ConditionError, MAX_CONDITION_CHARS, holds, parseCondition } from '../../src/domain/condition/index';
import { random, randomCondition } from '../helpers/random-condition';

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
