import { describe, expect, it } from 'vitest';
import { digestOf, normalizeText } from '../../src/openapi-document/document';

describe('normalizeText', () => {
  it('turns line ends into LF and drops the white space at the end, as /\\s+$/ did', () => {
    const samples = ['openapi: 3.0.0\r\n\r\n', 'a\r\rb \t\n', 'a  b', '  lead', '', ' \n\t ', 'x\u00a0\u2028\ufeff\u3000 \n', 'x\u200b'];
    for (const text of samples) expect(normalizeText(text)).toBe(text.replace(/\r\n?/g, '\n').replace(/\s+$/, ''));
    expect(digestOf('openapi: 3.0.0\n')).toBe(digestOf('openapi: 3.0.0\r\n  \n\n'));
  });

  it('is linear on a long run of blanks that does not end the text', () => {
    // The regex took about 14 s here (it tried every start of the run); trimEnd takes microseconds.
    const text = `${' '.repeat(200_000)}x`;
    const blanks = `openapi: 3.0.0${'\n \t'.repeat(100_000)}`;
    const started = performance.now();
    expect(normalizeText(text)).toBe(text);
    expect(normalizeText(blanks)).toBe('openapi: 3.0.0');
    expect(digestOf(text)).toMatch(/^[0-9a-f]{64}$/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
