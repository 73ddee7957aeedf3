export interface BenchRow {
  name: string;
  value: string;
  ratio?: number;
  target?: string;
  ok?: boolean;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export function printRows(rows: BenchRow[]): void {
  const lines = rows.map((r) => [
    r.name,
    r.value,
    r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}x`,
    r.target ?? '',
    r.ok === undefined ? '' : r.ok ? 'ok' : 'MISSED',
  ]);
  const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...lines.map((l) => l[i].length), 4));
  for (const l of lines) console.log(l.map((c, i) => c.padEnd(widths[i])).join('  ').trimEnd());
}
