import { beforeAll, describe, expect, it } from 'vitest';
import { sandbox } from '../helpers/cli';
import { hasTerminal, runBuilt, runBuiltJson } from '../helpers/built';
import { displayWidth } from '../../src/output/display-width';

// The built entry (bin/docsctl.cjs) as a child process, as a support engineer runs it after a deletion.
describe('audit list through the built entry', () => {
  const box = sandbox();
  let handbook: string;
  beforeAll(async () => {
    expect((await runBuilt(box, ['init', '--sample'])).code).toBe(0);
    handbook = ((await runBuiltJson(box, ['spaces', 'list'])).items as { id: string; title: string }[]).find((s) => s.title === 'Employee handbook')!.id;
    const deleted = await runBuilt(box, ['--as', 'grace.hopper@acme.example', 'spaces', 'delete', handbook, '--yes']);
    expect(deleted.code, deleted.stderr).toBe(0);
  });

  it('names who deleted the space and what it was called, piped and as JSON, and finds it by e-mail', async () => {
    const piped = await runBuilt(box, ['audit', 'list', '--actor', 'grace.hopper@acme.example']);
    expect(piped.code, piped.stderr).toBe(0);
    const cells = piped.stdout.trimEnd().split('\t');
    expect(cells.slice(2, 4)).toEqual(['deleteSpaceById', `space=${handbook}`]);
    expect(cells.slice(7)).toEqual(['Grace Hopper', 'grace.hopper@acme.example', '', 'space="Employee handbook"', 'deleted space "Employee handbook"']);
    const [record] = (await runBuiltJson(box, ['audit', 'list', '--target', handbook])).items;
    expect(record).toMatchObject({ actorUser: { displayName: 'Grace Hopper' }, targetDetails: [{ kind: 'space', title: 'Employee handbook' }] });
    const unknown = await runBuilt(box, ['audit', 'list', '--actor', 'nobody@acme.example']);
    expect(unknown.code).toBe(5);
  });

  it.runIf(hasTerminal())('reads like a story on an 80-column terminal', async () => {
    const r = await runBuilt(box, ['audit', 'list'], { tty: true, columns: 80 });
    expect(r.code, r.stdout).toBe(0);
    const lines = r.stdout.replace(/\r/g, '').trimEnd().split('\n');
    expect(lines.filter((line) => displayWidth(line) > 80)).toEqual([]);
    expect(r.stdout).not.toContain('Columns hidden');
    const header = lines.findIndex((line) => /^TIME {2,}ACTOR {2,}ACTION$/.test(line));
    expect(header).toBeGreaterThanOrEqual(0);
    // The e-mail gives way inside its brackets; the action stays whole; the ids it was about, whole on a
    // line of their own below it (issue 31), to paste into spaces restore.
    expect(lines[header + 1]).toBe('just now  Grace Hopper <grace.hopper@acme.e…>  deleted space "Employee handbook"');
    expect(lines[header + 2]).toBe(`          space=${handbook}`);
  });
});
