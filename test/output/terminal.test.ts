import { describe, expect, it } from 'vitest';
import { colorEnabled, isCI, isDumbTerminal } from '../../src/output/terminal';

describe('terminal conventions', () => {
  it('CI is set unless empty, 0 or false', () => {
    expect(isCI({})).toBe(false);
    expect(isCI({ CI: 'true' })).toBe(true);
    expect(isCI({ CI: '1' })).toBe(true);
    expect(isCI({ CI: 'false' })).toBe(false);
    expect(isCI({ CI: '0' })).toBe(false);
    expect(isCI({ CI: '' })).toBe(false);
  });

  it('colour only on a terminal, never with NO_COLOR, forced by FORCE_COLOR', () => {
    expect(colorEnabled({}, true)).toBe(true);
    expect(colorEnabled({}, false)).toBe(false);
    expect(colorEnabled({ NO_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled({ NO_COLOR: '' }, true)).toBe(true);
    expect(colorEnabled({ TERM: 'dumb' }, true)).toBe(false);
    expect(isDumbTerminal({ TERM: 'dumb' })).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '1' }, false)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '0' }, true)).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: '1', NO_COLOR: '1' }, true)).toBe(false);
    expect(colorEnabled({ CI: 'true' }, true)).toBe(false);
    expect(colorEnabled({ CI: 'true', FORCE_COLOR: '1' }, true)).toBe(true);
  });
});
