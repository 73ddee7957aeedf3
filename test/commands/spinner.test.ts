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

describe('spinner in commands', () => {
  async function runWithStderr(columns: number) {
    const { Readable } = await import('node:stream');
    const { main } = await import('../../src/main');
    const { sandbox } = await import('../helpers/cli');
    const box = sandbox();
    await box.run(['init', '--sample']);
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['teams', 'members', 'add', 'Design', 'ada.lovelace@acme.example', '--dry-run'], {
      stdout: { isTTY: true, write: (s: string) => out.push(s) },
      stderr: Object.assign(terminal(), { columns, write: (s: string) => { err.push(s); return true; } }),
      stdin: Object.assign(Readable.from([]), { isTTY: true }),
      env: box.env,
      cwd: box.dir,
    });
    return { code, stdout: out.join(''), stderr: err.join('') };
  }

  it('spins on an interactive terminal', async () => {
    const result = await runWithStderr(80);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Resolving 1 user(s) against the organization');
    expect(result.stdout).toContain('add as member');
  });

  it('stays off on a terminal of unknown width, where ora would loop forever', async () => {
    const result = await runWithStderr(0);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('Resolving');
    expect(result.stdout).toContain('add as member');
  });
});
