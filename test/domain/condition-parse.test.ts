import { describe, expect, it } from 'vitest';
import { ConditionError, MAX_CONDITION_CHARS, MAX_CONDITION_DEPTH, claimPath, claimsIn, parseCondition } from '../../src/domain/condition/index';

const problem = (source: string): { reason: string; position: number } => {
  try {
    parseCondition(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConditionError);
    const { reason, position } = error as ConditionError;
    return { reason, position };
  }
  throw new Error(`"${source}" parsed`);
};

describe('parseCondition: what the language has', () => {
  it('reads signed and unsigned claims into claim nodes with their positions', () => {
    expect(parseCondition('visitor.claims.beta')).toEqual({ kind: 'claim', unsigned: false, name: 'beta', position: 1 });
    expect(parseCondition('  visitor.claims.unsigned.dark')).toEqual({ kind: 'claim', unsigned: true, name: 'dark', position: 3 });
  });

  it('reads == != ! && || and parentheses with the usual precedence', () => {
    const node = parseCondition('!visitor.claims.a || visitor.claims.b == true && (visitor.claims.unsigned.c != "x")');
    expect(node.kind).toBe('or');
    if (node.kind !== 'or') return;
    expect(node.left).toMatchObject({ kind: 'not', operand: { kind: 'claim', name: 'a' } });
    expect(node.right).toMatchObject({
      kind: 'and',
      left: { kind: 'equals', left: { name: 'b' }, right: { kind: 'literal', value: true } },
      right: { kind: 'differs', left: { name: 'c', unsigned: true }, right: { value: 'x' } },
    });
  });

  it('takes true, false, strings and numbers as values', () => {
    expect(parseCondition('true')).toMatchObject({ kind: 'literal', value: true });
    expect(parseCondition("visitor.claims.plan == 'pro'")).toMatchObject({ right: { value: 'pro' } });
    expect(parseCondition('visitor.claims.level != 2.5')).toMatchObject({ right: { value: 2.5 } });
  });

  it('lists the claims a condition names', () => {
    const claims = claimsIn(parseCondition('visitor.claims.a && (visitor.claims.unsigned.b || !visitor.claims.a)'));
    expect(claims.map(claimPath)).toEqual(['visitor.claims.a', 'visitor.claims.unsigned.b', 'visitor.claims.a']);
    expect(claims.map((c) => c.position)).toEqual([1, 22, 52]);
  });
});

describe('parseCondition: what it refuses, and where', () => {
  it.each([
    ['visitor.claims.a + 1', 18],
    ['visitor.claims.a > 1', 18],
    ['visitor.claims.a & visitor.claims.b', 18],
    ['-1 == visitor.claims.a', 1],
    ['visitor.claims.a ==', 20],
    ['(visitor.claims.a', 18],
  ])('%s: a syntax error at its position', (source, position) => {
    expect(problem(source).position).toBe(position);
  });

  it('says to write == for === and != for !==', () => {
    expect(problem('visitor.claims.a === true')).toEqual({ reason: '"===" is not supported: write "==" (comparisons never convert types)', position: 18 });
    expect(problem('"a===b" == visitor.claims.x || visitor.claims.y !== false').position).toBe(49);
  });

  it.each([
    ['beta', 1, '"beta" is not a claim'],
    ['visitor.beta', 1, '"visitor.beta" is not a claim'],
    ['visitor.claims', 1, '"visitor.claims" is not a claim'],
    ['visitor.claims.unsigned', 1, '"visitor.claims.unsigned" is not a claim'],
    ['visitor.claims.a.b', 1, '"visitor.claims.a.b" is not a claim'],
    ['true && visitor.claims["a"]', 9, 'names a claim with [ ]'],
    ['visitor?.claims.a', 1, 'uses "?."'],
    ['visitor.claims.a && isBeta()', 21, 'calls a function'],
    ['[1] == visitor.claims.a', 1, 'holds a list'],
    ['visitor.claims.a ? true : false', 1, 'uses "? :"'],
    ['visitor.claims.a visitor.claims.b', 18, 'holds more than one expression'],
    ['null == visitor.claims.a', 1, '"null" is not a claim'],
    ['this', 1, 'uses "this"'],
    ['"beta"', 1, 'a string is not true or false'],
    ['visitor.claims.a && 1', 21, 'a number is not true or false'],
    ['!"x"', 2, 'a string is not true or false'],
  ])('%s: at %i, %s', (source, position, reason) => {
    const found = problem(source);
    expect(found.reason).toContain(reason);
    expect(found.position).toBe(position);
  });

  it('refuses the empty condition and one past the length bound', () => {
    expect(problem('   ')).toEqual({ reason: 'is empty', position: 1 });
    const long = `visitor.claims.a == "${'x'.repeat(MAX_CONDITION_CHARS)}"`;
    expect(problem(long).reason).toBe(`is longer than ${MAX_CONDITION_CHARS} characters`);
  });

  it('allows nesting up to the depth bound and not beyond; long chains of one operator are one level', () => {
    const nested = (depth: number) => `${'!('.repeat(depth)}visitor.claims.a${')'.repeat(depth)}`;
    expect(() => parseCondition(nested(MAX_CONDITION_DEPTH))).not.toThrow();
    expect(problem(nested(MAX_CONDITION_DEPTH + 1)).reason).toContain(`more than ${MAX_CONDITION_DEPTH} levels`);
    const chain = Array.from({ length: 40 }, (_, i) => `visitor.claims.c${i}`).join(' || ');
    expect(() => parseCondition(chain)).not.toThrow();
  });
});
