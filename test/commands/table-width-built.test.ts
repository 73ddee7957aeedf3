import { beforeAll, describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';
import { hasTerminal, runBuilt } from '../helpers/built';
import { displayWidth } from '../../src/output/display-width';

// The built entry (bin/docsctl.cjs) on a real pseudo-terminal of a set width (script(1), `stty cols`):
// the width comes from the terminal itself, as for a user, with no flag or variable to force it.
describe.runIf(hasTerminal())('tables through the built entry, on a terminal', () => {
  const box = sandbox();
  beforeAll(async () => {
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
  });

  for (const columns of [80, 120]) {
    it(`members list and spaces list fit ${columns} columns`, async () => {
      for (const argv of [['members', 'list'], ['spaces', 'list'], ['spaces', 'deleted']]) {
        const r = await runBuilt(box, argv, { tty: true, columns });
        expect(r.code, r.stdout).toBe(0);
        const lines = r.stdout.split('\n');
        expect(lines[0]).toMatch(/^ID {2,}\w/);
        expect(lines.filter((line) => displayWidth(line) > columns)).toEqual([]);
        expect(r.stdout).not.toMatch(/\d{4}-\d\d-\d\dT\d\d/);
      }
    });
  }

  it('spaces deleted reads times and purge deadlines relative to now', async () => {
    const r = await runBuilt(box, ['spaces', 'deleted'], { tty: true, columns: 80 });
    expect(r.stdout).toMatch(/\d+ days? ago .*in \d+ days?/);
  });

  it('names collections in spaces list, which stays ids when piped', async () => {
    const onTerminal = await runBuilt(box, ['spaces', 'list'], { tty: true, columns: 120 });
    const piped = await runBuilt(box, ['spaces', 'list']);
    const titles = new Set(JSON.parse((await runBuilt(box, ['collections', 'list', '--json'])).stdout).items.map((c: { title: string }) => c.title));
    const collectionCells = piped.stdout.trim().split('\n').map((row) => row.split('\t')[3]).filter(Boolean);
    expect(collectionCells.length).toBeGreaterThan(0);
    expect(collectionCells.every((cell) => /^[A-Za-z0-9]{20}$/.test(cell))).toBe(true);
    expect([...titles].some((title) => onTerminal.stdout.includes(title as string))).toBe(true);
  });
});
