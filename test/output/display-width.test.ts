import { describe, expect, it } from 'vitest';
import { displayWidth, padEnd, stripAnsi, truncate } from '../../src/output/display-width';

describe('display width', () => {
  it('counts columns, not characters: escapes none, … one, wide characters two, combining marks none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('\u001b[1mabc\u001b[22m')).toBe(3);
    expect(displayWidth('ab…')).toBe(3);
    expect(displayWidth('日本')).toBe(4);
    expect(displayWidth('🚀 go')).toBe(5);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(stripAnsi('\u001b[31mred\u001b[39m')).toBe('red');
  });

  it('printable ASCII takes a column a character, the same answer as measuring each character', () => {
    const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    expect(displayWidth(ascii)).toBe(95);
    // One character outside printable ASCII sends the whole text the slow way: same answer for the ASCII part.
    expect(displayWidth(`${ascii}日`)).toBe(97);
    expect(displayWidth(`${ascii}\u0301`)).toBe(95);
    expect(displayWidth('tab\there')).toBe(8);
  });

  it('truncates to a width with …, keeping escapes and closing them', () => {
    expect(truncate('abcdef', 6)).toBe('abcdef');
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('日本語', 4)).toBe('日…');
    expect(truncate('abc', 0)).toBe('');
    const cut = truncate('\u001b[1mbold words\u001b[22m', 5);
    expect(stripAnsi(cut)).toBe('bold…');
    expect(cut.endsWith('\u001b[0m')).toBe(true);
    expect(displayWidth(cut)).toBe(5);
  });

  it('pads to a width by display columns', () => {
    expect(padEnd('日', 4)).toBe('日  ');
    expect(padEnd('abcdef', 4)).toBe('abcdef');
  });
});
