import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Each file's time in a whole run, by `project:path` (written by `npm run test:durations`). */
const KNOWN: Record<string, number> = JSON.parse(readFileSync(new URL('./file-durations.json', import.meta.url), 'utf8'));

/**
 * Runs the longest files first, so that no long file starts last and runs alone while the other workers
 * idle: vitest does so from its cache of the last run, but a clean clone (CI) has none, and vitest then
 * runs the largest files first, which put the two longest (the single executable, ~150 s, and the help
 * examples through the built CLI, ~140 s: 61 and 22 lines) at the end of the run. A file's time is
 * the cache's, else test/file-durations.json's, else the median of those known (a new file). Files
 * that failed last time still go first, as vitest has them.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const key = (file: TestSpecification) => `${file.project.name}:${relative(root, file.moduleId)}`;
    const cached = (file: TestSpecification) => this.ctx.cache.getFileTestResults(key(file));
    const known = files.map((file) => cached(file)?.duration ?? KNOWN[key(file)]).filter((ms): ms is number => ms !== undefined).sort((a, b) => a - b);
    const median = known[Math.floor(known.length / 2)] ?? 0;
    const duration = (file: TestSpecification) => cached(file)?.duration ?? KNOWN[key(file)] ?? median;
    const failed = (file: TestSpecification) => (cached(file)?.failed ? 1 : 0);
    return [...files].sort((a, b) => failed(b) - failed(a) || duration(b) - duration(a));
  }
}
