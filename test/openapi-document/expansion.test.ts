import { describe, expect, it } from 'vitest';
import { expansionBoundPassed, expansionOf } from '../../src/openapi-document/expansion';
import { refBomb } from './ref-bomb';

describe("how far a document's $refs multiply it (issue 58)", () => {
  it('counts nodes as written and as expanded, each pointer once, a recursive $ref as the reference it stays', () => {
    const document = {
      a: { $ref: '#/defs/pair' }, b: { $ref: '#/defs/pair' },
      defs: { pair: { x: 1, y: [1, 2] }, tree: { child: { $ref: '#/defs/tree' } }, 'a/b': { z: 1 } },
      c: { $ref: '#/defs/tree' }, d: { $ref: '#/defs/a~1b' }, e: { $ref: '#/nowhere' }, f: { $ref: 'other.yaml#/x' },
    };
    // Expanded, each `$ref` object is its target: pair {x, y: [1, 2]} 5 nodes; tree through a `$ref` 2 (its
    // recursion stays one node), as written 3; a~1b 2; a missing or external target stays 1.
    const { nodes, expanded } = expansionOf(document);
    expect(nodes).toBe(24);
    expect(expanded).toBe(1 + 5 + 5 + (1 + 5 + 3 + 2) + 2 + 2 + 1 + 1);
  });

  it('refuses a bomb (a million-fold) and lets a small document expand to the floor and a large one 100 times', () => {
    expect(expansionBoundPassed(JSON.parse(refBomb()), 100, 1_000_000)).toBe(
      'its $refs expand the document past 1,000,000 nodes (183 as written), the expansion bound of OpenAPI processing (100 times the document, at least 1,000,000 nodes)',
    );
    expect(expansionBoundPassed(JSON.parse(refBomb()), 0, 1_000_000)).toBeUndefined(); // no bound
    const fanOut = (width: number, copies: number) => ({ s: { big: Array.from({ length: width }, (_, i) => i) }, uses: Array.from({ length: copies }, () => ({ $ref: '#/s/big' })) });
    expect(expansionBoundPassed(fanOut(1000, 900), 100, 1_000_000)).toBeUndefined(); // 900,000 expanded: under the floor
    expect(expansionBoundPassed(fanOut(1000, 1100), 100, 1_000_000)).toMatch(/^its \$refs expand the document past 1,000,000 nodes/);
    expect(expansionBoundPassed(fanOut(1000, 1100), 1000, 1_000_000)).toBeUndefined(); // 1000 times its 3,204 nodes
  });

  it('stops counting past the bound, and says so of a document nested deeper than the stack', () => {
    const started = performance.now();
    expect(expansionOf(JSON.parse(refBomb()), 1000).expanded).toBe(1000);
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(expansionBoundPassed(deep, 100, 1_000_000)).toBe('the document is nested deeper than OpenAPI processing follows');
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('a $ref that is no valid percent-encoding', () => {
  it('names nothing: counted as the reference it stays, never thrown out of the processing', async () => {
    expect(expansionBoundPassed({ a: { $ref: '#/%zz' } }, 100, 10)).toBeUndefined();
    expect(expansionOf({ a: { $ref: '#/%zz' } })).toEqual({ nodes: 3, expanded: 2 });
    // Through the isolated validation a document holding one is refused with the parser's words, not a failure.
    const { validationAnswer } = await import('../../src/openapi-document/validation-answer');
    const answer = await validationAnswer(JSON.stringify({ openapi: '3.0.3', info: { title: 'T', version: '1' }, paths: {}, components: { schemas: { A: { $ref: '#/%zz' } } } }), 100);
    expect(answer).toHaveProperty('messages');
  });
});
