// What a process's memory costs it: its peak resident memory and its minor page faults (each first touch
// of a fresh page), counted by the operating system. On a virtual machine a page fault can cost tens of
// times what it does on bare metal (~13 µs each on the 2-core machine of docs/performance.md), so the
// faults a start adds over its floor are part of what stands between them, in milliseconds.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './report';

/** Writes the process's peak memory (kB) and minor page faults to stderr at exit; loaded with --require. */
const USAGE_REPORTER = `process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write('usage maxrss ' + u.maxRSS + ' faults ' + u.minorPageFault + '\\n'); });`;

/** Writes the reporter into `dir`; answers its path. */
export function writeUsageReporter(dir: string): string {
  const file = join(dir, 'usage-reporter.cjs');
  writeFileSync(file, USAGE_REPORTER);
  return file;
}

/** Median peak memory (MB) and minor page faults of `runs` runs of `args`. */
export function usageOf(args: string[], env: NodeJS.ProcessEnv, reporter: string, runs: number): { peakMb: number; faults: number } {
  const peaks: number[] = [];
  const faults: number[] = [];
  for (let i = 0; i < runs; i++) {
    const result = spawnSync(process.execPath, ['--require', reporter, ...args], { env, encoding: 'utf8' });
    const usage = /usage maxrss (\d+) faults (\d+)/.exec(result.stderr);
    if (result.status !== 0 || !usage) throw new Error(`${args.join(' ')} failed: ${result.stderr}`);
    peaks.push(Number(usage[1]) / 1024);
    faults.push(Number(usage[2]));
  }
  return { peakMb: median(peaks), faults: median(faults) };
}

/** What one minor page fault costs this machine, in µs: the median of first touches of fresh 16 MB buffers. */
export function pageFaultMicros(): number {
  const costs: number[] = [];
  for (let round = 0; round < 5; round++) {
    const pages = 4096;
    const bytes = Buffer.allocUnsafeSlow(pages * 4096);
    const before = process.resourceUsage().minorPageFault;
    const start = performance.now();
    for (let page = 0; page < pages; page++) bytes[page * 4096] = 1;
    const elapsed = performance.now() - start;
    const faults = process.resourceUsage().minorPageFault - before;
    if (faults > 0) costs.push((elapsed * 1000) / faults);
  }
  return median(costs);
}

/** A row's value: how many more faults `of` makes than `floor`, and what they cost at `micros` each. */
export function faultsOver(of: number, floor: number, micros: number): string {
  return `+${(of - floor).toFixed(0)} (${of.toFixed(0)} against ${floor.toFixed(0)}), ~${(((of - floor) * micros) / 1000).toFixed(1)} ms at ${micros.toFixed(1)} µs a fault`;
}
