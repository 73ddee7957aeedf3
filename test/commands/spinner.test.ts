import { describe, expect, it } from 'vitest';
import { withSpinner } from '../../src/output/spinner';

function terminal() {
  const chunks: string[] = [];
  return { isTTY: true, columns: 80, write: (s: string) => { chunks.push(s); return true; }, text: () => chunks.join(''), cursorTo() { return true; }, clearLine() { return true; }, moveCursor() { return true; } };
}

describe('spinner', () => {
  it('shows progress and the outcome on a terminal', async () => {
    const stream = terminal();
    const result = await withSpinner(stream, true, 'Resolving users', async () => 42);
    expect(result).toBe(42);
    expect(stream.text()).toContain('Resolving users');
  });

  it('writes nothing when disabled (piped or CI), and passes errors through', async () => {
    const stream = terminal();
    await expect(withSpinner(stream, false, 'Working', async () => { throw new Error('nope'); })).rejects.toThrow('nope');
    expect(stream.text()).toBe('');
    const shown = terminal();
    await expect(withSpinner(shown, true, 'Working', async () => { throw new Error('nope'); })).rejects.toThrow('nope');
    expect(shown.text()).toContain('Working');
  });
});
