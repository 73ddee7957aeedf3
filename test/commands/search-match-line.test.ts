import { describe, expect, it } from 'vitest';
import { matchLine } from '../../src/commands/search/match-line';
import { palette } from '../../src/output/palette';
import { displayWidth, stripAnsi } from '../../src/output/display-width';

const plain = palette(false);
const bold = palette(true);
const long =
  'Every request to the management API must carry credentials. Tokens are created by an administrator of the organization, ' +
  'and a token can be scoped to read only. Send it in the Authorization header as a Bearer token with every request you make.';

describe('search: one line around the match', () => {
  it('shows a short text whole, the match in bold when colour is on', () => {
    expect(matchLine({ body: 'Send Authorization: Bearer <token>.' }, 'bearer', 80, plain)).toBe('Send Authorization: Bearer <token>.');
    expect(matchLine({ body: 'Send Authorization: Bearer <token>.' }, 'bearer', 80, bold)).toBe('Send Authorization: \u001b[1mBearer\u001b[22m <token>.');
  });

  it('cuts a long text to the width around the first match, with … where it was cut', () => {
    const line = matchLine({ body: long }, 'bearer', 60, plain);
    expect(displayWidth(line)).toBeLessThanOrEqual(60);
    expect(line.startsWith('…')).toBe(true);
    expect(line.endsWith('every request you make.')).toBe(true);
    // The match sits in the first half of the line, with context before it.
    expect(line.indexOf('Bearer')).toBeGreaterThan(5);
    expect(line.indexOf('Bearer')).toBeLessThan(50);
    // Near the end of the text the line starts earlier, so it is nearly full (it starts on a word).
    expect(displayWidth(line)).toBeGreaterThan(50);
    const fits = 'Send Authorization: Bearer <token> with every request.';
    expect(matchLine({ body: fits }, 'token', 60, plain)).toBe(fits);
    const middle = matchLine({ body: long }, 'scoped', 50, plain);
    expect(displayWidth(middle)).toBe(50);
    expect(middle).toMatch(/^….*scoped.*…$/);
  });

  it('bolds the whole word a prefix matched, and finds the words the engine marked', () => {
    const line = matchLine({ body: long, snippet: '…created by an **administrator** of…' }, 'admin', 70, bold);
    expect(line).toContain('\u001b[1madministrator\u001b[22m');
    expect(displayWidth(line)).toBeLessThanOrEqual(70);
    expect(stripAnsi(matchLine({ body: long }, 'scop', 70, bold))).toContain('scoped');
  });

  it('without a match in the text, falls back to the snippet, else to the start of the text', () => {
    expect(matchLine({ body: 'nothing here', snippet: 'the **Title** matched' }, 'title', 80, plain)).toBe('the Title matched');
    expect(matchLine({ body: long }, 'zebra', 30, plain)).toBe('Every request to the manageme…');
  });

  it('treats the query as text, not as a pattern', () => {
    expect(matchLine({ body: 'costs (a+b) dollars' }, '(a+b)', 80, plain)).toBe('costs (a+b) dollars');
  });
});
