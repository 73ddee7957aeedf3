import { describe, expect, it } from 'vitest';
import { adaptSections, adaptSiteSpaces } from '../../src/domain/condition/index';

const beta = { signed: { beta: true }, unsigned: {} };
const nobody = { signed: {}, unsigned: {} };

describe('adaptSiteSpaces and adaptSections', () => {
  const spaces = [
    { id: 'a', default: true, condition: 'visitor.claims.beta' },
    { id: 'b' },
    { id: 'c', condition: '!visitor.claims.beta' },
  ];

  it('keeps what shows in order; a hidden default hands over to the first that shows', () => {
    expect(adaptSiteSpaces(spaces, beta)).toEqual([spaces[0], spaces[1]]);
    expect(adaptSiteSpaces(spaces, nobody)).toEqual([{ id: 'b', default: true }, spaces[2]]);
  });

  it('adapts sections by their own condition, then their site spaces', () => {
    const sections = [
      { id: 's1', default: true, condition: 'visitor.claims.beta', siteSpaces: spaces },
      { id: 's2', siteSpaces: [{ id: 'd', default: true, condition: 'visitor.claims.unsigned.x' }, { id: 'e' }] },
    ];
    expect(adaptSections(sections, nobody)).toEqual([{ id: 's2', default: true, siteSpaces: [{ id: 'e', default: true }] }]);
    const seen = adaptSections(sections, beta);
    expect(seen.map((s) => [s.id, s.default, s.siteSpaces.map((x) => x.id)])).toEqual([['s1', true, ['a', 'b']], ['s2', undefined, ['e']]]);
  });

  it('answers nothing when nothing shows', () => {
    expect(adaptSiteSpaces([{ id: 'a', default: true, condition: 'false' }], beta)).toEqual([]);
  });
});
