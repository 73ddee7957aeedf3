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
});
