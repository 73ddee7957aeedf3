import { describe, expect, it } from 'vitest';
import { createOutput } from '../../src/output/output';
import { displayWidth, stripAnsi } from '../../src/output/display-width';
import { idColumn, roleColumn, statusColumn, timeColumn } from '../../src/output/column-kinds';
import type { Column } from '../../src/output/render';

interface Row {
  id: string;
  name: string;
  role: string | null;
  status: string;
  note: string;
  at: string;
}

const NOW = new Date('2026-11-24T12:00:00.000Z');
const rows: Row[] = [
  { id: 'AAAAAAAAAAAAAAAAAAAA', name: 'Ada Lovelace', role: 'admin', status: 'open', note: 'a note long enough to be cut on any narrow terminal at all', at: '2026-11-21T12:00:00.000Z' },
  { id: 'BBBBBBBBBBBBBBBBBBBB', name: '日本語の名前', role: null, status: 'merged', note: 'short', at: '2026-11-24T11:00:00.000Z' },
];
const columns: Column<Row>[] = [
  idColumn((r) => r.id),
  { header: 'NAME', value: (r) => r.name, priority: 1 },
  roleColumn((r) => r.role),
  statusColumn((r) => r.status, 'STATUS', 2),
  { header: 'NOTE', value: (r) => r.note },
  timeColumn('UPDATED', (r) => r.at),
];

function render(width: number | undefined, options: { color?: boolean; format?: 'table' | 'tsv' } = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const output = createOutput({
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: (s: string) => err.push(s) },
    mode: { format: options.format ?? 'table' },
    color: options.color ?? false,
    width,
    now: () => NOW,
  });
  return { output, stdout: () => out.join(''), stderr: () => err.join('') };
}

describe('tables for people', () => {
  it('are borderless, fit the width, cut long cells with … and read times relative to the clock', async () => {
    const r = render(120);
    await r.output.list(rows, columns);
    const lines = r.stdout().trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID {20}NAME +ROLE +STATUS +NOTE +UPDATED$/);
    expect(lines[1]).toContain('3 days ago');
    expect(lines[2]).toContain('1 hour ago');
    expect(lines[2]).toContain('guest');
    expect(lines.every((line) => displayWidth(line) <= 120)).toBe(true);
    expect(r.stderr()).toBe('');
  });

  it('drop the least important columns on a narrow terminal, and say so on stderr', async () => {
    const r = render(60);
    await r.output.list(rows, columns);
    const lines = r.stdout().trimEnd().split('\n');
    expect(lines.every((line) => displayWidth(line) <= 60)).toBe(true);
    expect(lines[0]).not.toContain('UPDATED');
    expect(lines[1].startsWith('AAAAAAAAAAAAAAAAAAAA  Ada Lovelace')).toBe(true);
    expect(r.stderr()).toMatch(/^Columns hidden: (\w+, )*UPDATED \(see all: --json or --format tsv\)\n$/);
  });

  it('take 80 columns when the terminal does not say', async () => {
    const r = render(undefined);
    await r.output.list(rows, columns);
    expect(r.stdout().split('\n').every((line) => displayWidth(line) <= 80)).toBe(true);
    expect(r.stdout()).toContain('…');
  });

  it('colour roles and statuses only when colour is on, without changing the layout', async () => {
    const plain = render(100);
    await plain.output.list(rows, columns);
    const colored = render(100, { color: true });
    await colored.output.list(rows, columns);
    expect(plain.stdout()).not.toContain('\u001b[');
    expect(colored.stdout()).toContain('\u001b[33madmin\u001b[39m');
    expect(colored.stdout()).toContain('\u001b[35mmerged\u001b[39m');
    expect(stripAnsi(colored.stdout())).toBe(plain.stdout());
  });

  it('leave TSV exactly as it was: ISO times, whole cells, no colour', async () => {
    const r = render(40, { format: 'tsv', color: true });
    await r.output.list(rows, columns);
    expect(r.stdout()).toBe(
      'AAAAAAAAAAAAAAAAAAAA\tAda Lovelace\tadmin\topen\ta note long enough to be cut on any narrow terminal at all\t2026-11-21T12:00:00.000Z\n' +
        'BBBBBBBBBBBBBBBBBBBB\t日本語の名前\tguest\tmerged\tshort\t2026-11-24T11:00:00.000Z\n',
    );
  });

  it('show one object as field/value lines, wrapping long values within the width', async () => {
    const r = render(40);
    await r.output.object(rows[0], columns);
    const lines = r.stdout().trimEnd().split('\n');
    expect(lines[0]).toBe('ID       AAAAAAAAAAAAAAAAAAAA');
    expect(lines.every((line) => displayWidth(line) <= 40)).toBe(true);
    const note = lines.slice(lines.findIndex((l) => l.startsWith('NOTE')), lines.findIndex((l) => l.startsWith('UPDATED')));
    expect(note.length).toBeGreaterThan(1);
    expect(note.map((l) => l.slice(9)).join(' ')).toBe(rows[0].note);
    expect(lines[lines.length - 1]).toBe('UPDATED  3 days ago');
  });

  describe('columns that keep their cells whole (issue 31)', () => {
    interface Step {
      id: string;
      who: string;
      status: string;
      detail: string;
    }
    const steps: Step[] = [
      { id: 'AAAAAAAAAAAAAAAAAAAA', who: 'grace.hopper@acme.example', status: 'error', detail: 'role must be owner or member, not "admin" (an organization role: a team file\'s role column is team_role)' },
      { id: 'BBBBBBBBBBBBBBBBBBBB', who: 'ada@acme.example', status: 'ok', detail: 'add as owner' },
    ];
    const stepColumns = (detail: Column<Step>['overflow'], who: Column<Step>['overflow'] = 'wrap'): Column<Step>[] => [
      idColumn((r) => r.id),
      { header: 'WHO', value: (r) => r.who, priority: 1, overflow: who },
      statusColumn((r) => r.status),
      { header: 'DETAIL', value: (r) => r.detail, overflow: detail },
    ];
    async function lines(columns: Column<Step>[], width: number) {
      const r = render(width);
      await r.output.list(steps, columns);
      return { lines: r.stdout().trimEnd().split('\n'), stderr: r.stderr() };
    }

    it('wrap: a cell too wide continues on the lines below within its column, broken at spaces or after an @', async () => {
      const { lines: out } = await lines(stepColumns('wrap'), 60);
      expect(out.every((line) => displayWidth(line) <= 60)).toBe(true);
      expect(out.join('\n')).not.toContain('…');
      const at = out[0].indexOf('DETAIL');
      // The rows' first cells start their rows; continuation lines leave them empty.
      expect(out.filter((line) => line.startsWith('AAAA') || line.startsWith('BBBB'))).toHaveLength(2);
      const first = out.slice(1, out.findIndex((line) => line.startsWith('BBBB')));
      expect(first.length).toBeGreaterThan(2);
      expect(first.map((line) => line.slice(at).trim()).join(' ')).toBe(steps[0].detail);
    });

    it('wrap: an e-mail narrower than its column breaks after the @, not inside a word', async () => {
      const { lines: out } = await lines(stepColumns(undefined), 48);
      expect(out.every((line) => displayWidth(line) <= 48)).toBe(true);
      const who = out[0].indexOf('WHO');
      const cells = out.slice(1).map((line) => line.slice(who, who + 15).trim());
      expect(cells.slice(0, 2)).toEqual(['grace.hopper@', 'acme.example']);
    });

    it('line: a cell that does not fit goes whole to a line of its own below its row, under the second column', async () => {
      const { lines: out, stderr } = await lines(stepColumns('line', undefined), 80);
      expect(out[0]).toMatch(/^ID {20}WHO {24}STATUS {2}DETAIL$/);
      expect(out[1]).toBe('AAAAAAAAAAAAAAAAAAAA  grace.hopper@acme.example  error');
      // 'role must … team_role)' is 99 columns: it wraps, under the second column (58 columns of room).
      const detail = out.slice(2, out.findIndex((line) => line.startsWith('BBBB')));
      expect(detail.length).toBe(2);
      expect(detail.every((line) => /^ {22}\S/.test(line) && displayWidth(line) <= 80)).toBe(true);
      expect(detail.map((line) => line.trim()).join(' ')).toBe(steps[0].detail);
      // A text that does not fit there but fits one line from further left goes there, unbroken.
      const left = render(80);
      const oneLine = 'not a member of the organization: pass --invite to invite and add, or invite';
      await left.output.list([{ ...steps[0], detail: oneLine }], stepColumns('line', undefined));
      expect(left.stdout().split('\n')[2]).toBe(`  ${oneLine}`);
      // A text that fits under the second column starts there.
      const shorter = render(80);
      await shorter.output.list([{ ...steps[0], detail: 'role must be owner or member, not "admin"' }], stepColumns('line', undefined));
      expect(shorter.stdout().split('\n')[2]).toBe(`${' '.repeat(22)}role must be owner or member, not "admin"`);
      // A cell that fits stays in its column.
      expect(out[4]).toBe('BBBBBBBBBBBBBBBBBBBB  ada@acme.example           ok      add as owner');
      expect(stderr).toBe('');
    });

    it('line: when no cell fits, the column leaves the table (no header, not "hidden") and every cell goes below', async () => {
      const long = steps.map((s) => ({ ...s, detail: `${s.detail} ${'and more '.repeat(3)}`.trim() }));
      const r = render(70);
      await r.output.list(long, stepColumns('line', undefined));
      const out = r.stdout().trimEnd().split('\n');
      expect(out[0]).toMatch(/^ID {20}WHO {24}STATUS$/);
      expect(r.stderr()).toBe('');
      expect(out.filter((line) => line.startsWith('  ')).map((line) => line.trim()).join(' ')).toBe(long.map((s) => s.detail).join(' '));
    });

    it('line: a whole link longer than the terminal is never broken: alone on its line, from the first column', async () => {
      const link = `https://docs.example.com/${'a'.repeat(30)}?shareKey=${'k'.repeat(40)}`;
      const r = render(80);
      type Site = { id: string; title: string; link: string };
      const siteColumns: Column<Site>[] = [
        idColumn((x) => x.id),
        { header: 'TITLE', value: (x) => x.title, priority: 1 },
        { header: 'URL', value: (x) => x.link, whole: true, overflow: 'line' },
      ];
      await r.output.list([{ id: 'AAAAAAAAAAAAAAAAAAAA', title: 'Partner portal', link }], siteColumns);
      expect(r.stdout().trimEnd().split('\n')).toEqual(['ID                    TITLE', 'AAAAAAAAAAAAAAAAAAAA  Partner portal', link]);
    });

    it('leave TSV untouched: one line a row, whole cells', async () => {
      const r = render(40, { format: 'tsv' });
      await r.output.list(steps, stepColumns('line'));
      expect(r.stdout()).toBe(steps.map((s) => [s.id, s.who, s.status, s.detail].join('\t') + '\n').join(''));
    });
  });
});
