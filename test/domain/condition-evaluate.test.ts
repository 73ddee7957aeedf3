import { describe, expect, it } from 'vitest';
import { holds, parseCondition, shows, type VisitorClaims } from '../../src/domain/condition/index';

const claims = (signed: Record<string, unknown> = {}, unsigned: Record<string, unknown> = {}): VisitorClaims => ({ signed, unsigned });
const check = (source: string, visitor: VisitorClaims) => holds(parseCondition(source), visitor);

describe('holds', () => {
  it('reads signed claims from signed, unsigned claims from unsigned', () => {
    expect(check('visitor.claims.beta', claims({ beta: true }))).toBe(true);
    expect(check('visitor.claims.beta', claims({}, { beta: true }))).toBe(false);
    expect(check('visitor.claims.unsigned.dark', claims({}, { dark: true }))).toBe(true);
    expect(check('visitor.claims.unsigned.dark', claims({ dark: true }))).toBe(false);
  });

  it('takes a missing claim as false', () => {
    expect(check('visitor.claims.beta', claims())).toBe(false);
    expect(check('visitor.claims.beta == false', claims())).toBe(true);
    expect(check('!visitor.claims.beta', claims())).toBe(true);
  });

  it('counts only the JSON value true as true, and compares without converting', () => {
    expect(check('visitor.claims.beta', claims({ beta: 'true' }))).toBe(false);
    expect(check('visitor.claims.beta', claims({ beta: 1 }))).toBe(false);
    expect(check('visitor.claims.level == 1', claims({ level: '1' }))).toBe(false);
    expect(check('visitor.claims.level == 1', claims({ level: 1 }))).toBe(true);
    expect(check('visitor.claims.plan != "pro"', claims({ plan: 'pro' }))).toBe(false);
  });

  it('never reads inherited properties as claims', () => {
    expect(check('visitor.claims.constructor != false', claims())).toBe(false);
    expect(check('visitor.claims.toString', claims())).toBe(false);
  });

  it('combines with && || ! and parentheses', () => {
    const visitor = claims({ a: true, b: false }, { c: true });
    expect(check('visitor.claims.a && visitor.claims.b', visitor)).toBe(false);
    expect(check('visitor.claims.a && !visitor.claims.b', visitor)).toBe(true);
    expect(check('visitor.claims.b || visitor.claims.unsigned.c', visitor)).toBe(true);
    expect(check('!(visitor.claims.b || visitor.claims.unsigned.c)', visitor)).toBe(false);
    expect(check('(visitor.claims.a == visitor.claims.unsigned.c) == true', visitor)).toBe(true);
  });
});

describe('shows', () => {
  it('shows an item without a condition, hides one whose stored condition does not parse', () => {
    expect(shows(undefined, claims())).toBe(true);
    expect(shows('visitor.claims.a +', claims({ a: true }))).toBe(false);
  });
});
